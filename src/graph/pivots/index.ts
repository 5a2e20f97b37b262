/**
 * Pivots of a fetched record: the values in its detailed blocks that tie it to other records (shared
 * IPs, name servers, officers, addresses, ...) and the Landing entities its blocks name. Pure: no I/O.
 * The model (labels, keys, relationship types) is documented in model.ts.
 */
import type { LandingKind } from '../../api/kinds.js';
import type { CompanyLanding, DomainLanding, LandingRecord } from '../../api/schemas/index.js';
import { normalizeKey } from '../../api/keys.js';
import { PivotCollector } from './collect.js';
import { collectCompany } from './company.js';
import { collectDomain } from './domain.js';
import type { PivotBatch, PivotSelf } from './model.js';

export type {
  CompanyNumbers,
  EmbeddedRef,
  KeyLinkRelation,
  KeyLinkRow,
  OfficerRole,
  PivotBatch,
  PivotKind,
  PivotLinkRow,
  PivotRelation,
  PivotRow,
  PivotSelf,
} from './model.js';
export { KEY_LINK_RELATIONS, PIVOT_KINDS, PIVOT_KIND_NAMES } from './model.js';
export { mergePivotBatches } from './merge.js';
// For turning a user's search text into the key a query matches (e.g. an IPv6 address as typed).
export { pivotKey } from './normalize.js';
export { isOrganization, personKey } from './company.js';

/**
 * The pivot batch of `record` (of `kind`), linked from its Landing node `self`. E-mail and phone
 * records have no detailed blocks: an e-mail gives only its AT_DOMAIN link, a phone an empty batch.
 */
export function pivotsOf(kind: LandingKind, record: LandingRecord, self: PivotSelf): PivotBatch {
  const collector = new PivotCollector(self);
  if (kind === 'domain') collectDomain(collector, record as DomainLanding);
  else if (kind === 'company') collectCompany(collector, record as CompanyLanding);
  else if (kind === 'email') collector.emailAtDomain(normalizeKey('email', record.title) ?? null);
  return collector.build();
}
