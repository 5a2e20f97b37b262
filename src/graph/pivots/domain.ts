import type { DomainLanding } from '../../api/schemas/index.js';
import type { PivotCollector } from './collect.js';
import type { PivotKind } from './model.js';

/** Where a website record names pivots: kind, source field (`via`) and how to read it. */
const DOMAIN_SOURCES: readonly { kind: Exclude<PivotKind, 'person'>; via: string; read: (r: DomainLanding) => unknown }[] = [
  { kind: 'ip', via: 'dns.a', read: (r) => r.dns?.a },
  { kind: 'ip', via: 'dns.aWww', read: (r) => r.dns?.aWww },
  { kind: 'ip', via: 'dns.aaaa', read: (r) => r.dns?.aaaa },
  { kind: 'ip', via: 'dns.aaaaWww', read: (r) => r.dns?.aaaaWww },
  { kind: 'ip', via: 'websiteResponseHeaders.hostIp', read: (r) => r.websiteResponseHeaders?.hostIp },
  { kind: 'nameServer', via: 'dns.ns', read: (r) => r.dns?.ns },
  { kind: 'nameServer', via: 'whoIs.dnsServers', read: (r) => r.whoIs?.dnsServers },
  { kind: 'nameServer', via: 'dns.soaPrimaryNameServer', read: (r) => r.dns?.soaPrimaryNameServer },
  { kind: 'mailServer', via: 'dns.mx', read: (r) => r.dns?.mx },
  { kind: 'registrar', via: 'whoIs.registrar', read: (r) => r.whoIs?.registrar },
  { kind: 'technology', via: 'websiteTechnologies.technologies', read: (r) => r.websiteTechnologies?.technologies?.map((t) => t?.name) },
  { kind: 'socialProfile', via: 'websiteContacts.socialLinks', read: (r) => r.websiteContacts?.socialLinks },
];

/** The pivots and named entities of a website record (DomainLanding). */
export function collectDomain(collector: PivotCollector, record: DomainLanding): void {
  for (const { kind, via, read } of DOMAIN_SOURCES) collector.values(kind, read(record), via);
  collector.phones(record.websiteContacts?.phoneNumbers, 'websiteContacts.phoneNumbers');
  collector.emails(record.websiteContacts?.validEmails, 'websiteContacts.validEmails');
  const requisites = record.websiteRequisites;
  collector.companies(
    { found: requisites?.inns, via: 'websiteRequisites.inns' },
    { found: requisites?.ogrns, via: 'websiteRequisites.ogrns' },
  );
  const whoIs = record.whoIs;
  collector.companies({ found: whoIs?.inn, via: 'whoIs.inn' }, { found: whoIs?.ogrn, via: 'whoIs.ogrn' });
}
