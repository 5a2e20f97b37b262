/**
 * Turns zod's issues for a landing record into the RECORD_INVALID error: a short message that names the
 * record, the path of the first failing field and the bad value, e.g.
 * `domain record 42: relatedDomains[3].id: expected a non-negative integer, got "abc"`.
 * Values are never shown whole: strings are cut by quoteValue, objects and arrays only named.
 */
import type { z } from 'zod';
import { LandingGraphError, quoteValue } from '../../errors.js';
import type { LandingKind } from '../kinds.js';

/** Issues kept in the error's details; a broken 10,000-entry list must not make a huge error. */
const MAX_ISSUES = 20;

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  record: 'an object',
};

/** zod's per-parse messages for its own issues; messages set on a schema (id, dates, points) win over these. */
export const issueMessages: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' ? `expected ${EXPECTED[issue.expected] ?? issue.expected}` : undefined;

export interface RecordIssue {
  /** e.g. relatedDomains[3].id, domainReviews.yearlyAnalytics["2023"].year; '' for the record itself. */
  path: string;
  message: string;
}

export function recordInvalid(kind: LandingKind, json: unknown, issues: readonly z.core.$ZodIssue[]): LandingGraphError {
  const described = issues.slice(0, MAX_ISSUES).map((issue) => describeIssue(issue, json));
  const first = described[0] ?? { path: '', message: 'invalid' };
  const message = `${recordLabel(kind, json)}: ${first.path ? `${first.path}: ` : ''}${first.message}`;
  return new LandingGraphError('RECORD_INVALID', message, { details: { kind, issues: described, issueCount: issues.length } });
}

function describeIssue(issue: z.core.$ZodIssue, json: unknown): RecordIssue {
  const found = valueAt(json, issue.path);
  const message = found ? `${issue.message}, got ${renderValue(found.value)}` : `missing, ${issue.message}`;
  return { path: formatPath(issue.path), message };
}

function recordLabel(kind: LandingKind, json: unknown): string {
  const id = isObject(json) ? json.id : undefined;
  if (typeof id === 'number') return `${kind} record ${id}`;
  if (typeof id === 'string') return `${kind} record ${quoteValue(id, 40)}`;
  return `${kind} record`;
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${quoteValue(String(key), 40)}]`;
  }
  return out;
}

/** The value at `path`, or undefined when some step is not there (the field is missing). */
function valueAt(json: unknown, path: readonly PropertyKey[]): { value: unknown } | undefined {
  let current = json;
  for (const key of path) {
    // Own properties only: a key such as "constructor" must not reach into the prototype.
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { value: current };
}

function renderValue(value: unknown): string {
  if (typeof value === 'string') return quoteValue(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (isObject(value)) return 'an object';
  return String(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
