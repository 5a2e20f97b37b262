/**
 * The exported API: schemaOf, the record types inferred from the schemas, and the relation lists of
 * each kind as the fixed table in api/kinds.ts names them.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { LANDING_KINDS, LISTS_OF_KIND, RELATION_LISTS, type LandingKind } from '../../../src/api/kinds.js';
import {
  CompanyLandingSchema,
  DomainLandingSchema,
  EmailLandingSchema,
  PhoneLandingSchema,
  type parseLandingRecord,
  schemaOf,
  type BranchLanding,
  type CompanyLanding,
  type DomainLanding,
  type EmailLanding,
  type LandingRecord,
  type PhoneLanding,
} from '../../../src/api/schemas/index.js';
import { WebsiteResponseHeadersSchema } from '../../../src/api/schemas/domain.js';

describe('schemas API', () => {
  it('schemaOf gives the schema of each kind', () => {
    expect(schemaOf('domain')).toBe(DomainLandingSchema);
    expect(schemaOf('company')).toBe(CompanyLandingSchema);
    expect(schemaOf('email')).toBe(EmailLandingSchema);
    expect(schemaOf('phone')).toBe(PhoneLandingSchema);
  });

  it.each(LANDING_KINDS)('the %s schema declares exactly the relation lists of its kind', (kind) => {
    const declared = Object.keys(schemaOf(kind).shape).filter((key) => RELATION_LISTS.some((list) => list.field === key));
    expect(declared.sort()).toEqual([...LISTS_OF_KIND[kind]].sort());
  });

  it('WebsiteResponseHeaders has all 22 published fields and the update pair', () => {
    expect(Object.keys(WebsiteResponseHeadersSchema.shape)).toHaveLength(24);
  });

  it('infers the record types from the schemas', () => {
    expectTypeOf<ReturnType<typeof parseLandingRecord<'domain'>>>().toEqualTypeOf<DomainLanding>();
    expectTypeOf<ReturnType<typeof parseLandingRecord<'company'>>>().toEqualTypeOf<CompanyLanding>();
    expectTypeOf<ReturnType<typeof parseLandingRecord<LandingKind>>>().toEqualTypeOf<LandingRecord>();
    expectTypeOf<DomainLanding['id']>().toEqualTypeOf<number>();
    expectTypeOf<DomainLanding['title']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<DomainLanding['relatedCompanies']>().toEqualTypeOf<CompanyLanding[] | null | undefined>();
    expectTypeOf<CompanyLanding['competitorCompanies']>().toEqualTypeOf<CompanyLanding[] | null | undefined>();
    expectTypeOf<EmailLanding['relatedBranches']>().toEqualTypeOf<BranchLanding[] | null | undefined>();
    expectTypeOf<PhoneLanding['relatedEmails']>().toEqualTypeOf<EmailLanding[] | null | undefined>();
    expectTypeOf<BranchLanding['id']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<NonNullable<DomainLanding['websiteResponseHeaders']>['statusCode']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<NonNullable<DomainLanding['whoIs']>['creationDate']>().toEqualTypeOf<string | number | null | undefined>();
    expectTypeOf<NonNullable<CompanyLanding['companyInfo']>['readonlyegistrationDate']>().toEqualTypeOf<
      string | number | null | undefined
    >();
  });
});
