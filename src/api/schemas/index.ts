/**
 * The zod schemas of the landing records and the one entry point that checks a record fetched from an
 * endpoint: parseLandingRecord(kind, json). Block schemas are exported by their own modules.
 */
import type { z } from 'zod';
import { LandingGraphError, quoteValue } from '../../errors.js';
import type { LandingKind } from '../kinds.js';
import { BranchLandingSchema, type BranchLanding } from './branch.js';
import {
  CompanyLandingSchema,
  DomainLandingSchema,
  EmailLandingSchema,
  PhoneLandingSchema,
  type CompanyLanding,
  type DomainLanding,
  type EmailLanding,
  type PhoneLanding,
} from './records.js';
import { issueMessages, recordInvalid } from './record-error.js';

export { BranchLandingSchema, CompanyLandingSchema, DomainLandingSchema, EmailLandingSchema, PhoneLandingSchema };
export type { BranchLanding, CompanyLanding, DomainLanding, EmailLanding, PhoneLanding };
export type { RecordIssue } from './record-error.js';

const SCHEMAS = {
  domain: DomainLandingSchema,
  company: CompanyLandingSchema,
  email: EmailLandingSchema,
  phone: PhoneLandingSchema,
} as const satisfies Record<LandingKind, z.ZodType>;

export type LandingSchemas = typeof SCHEMAS;
export type LandingRecordOf<K extends LandingKind> = z.infer<LandingSchemas[K]>;
/** A record returned by one of the endpoints. */
export type LandingRecord = DomainLanding | CompanyLanding | EmailLanding | PhoneLanding;

const PARSE_PARAMS = { error: issueMessages };

/** The schema of the records of `kind`. */
export function schemaOf<K extends LandingKind>(kind: K): LandingSchemas[K] {
  const schema: LandingSchemas[K] | undefined = SCHEMAS[kind];
  if (!schema) throw new LandingGraphError('INTERNAL', `no landing record schema for kind ${quoteValue(kind)}`);
  return schema;
}

/**
 * Checks `json` (a parsed response body) against the schema of `kind` and returns it as a record.
 * Throws LandingGraphError RECORD_INVALID naming the first failing field.
 */
export function parseLandingRecord<K extends LandingKind>(kind: K, json: unknown): LandingRecordOf<K> {
  const result = (schemaOf(kind) as z.ZodType).safeParse(json, PARSE_PARAMS);
  if (!result.success) throw recordInvalid(kind, json, result.error.issues);
  // The schemas transform nothing, so the input is the parsed record. Returning it rather than zod's copy
  // keeps the service's key order (zod lists declared fields first) and an own "__proto__" key intact.
  return json as LandingRecordOf<K>;
}
