import type { ExportEdge, ExportNode, Properties, Subgraph } from '../model.js';
import { groupBy } from '../group.js';
import { isPivot } from '../names.js';
import { stringProp, stringsOf } from '../values.js';
import { linkId, recordId } from './ids.js';
import { innPasses, ogrnPasses } from '../../graph/check-digits.js';
import { ftmDate, ftmText, ftmUrl } from './text.js';

/** One FollowTheMoney entity as the library writes it: `{id, schema, properties}`, every property a list of text. */
export interface FtmEntity {
  id: string;
  schema: 'Company' | 'Person' | 'Address' | 'Directorship' | 'Ownership' | 'Succession';
  properties: Record<string, string[]>;
}

/**
 * The subgraph as FtM entities (docs/export.md#followthemoney): companies, people and registration addresses,
 * and the officer links between them, current and ended, as Directorship (manager), Ownership (founder) and
 * Succession (predecessor, successor). E-mails, phones and the domains that name a company become the company's `email`,
 * `phone` and `website`. Pure: the same subgraph gives the same entities, sorted by id.
 */
export function ftmEntities(subgraph: Subgraph): FtmEntity[] {
  const publisher = publisherOf(subgraph);
  const known = new Set(subgraph.nodes.map((n) => n.elementKey));
  const ended = subgraph.endedRoles ?? { nodes: [], edges: [] };
  const nodes = [...subgraph.nodes, ...ended.nodes.filter((n) => !known.has(n.elementKey))];
  const ids = new Map<string, string>();
  for (const node of nodes) {
    const id = entityIdOf(node);
    if (id !== undefined) ids.set(node.elementKey, id);
  }
  const byKey = new Map(nodes.map((n) => [n.elementKey, n]));
  const outgoing = groupBy(subgraph.edges, (e) => e.from);
  const incoming = groupBy(subgraph.edges, (e) => e.to);
  const entities = new Map<string, FtmEntity>();
  const put = (entity: FtmEntity) => {
    const same = entities.get(entity.id);
    if (same)
      for (const [name, values] of Object.entries(entity.properties))
        add(same.properties, name, unique([...(same.properties[name] ?? []), ...values]));
    else entities.set(entity.id, entity);
  };
  for (const node of nodes) {
    const id = ids.get(node.elementKey);
    if (id === undefined) continue;
    const kind = stringProp(node.properties, 'kind');
    const neighbours = (edges: ExportEdge[] | undefined, end: 'from' | 'to', types: readonly string[]) =>
      (edges ?? []).filter((e) => types.includes(e.type)).flatMap((e) => byKey.get(e[end]) ?? []);
    if (kind === 'company' && !isPivot(node)) {
      const out = outgoing.get(node.elementKey);
      const contacts = neighbours(out, 'to', ['RELATED', 'LISTS_CONTACT']);
      put(
        companyEntity(node, id, publisher, {
          emails: contacts.filter((n) => stringProp(n.properties, 'kind') === 'email'),
          phones: contacts.filter((n) => stringProp(n.properties, 'kind') === 'phone'),
          domains: neighbours(incoming.get(node.elementKey), 'from', ['NAMES_COMPANY']),
          addresses: neighbours(out, 'to', ['REGISTERED_AT']).flatMap((n) => {
            const addressId = ids.get(n.elementKey);
            return addressId === undefined ? [] : [addressId];
          }),
        }),
      );
    } else if (kind === 'person') put(personEntity(node, id, publisher));
    else if (kind === 'address') put(addressEntity(node, id, publisher));
  }
  for (const edge of [...subgraph.edges, ...ended.edges]) {
    if (edge.type !== 'HAS_OFFICER') continue;
    const company = ids.get(edge.from);
    const officer = ids.get(edge.to);
    if (company === undefined || officer === undefined) continue;
    const link = officerLink(edge.properties, company, officer, publisher);
    if (link) put(link);
  }
  return [...entities.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The id of a node that becomes an entity: companies (stubs too), people and addresses; none for other kinds. */
function entityIdOf(node: ExportNode): string | undefined {
  const kind = stringProp(node.properties, 'kind');
  const key = stringProp(node.properties, 'key');
  if (kind === undefined || key === undefined) return undefined;
  if (kind === 'company' && !isPivot(node)) return recordId('company', key);
  if (isPivot(node) && (kind === 'person' || kind === 'address')) return recordId(kind, key);
  return undefined;
}

interface CompanyLinks {
  emails: ExportNode[];
  phones: ExportNode[];
  domains: ExportNode[];
  addresses: string[];
}

function companyEntity(node: ExportNode, id: string, publisher: Record<string, string[]>, links: CompanyLinks): FtmEntity {
  const p = node.properties;
  const key = stringProp(p, 'key')!;
  const notes: string[] = [];
  const props: Record<string, string[]> = { name: firstText(stringProp(p, 'fullName'), stringProp(p, 'title'), key) };
  add(
    props,
    'alias',
    texts(stringProp(p, 'shortName')).filter((a) => !props.name!.includes(a)),
  );
  const inns = unique([...stringsOf(p, 'inn'), ...(/^\d{10}$/.test(key) ? [key] : [])]);
  const ogrns = unique([...stringsOf(p, 'ogrn'), ...(/^\d{13}$/.test(key) ? [key] : []), ...stringsOf(p, 'mergedKeys')]);
  identifiers(props, notes, 'INN', 'innCode', 'taxNumber', inns, innPasses);
  identifiers(props, notes, 'OGRN', 'ogrnCode', 'registrationNumber', ogrns, ogrnPasses);
  add(props, 'kppCode', texts(...stringsOf(p, 'kpp')));
  add(props, 'okpoCode', texts(...stringsOf(p, 'okpo')));
  add(props, 'okvedCode', texts(...stringsOf(p, 'mainOkved'), ...stringsOf(p, 'okveds')));
  add(props, 'legalForm', texts(stringProp(p, 'legalForm')));
  add(props, 'status', texts(stringProp(p, 'companyStatus')));
  add(props, 'address', texts(stringProp(p, 'registrationAddress')));
  add(props, 'addressEntity', unique(links.addresses));
  const registered = stringProp(p, 'registrationDate');
  const incorporated = ftmDate(registered);
  add(props, 'incorporationDate', incorporated === undefined ? [] : [incorporated]);
  if (registered !== undefined && incorporated === undefined) notes.push(`registration date as served: ${ftmText(registered)}`);
  add(props, 'website', unique(links.domains.flatMap((d) => webSite(stringProp(d.properties, 'key')))));
  const emails = [...stringsOf(p, 'contactEmails'), ...links.emails.flatMap((e) => stringsOf(e.properties, 'key'))];
  add(props, 'email', unique(emails.flatMap(emailAddress)));
  const phones = [...stringsOf(p, 'contactPhones'), ...links.phones.flatMap((e) => stringsOf(e.properties, 'key'))];
  add(props, 'phone', unique(phones.map(ftmText).filter((phone) => PHONE.test(phone))));
  add(props, 'notes', notes);
  return { id, schema: 'Company', properties: { ...props, ...recordSource(p), ...publisher } };
}

function personEntity(node: ExportNode, id: string, publisher: Record<string, string[]>): FtmEntity {
  const p = node.properties;
  const key = stringProp(p, 'key')!;
  const props: Record<string, string[]> = { name: firstText(stringProp(p, 'name'), stringProp(p, 'value'), key) };
  const notes: string[] = [];
  identifiers(props, notes, 'INN', 'innCode', 'taxNumber', key.startsWith('inn:') ? [key.slice(4)] : [], innPasses);
  add(props, 'notes', notes);
  return { id, schema: 'Person', properties: { ...props, ...publisher } };
}

function addressEntity(node: ExportNode, id: string, publisher: Record<string, string[]>): FtmEntity {
  const p = node.properties;
  return { id, schema: 'Address', properties: { full: firstText(stringProp(p, 'value'), stringProp(p, 'key')!), ...publisher } };
}

/**
 * One HAS_OFFICER link as FtM: a manager directs the company (Directorship), a founder owns it (Ownership), a
 * predecessor precedes it and a successor follows it (Succession). `startDate` is when the graph first saw the
 * role, `endDate` when a fetch no longer stated it (an ended role, `endedAt`): the graph's dates, not the
 * registry's, which the service does not give. The two records of one succession (each company names the
 * other) are one entity.
 */
function officerLink(p: Properties, company: string, officer: string, publisher: Record<string, string[]>): FtmEntity | undefined {
  const role = stringProp(p, 'role');
  const dates: Record<string, string[]> = {};
  add(dates, 'startDate', optional(ftmDate(stringsOf(p, 'firstSeenAt')[0])));
  add(dates, 'endDate', optional(ftmDate(stringsOf(p, 'endedAt')[0])));
  const posts = texts(...stringsOf(p, 'posts'));
  if (role === 'manager') {
    return {
      id: linkId('Directorship', officer, company, role),
      schema: 'Directorship',
      properties: { director: [officer], organization: [company], role: posts.length > 0 ? posts : [role], ...dates, ...publisher },
    };
  }
  if (role === 'founder') {
    return {
      id: linkId('Ownership', officer, company, role),
      schema: 'Ownership',
      properties: { owner: [officer], asset: [company], role: [role], ...dates, ...publisher },
    };
  }
  if (role === 'predecessor' || role === 'successor') {
    const [predecessor, successor] = role === 'predecessor' ? [officer, company] : [company, officer];
    return {
      id: linkId('Succession', predecessor, successor, 'succession'),
      schema: 'Succession',
      properties: { predecessor: [predecessor], successor: [successor], ...dates, ...publisher },
    };
  }
  return undefined;
}

/**
 * INN and OGRN go to `innCode`/`ogrnCode` when their check digits pass; one that fails would be dropped by the
 * library, so it is kept as `taxNumber`/`registrationNumber` (identifiers without a check) with a note saying so.
 */
function identifiers(
  props: Record<string, string[]>,
  notes: string[],
  name: string,
  checked: string,
  unchecked: string,
  values: readonly string[],
  passes: (value: string) => boolean,
): void {
  const clean = unique(values.map(ftmText).filter(Boolean));
  add(props, checked, clean.filter(passes));
  const failing = clean.filter((v) => !passes(v));
  add(props, unchecked, failing);
  for (const v of failing) notes.push(`${name} ${v} fails its check digits`);
}

/** Where the record came from: its page on the service (`sourceUrl`) and when it was fetched (`retrievedAt`). */
function recordSource(p: Properties): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  add(out, 'sourceUrl', optional(ftmUrl(stringProp(p, 'href') ?? '')));
  add(out, 'retrievedAt', optional(ftmDate(stringsOf(p, 'fetchedAt')[0])));
  return out;
}

/** The crawl the export names, on every entity: `publisher` `landing-graph crawl <id>`, `publisherUrl` the service. */
function publisherOf(subgraph: Subgraph): Record<string, string[]> {
  const crawl = subgraph.provenance.crawl;
  const out: Record<string, string[]> = {};
  if (crawl === null) return out;
  out.publisher = texts(`landing-graph crawl ${crawl.id}`);
  add(out, 'publisherUrl', optional(ftmUrl(crawl.baseUrl ?? '')));
  return out;
}

/** A phone as the library keeps it: `+` and 8 to 15 digits (the graph's key form). */
const PHONE = /^\+\d{8,15}$/;

/** A domain key as the library writes a website: `https://<domain>/`, the domain as it is (Unicode stays Unicode). */
function webSite(domain: string | undefined): string[] {
  return domain !== undefined && /^[^\s/?#@:\\]+$/u.test(domain) ? [`https://${domain}/`] : [];
}

/** An e-mail address as the library writes it (its domain in lower case), or none when the text is not one. */
function emailAddress(text: string): string[] {
  const match = /^([^@\s]+)@([^@\s]+\.[^@\s]+)$/u.exec(ftmText(text));
  return match ? [`${match[1]}@${match[2]!.toLowerCase()}`] : [];
}

function texts(...values: (string | undefined)[]): string[] {
  return unique(values.flatMap((v) => (v === undefined ? [] : [ftmText(v)])).filter(Boolean));
}

/** The first of the values that is not empty once cleaned, as a one-value list. */
function firstText(...values: (string | undefined)[]): string[] {
  return texts(...values).slice(0, 1);
}

function optional(value: string | undefined): string[] {
  return value === undefined ? [] : [value];
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function add(props: Record<string, string[]>, name: string, values: readonly string[]): void {
  if (values.length > 0) props[name] = [...values];
}
