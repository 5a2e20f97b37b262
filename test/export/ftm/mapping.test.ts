import { describe, expect, it } from 'vitest';
import { ftmEntities } from '../../../src/export/ftm/entities.js';
import { recordId } from '../../../src/export/ftm/ids.js';
import { ftmDate, ftmText } from '../../../src/export/ftm/text.js';
import type { ExportEdge, ExportNode, Properties, Subgraph, TypedValue } from '../../../src/export/model.js';
import { ftmLine } from '../../../src/export/writers/ftm.js';

const s = (value: string): TypedValue => ({ type: 'string', list: false, value });
const list = (...value: string[]): TypedValue => ({ type: 'string', list: true, value });
const t = (value: string): TypedValue => ({ type: 'datetime', list: false, value });

function node(elementKey: string, labels: string[], properties: Properties): ExportNode {
  return { elementKey, labels, properties };
}

function edge(type: string, from: string, to: string, properties: Properties = {}): ExportEdge {
  return { type, from, to, properties };
}

function subgraph(nodes: ExportNode[], edges: ExportEdge[], crawl = 'crawl-1'): Subgraph {
  return {
    nodes,
    edges,
    provenance: {
      query: { method: 'test', statements: [] },
      parameters: { seeds: [], depth: 1, maxNodes: 0, maxEdges: 0, crawl: null, includeRaw: false, asOf: null },
      state: 'current state',
      exportedAt: '2026-11-22T00:00:00Z',
      crawl: { id: crawl, seeds: [], maxDepth: 1, status: 'finished', startedAt: null, finishedAt: null, baseUrl: 'http://127.0.0.1:8080' },
      crawls: [],
      tool: { name: 'landing-graph', version: '0.0.0' },
      source: { uri: null, address: null, agent: null, database: null },
      nodesByHop: [],
      counts: { nodes: nodes.length, edges: edges.length },
    },
  };
}

// Check digits verified by hand and with rigour.ids (the library's own check): Sberbank's INN and OGRN, a person's INN.
const INN = '7707083893';
const OGRN = '1027700132195';
const PERSON_INN = '500100732259';

const company = node('company#7', ['Company', 'Landing'], {
  kind: s('company'),
  id: { type: 'long', list: false, value: 7 },
  key: s(INN),
  status: s('fetched'),
  title: s('ООО "Ромашка"'),
  fullName: s('ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "РОМАШКА"'),
  shortName: s('ООО "Ромашка"'),
  inn: s(INN),
  ogrn: s(OGRN),
  kpp: s('773601001'),
  legalForm: s('ООО'),
  companyStatus: s('Действующая'),
  registrationDate: s('02.03.2015'),
  registrationAddress: s('г. Москва, ул. Вавилова, д. 19'),
  contactPhones: list('+79161234567'),
  contactEmails: list('info@romashka.ru'),
  href: s('https://landing.example/company/7'),
  fetchedAt: t('2026-11-21T12:00:00Z'),
});
/** A pivot node (a person or address the records name, not fetched), as cypher/export reads it. */
function pivot(kind: 'person' | 'address', elementKey: string, key: string, value: string): ExportNode {
  return node(elementKey, [kind === 'person' ? 'Person' : 'Address', 'Pivot'], { kind: s(kind), key: s(key), value: s(value) });
}

const director = pivot('person', 'pivot:person:inn:500100732259', `inn:${PERSON_INN}`, 'Иванов Иван Иванович');
const founder = pivot('person', 'pivot:person:name:петров@company#7', 'name:петров@company#7', 'Петров П.');
const parent = node('company:1027700132196', ['Company', 'Landing'], {
  kind: s('company'),
  key: s('1027700132196'),
  title: s('АО "Предок"'),
});
const address = pivot('address', 'pivot:address:г. москва', 'г. москва, ул. вавилова, д. 19', 'г. Москва, ул. Вавилова, д. 19');
const domain = node('domain#3', ['Domain', 'Landing'], {
  kind: s('domain'),
  key: s('romashka.ru'),
  id: { type: 'long', list: false, value: 3 },
});
const email = node('email#4', ['Email', 'Landing'], {
  kind: s('email'),
  key: s('boss@romashka.ru'),
  id: { type: 'long', list: false, value: 4 },
});

