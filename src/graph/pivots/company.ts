import type { CompanyLanding } from '../../api/schemas/index.js';
import type { PivotCollector } from './collect.js';
import { isMeaningful } from './meaningful.js';
import type { OfficerRole } from './model.js';
import { innKey, nameKey, ogrnKey } from './normalize.js';

type People = NonNullable<CompanyLanding['companyManagersAndFounders']>['managers'];
/** CompanyPerson: ogrn, inn, name, post, type (a natural person or an organization). */
export type CompanyPerson = NonNullable<People>[number];
type Okved = NonNullable<CompanyLanding['companyRequisites']>['mainOkved'];

/** The lists of people of a company record and the role each gives (HAS_OFFICER.roles). */
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
 * The Person key of a CompanyPerson: `inn:<INN>` when it has a valid INN (10 or 12 digits), else
 * `name:<folded name>`; undefined when neither identifies anyone.
 */
export function personKey(person: Pick<CompanyPerson, 'inn' | 'name'>): string | undefined {
  const inn = innKey(person.inn);
  if (inn !== undefined) return `inn:${inn}`;
  const name = typeof person.name === 'string' ? nameKey(person.name) : undefined;
  return name === undefined ? undefined : `name:${name}`;
}

function collectPerson(collector: PivotCollector, person: CompanyPerson | null | undefined, via: string, role: OfficerRole): void {
  if (!person) return;
  const key = personKey(person);
  if (key === undefined) return;
  const name = isMeaningful(person.name) ? person.name : null;
  const inn = innKey(person.inn) ?? null;
  // A person known only by INN is shown by that number.
  const value = name ?? (inn as string);
  collector.pivot('person', key, value, via, { name, inn, ogrn: ogrnKey(person.ogrn) ?? null, role, post: person.post });
}
