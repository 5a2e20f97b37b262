import type { CompanyLanding } from '../../api/schemas/index.js';
import type { PivotCollector } from './collect.js';
import { isMeaningful } from './meaningful.js';
import type { OfficerRole } from './model.js';
import { innKey, nameKey, ogrnKey } from './normalize.js';

type People = NonNullable<CompanyLanding['companyManagersAndFounders']>['managers'];
/** CompanyPerson: ogrn, inn, name, post, type (a natural person or an organization). */
export type CompanyPerson = NonNullable<People>[number];
type Okved = NonNullable<CompanyLanding['companyRequisites']>['mainOkved'];

/** The lists of people of a company record and the role each gives (HAS_OFFICER.role). */
const PEOPLE: readonly { via: string; role: OfficerRole; read: (r: CompanyLanding) => People }[] = [
  { via: 'companyManagersAndFounders.managers', role: 'manager', read: (r) => r.companyManagersAndFounders?.managers },
  { via: 'companyManagersAndFounders.founders', role: 'founder', read: (r) => r.companyManagersAndFounders?.founders },
  {
    via: 'companyPredecessorsAndSuccessors.predecessors',
    role: 'predecessor',
    read: (r) => r.companyPredecessorsAndSuccessors?.predecessors,
  },
  { via: 'companyPredecessorsAndSuccessors.successors', role: 'successor', read: (r) => r.companyPredecessorsAndSuccessors?.successors },
];

/** The pivots and named entities of a company record (CompanyLanding). */
export function collectCompany(collector: PivotCollector, record: CompanyLanding): void {
  collector.values('address', record.companyInfo?.registrationAddress, 'companyInfo.registrationAddress');
  const requisites = record.companyRequisites;
  collector.numbers(innKey(requisites?.inn), ogrnKey(requisites?.ogrn));
  collectActivity(collector, requisites?.mainOkved, 'companyRequisites.mainOkved', true);
  for (const okved of requisites?.otherOkveds ?? []) collectActivity(collector, okved, 'companyRequisites.otherOkveds', false);
  for (const { via, role, read } of PEOPLE) {
    for (const person of read(record) ?? []) collectPerson(collector, person, via, role);
  }
  collector.phones(record.companyContacts?.phoneNumbers, 'companyContacts.phoneNumbers');
  collector.emails(record.companyContacts?.emails, 'companyContacts.emails');
}

function collectActivity(collector: PivotCollector, okved: Okved, via: string, main: boolean): void {
  if (!okved) return;
  collector.values('activity', okved.code, via, { name: isMeaningful(okved.name) ? okved.name : null, main });
}

/**
 * Whether a CompanyPerson is an organization: its type says so (the service's values are not published:
 * "LEGAL", "company", "organization", "юридическое лицо" are read as such), or it has a 10-digit INN
 * or a 13-digit OGRN, which only organizations have. A 12-digit INN or 15-digit OGRNIP is an individual.
 */
export function isOrganization(person: Pick<CompanyPerson, 'inn' | 'ogrn' | 'type'>): boolean {
  if (typeof person.type === 'string' && /legal|compan|organi[sz]|юр|организ/i.test(person.type)) return true;
  return innKey(person.inn)?.length === 10 || ogrnKey(person.ogrn)?.length === 13;
}

/**
 * The Person key of a CompanyPerson named by company `companyId`: `inn:<INN>` when it has a valid INN
 * (10 or 12 digits), else `name:<folded name>@company#<companyId>`: a name alone identifies nobody
 * beyond the company that names them (two companies' "Иванов Иван" stay two people, while the manager
 * and the founder of one company with that name are one). Undefined when neither identifies anyone.
 */
export function personKey(person: Pick<CompanyPerson, 'inn' | 'name'>, companyId: number): string | undefined {
  const inn = innKey(person.inn);
  if (inn !== undefined) return `inn:${inn}`;
  const name = typeof person.name === 'string' ? nameKey(person.name) : undefined;
  return name === undefined ? undefined : `name:${name}@company#${companyId}`;
}

function collectPerson(collector: PivotCollector, person: CompanyPerson | null | undefined, via: string, role: OfficerRole): void {
  if (!person) return;
  const name = isMeaningful(person.name) ? person.name : null;
  const inn = innKey(person.inn);
  const ogrn = ogrnKey(person.ogrn);
  // An organization with a number is its Company node; one without any stays a Person pivot by name.
  if (isOrganization(person) && (inn !== undefined || ogrn !== undefined)) {
    collector.officerCompany({ inn, ogrn, name }, via, role, person.post);
    return;
  }
  const key = personKey(person, collector.selfId);
  if (key === undefined) return;
  // A person known only by INN is shown by that number.
  const value = name ?? (inn as string);
  collector.pivot('person', key, value, via, { name, inn: inn ?? null, ogrn: ogrn ?? null, role, post: person.post });
}