const world = subgraph(
  [address, company, director, domain, email, founder, parent],
  [
    edge('HAS_OFFICER', 'company#7', director.elementKey, {
      role: s('manager'),
      posts: list('Генеральный директор'),
      firstSeenAt: t('2026-11-20T08:00:00Z'),
    }),
    edge('HAS_OFFICER', 'company#7', founder.elementKey, { role: s('founder'), firstSeenAt: t('2026-11-20T08:00:00Z') }),
    edge('HAS_OFFICER', 'company#7', parent.elementKey, { role: s('predecessor'), firstSeenAt: t('2026-11-19T08:00:00Z') }),
    edge('REGISTERED_AT', 'company#7', address.elementKey),
    edge('RELATED', 'company#7', 'email#4', { list: s('relatedEmails') }),
    edge('NAMES_COMPANY', 'domain#3', 'company#7', { via: list('requisites.inn') }),
  ],
);

describe('FtM export mapping (pure)', () => {
  it('maps a company with its identifiers, dates, address, website, e-mails and phones, and names the crawl', () => {
    const entities = ftmEntities(world);
    const romashka = entities.find((e) => e.id === 'lg-company-7707083893');
    expect(romashka).toEqual({
      id: 'lg-company-7707083893',
      schema: 'Company',
      properties: {
        name: ['ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "РОМАШКА"'],
        alias: ['ООО "Ромашка"'],
        innCode: ['7707083893'],
        ogrnCode: ['1027700132195'],
        kppCode: ['773601001'],
        legalForm: ['ООО'],
        status: ['Действующая'],
        address: ['г. Москва, ул. Вавилова, д. 19'],
        addressEntity: [recordId('address', 'г. москва, ул. вавилова, д. 19')],
        incorporationDate: ['2015-03-02'],
        website: ['https://romashka.ru/'],
        email: ['info@romashka.ru', 'boss@romashka.ru'],
        phone: ['+79161234567'],
        sourceUrl: ['https://landing.example/company/7'],
        retrievedAt: ['2026-11-21'],
        publisher: ['landing-graph crawl crawl-1'],
        publisherUrl: ['http://127.0.0.1:8080/'],
      },
    });
  });

  it('maps officers: a manager directs, a founder owns, a predecessor precedes; people with their INN', () => {
    const entities = ftmEntities(world);
    const bySchema = (schema: string) => entities.filter((e) => e.schema === schema);
    expect(bySchema('Directorship').map((e) => e.properties)).toEqual([
      {
        director: [recordId('person', `inn:${PERSON_INN}`)],
        organization: ['lg-company-7707083893'],
        role: ['Генеральный директор'],
        startDate: ['2026-11-20'],
        publisher: ['landing-graph crawl crawl-1'],
        publisherUrl: ['http://127.0.0.1:8080/'],
      },
    ]);
    expect(bySchema('Ownership').map((e) => [e.properties.owner, e.properties.asset, e.properties.role])).toEqual([
      [[recordId('person', 'name:петров@company#7')], ['lg-company-7707083893'], ['founder']],
    ]);
    expect(bySchema('Succession').map((e) => [e.properties.predecessor, e.properties.successor, e.properties.startDate])).toEqual([
      [['lg-company-1027700132196'], ['lg-company-7707083893'], ['2026-11-19']],
    ]);
    const people = bySchema('Person').map((e) => [e.properties.name, e.properties.innCode]);
    expect(people).toContainEqual([['Иванов Иван Иванович'], [PERSON_INN]]);
    expect(people).toContainEqual([['Петров П.'], undefined]);
    expect(bySchema('Address').map((e) => e.properties.full)).toEqual([['г. Москва, ул. Вавилова, д. 19']]);
    // Domains and e-mails are properties of their companies, never entities of their own.
    expect(entities).toHaveLength(1 + 1 + 2 + 1 + 3);
  });

  it('ends a retired role: endDate is the day it ended, the former officer an entity even when only that role names it', () => {
    const former = node('pivot:person:inn:7707083893', ['Person', 'Pivot'], {
      kind: s('person'),
      key: s('inn:7707083893'),
      value: s('Сидоров С.'),
    });
    const entities = ftmEntities({
      ...world,
      endedRoles: {
        nodes: [former, director],
        edges: [
          edge('HAS_OFFICER', 'company#7', former.elementKey, {
            role: s('manager'),
            posts: list('Директор'),
            firstSeenAt: t('2026-10-01T08:00:00Z'),
            endedAt: t('2026-11-20T08:00:00Z'),
          }),
        ],
      },
    });
    const directorships = entities
      .filter((e) => e.schema === 'Directorship')
      .map((e) => [e.properties.director, e.properties.role, e.properties.startDate, e.properties.endDate]);
    expect(directorships).toContainEqual([[recordId('person', 'inn:7707083893')], ['Директор'], ['2026-10-01'], ['2026-11-20']]);
    expect(directorships).toContainEqual([[recordId('person', `inn:${PERSON_INN}`)], ['Генеральный директор'], ['2026-11-20'], undefined]);
    expect(entities.filter((e) => e.schema === 'Person').map((e) => e.properties.name)).toContainEqual(['Сидоров С.']);
    // The director, in both lists, is one entity.
    expect(entities.filter((e) => e.id === recordId('person', `inn:${PERSON_INN}`))).toHaveLength(1);
  });

  it('makes one Succession of the two records that name it, each from its own side', () => {
    const both = subgraph(world.nodes, [
      ...world.edges,
      edge('HAS_OFFICER', parent.elementKey, 'company#7', { role: s('successor'), firstSeenAt: t('2026-11-21T08:00:00Z') }),
    ]);
    const successions = ftmEntities(both).filter((e) => e.schema === 'Succession');
    expect(successions.map((e) => [e.properties.predecessor, e.properties.successor, e.properties.startDate])).toEqual([
      [['lg-company-1027700132196'], ['lg-company-7707083893'], ['2026-11-19', '2026-11-21']],
    ]);
  });

  it('keeps an identifier that fails its check digits as taxNumber / registrationNumber, with a note', () => {
    const entities = ftmEntities(world);
    const stub = entities.find((e) => e.id === 'lg-company-1027700132196')!;
    expect(stub.properties.ogrnCode).toBeUndefined();
    expect(stub.properties.registrationNumber).toEqual(['1027700132196']);
    expect(stub.properties.notes).toEqual(['OGRN 1027700132196 fails its check digits']);
    expect(stub.properties.name).toEqual(['АО "Предок"']);
  });

  it('gives the same ids in every export: derived from kind and key, not from page numbers or order', () => {
    const again = ftmEntities(
      subgraph([parent, founder, email, domain, director, company, address].reverse(), [...world.edges].reverse(), 'crawl-2'),
    );
    expect(again.map((e) => e.id)).toEqual(ftmEntities(world).map((e) => e.id));
    expect(recordId('company', INN)).toBe('lg-company-7707083893');
    expect(recordId('person', 'inn:1')).toBe(recordId('person', 'inn:1'));
    expect(recordId('person', 'inn:1')).not.toBe(recordId('person', 'inn:2'));
    expect(recordId('person', 'inn:1')).toMatch(/^lg-person-[0-9a-f]{24}$/);
  });

  it('writes hostile text as one line of valid JSON, cleaned as the library cleans it', () => {
    const hostile = 'ООО "Кавычки" \\ \'x\'\nnew line\r\n\ttab\u0001\u0000\u2028\u2029end\u007f <script>';
    expect(ftmText(hostile)).toBe('ООО "Кавычки" \\ \'x\' new line tab end <script>');
    expect(ftmText('lone \uD800 surrogate, emoji 🚀👍🏽 kept')).toBe('lone \uFFFD surrogate, emoji 🚀👍🏽 kept');
    const entity = ftmEntities(
      subgraph([node('company#9', ['Company', 'Landing'], { kind: s('company'), key: s(INN), title: s(hostile) })], []),
    )[0]!;
    const line = ftmLine({ ...entity, properties: { ...entity.properties, notes: ['raw \u2028 separator'] } });
    expect(line).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(JSON.parse(line).properties.name).toEqual(['ООО "Кавычки" \\ \'x\' new line tab end <script>']);
    expect(JSON.parse(line).properties.notes).toEqual(['raw \u2028 separator']);
  });

  it('reads served dates as YYYY-MM-DD and leaves other text out', () => {
    expect(ftmDate('2026-11-21T12:00:05.123Z')).toBe('2026-11-21');
    expect(ftmDate('02.03.2015')).toBe('2015-03-02');
    expect(ftmDate('вчера')).toBeUndefined();
    expect(ftmDate(undefined)).toBeUndefined();
  });
});
