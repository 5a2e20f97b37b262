/**
 * The kinds of landing records and their relation lists, as the specification names them. This is the
 * fixed list that labels and relationship types come from; nothing is ever taken from data.
 */
export const LANDING_KINDS = ['domain', 'company', 'email', 'phone'] as const;
/** A kind with an endpoint of its own: /api/v1/landing/{kind}/... */
export type LandingKind = (typeof LANDING_KINDS)[number];
/** Branches appear only inside relatedBranches lists; they have no endpoint. */
export type NodeKind = LandingKind | 'branch';

export type RelationType = 'RELATED' | 'SIMILAR' | 'COMPETITOR';
/** Which lists a crawl follows: --follow related,similar,competitor. */
export type FollowGroup = 'related' | 'similar' | 'competitor';

export interface RelationList {
  /** Field name in the record, e.g. relatedDomains. */
  field: RelationField;
  /** Kind of the records listed. */
  target: NodeKind;
  relation: RelationType;
  group: FollowGroup;
}

export const RELATION_LISTS = [
  { field: 'relatedDomains', target: 'domain', relation: 'RELATED', group: 'related' },
  { field: 'relatedCompanies', target: 'company', relation: 'RELATED', group: 'related' },
  { field: 'relatedPhones', target: 'phone', relation: 'RELATED', group: 'related' },
  { field: 'relatedEmails', target: 'email', relation: 'RELATED', group: 'related' },
  { field: 'relatedBranches', target: 'branch', relation: 'RELATED', group: 'related' },
  { field: 'similarDomains', target: 'domain', relation: 'SIMILAR', group: 'similar' },
  { field: 'competitorDomains', target: 'domain', relation: 'COMPETITOR', group: 'competitor' },
  { field: 'similarCompanies', target: 'company', relation: 'SIMILAR', group: 'similar' },
  { field: 'competitorCompanies', target: 'company', relation: 'COMPETITOR', group: 'competitor' },
] as const satisfies readonly { field: string; target: NodeKind; relation: RelationType; group: FollowGroup }[];

export type RelationField = (typeof RELATION_LISTS)[number]['field'];

const RELATED_FIELDS = ['relatedDomains', 'relatedCompanies', 'relatedPhones', 'relatedEmails', 'relatedBranches'] as const;

/** The relation lists each kind of record carries (specification, "Relation lists"). */
export const LISTS_OF_KIND: Record<LandingKind, readonly RelationField[]> = {
  domain: [...RELATED_FIELDS, 'similarDomains', 'competitorDomains'],
  company: [...RELATED_FIELDS, 'similarCompanies', 'competitorCompanies'],
  email: RELATED_FIELDS,
  phone: RELATED_FIELDS,
};

export function relationList(field: RelationField): RelationList {
  const list = RELATION_LISTS.find((l) => l.field === field);
  if (!list) throw new Error(`unknown relation list ${field}`);
  return list;
}

export function isLandingKind(value: string): value is LandingKind {
  return (LANDING_KINDS as readonly string[]).includes(value);
}
