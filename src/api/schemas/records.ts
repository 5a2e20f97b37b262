/**
 * The landing record schemas of the five kinds, put together here: the common header, the kind's own blocks
 * (domain.ts, company.ts; e-mails and phones have none) and its relation lists (relatedDomains,
 * similarCompanies, ...), which are arrays of records of the named kind, recursively. Which lists a kind
 * carries and what they hold comes from the fixed table in api/kinds.ts. The records refer to each other
 * only inside this module: the relation lists are getters, which zod resolves on the first parse, after
 * every const below is set.
 */
import { z } from 'zod';
import { LISTS_OF_KIND, relationList, type LandingKind, type NodeKind, type RELATION_LISTS } from '../kinds.js';
import { BranchLandingSchema } from './branch.js';
import { headerShape, nullishFields, type HeaderShape, type NullishShape } from './common.js';
import { companyBlocks } from './company.js';
import { domainBlocks } from './domain.js';

interface TargetSchemas {
  domain: typeof DomainLandingSchema;
  company: typeof CompanyLandingSchema;
  email: typeof EmailLandingSchema;
  phone: typeof PhoneLandingSchema;
  branch: typeof BranchLandingSchema;
}

type Relation = (typeof RELATION_LISTS)[number];
type ListSchema<S extends z.ZodType> = z.ZodOptional<z.ZodNullable<z.ZodArray<S>>>;
type ListsShape<F extends Relation['field']> = { [P in F]: ListSchema<TargetSchemas[Extract<Relation, { field: P }>['target']]> };
type RelatedField = Extract<Relation, { group: 'related' }>['field'];

/** The relation list fields of each record kind, as in LISTS_OF_KIND. */
export interface RelationShapes {
  domain: ListsShape<RelatedField | 'similarDomains' | 'competitorDomains'>;
  company: ListsShape<RelatedField | 'similarCompanies' | 'competitorCompanies'>;
  email: ListsShape<RelatedField>;
  phone: ListsShape<RelatedField>;
}

type Blocks = Record<string, z.ZodType>;

/** The schema of a landing record: header, the kind's own blocks (each nullish), its relation lists; loose. */
export type LandingSchema<K extends LandingKind, B extends Blocks = Record<never, never>> = z.ZodObject<
  HeaderShape & NullishShape<B> & RelationShapes[K],
  z.core.$loose
>;

/** The record schema of `kind` with the given blocks; its relation lists are getters, so records can list each other. */
function landingRecordSchema<K extends LandingKind, B extends Blocks>(kind: K, blocks: B): LandingSchema<K, B> {
  const shape: z.core.$ZodLooseShape = { ...headerShape, ...nullishFields(blocks) };
  for (const field of LISTS_OF_KIND[kind]) {
    const target = relationList(field).target;
    Object.defineProperty(shape, field, { enumerable: true, configurable: true, get: () => z.array(targetSchema(target)).nullish() });
  }
  // The getters hide the relation lists from TypeScript; LandingSchema states them.
  return z.looseObject(shape) as unknown as LandingSchema<K, B>;
}

function targetSchema(target: NodeKind): z.ZodType {
  switch (target) {
    case 'domain':
      return DomainLandingSchema;
    case 'company':
      return CompanyLandingSchema;
    case 'email':
      return EmailLandingSchema;
    case 'phone':
      return PhoneLandingSchema;
    case 'branch':
      return BranchLandingSchema;
  }
}

// The annotations break the type cycle through the relation lists (a domain lists domains).
export const DomainLandingSchema: LandingSchema<'domain', typeof domainBlocks> = landingRecordSchema('domain', domainBlocks);
export const CompanyLandingSchema: LandingSchema<'company', typeof companyBlocks> = landingRecordSchema('company', companyBlocks);
/** E-mail and phone records: the common header plus the five related lists, nothing else. */
export const EmailLandingSchema: LandingSchema<'email'> = landingRecordSchema('email', {});
export const PhoneLandingSchema: LandingSchema<'phone'> = landingRecordSchema('phone', {});

export type DomainLanding = z.infer<typeof DomainLandingSchema>;
export type CompanyLanding = z.infer<typeof CompanyLandingSchema>;
export type EmailLanding = z.infer<typeof EmailLandingSchema>;
export type PhoneLanding = z.infer<typeof PhoneLandingSchema>;
