import neo4j from 'neo4j-driver';
import { z } from 'zod';
import { LandingGraphError, quoteValue } from '../errors.js';
import type { ParamValue, QueryDefinition, QueryParam } from './types.js';

const TRUE = ['true', 'yes', '1'];
const FALSE = ['false', 'no', '0'];

/** The text of a value, as typed after `--param name=` or after `default` in a header, to its type. */
const integerText = z
  .string()
  .trim()
  .regex(/^[+-]?\d+$/, { error: 'expected a whole number' })
  .transform(Number)
  .refine(Number.isSafeInteger, { error: 'the number is too large' });
const floatText = z
  .string()
  .trim()
  .regex(/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i, { error: 'expected a number' })
  .transform(Number);
const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => TRUE.includes(v) || FALSE.includes(v), { error: 'expected true or false' })
  .transform((v) => TRUE.includes(v));
const listText = z.string().transform((v) =>
  v
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

function inRange(param: QueryParam): (n: number) => boolean {
  return (n) => (param.min === undefined || n >= param.min) && (param.max === undefined || n <= param.max);
}

function rangeText(param: QueryParam): string {
  if (param.min !== undefined && param.max !== undefined) return `expected ${param.min} to ${param.max}`;
  return param.min !== undefined ? `expected at least ${param.min}` : `expected at most ${param.max}`;
}

function allowed(param: QueryParam): (v: string) => boolean {
  return (v) => param.values === undefined || param.values.includes(v);
}

function schemaFor(param: QueryParam): z.ZodType<ParamValue, string> {
  const oneOf = { error: `expected one of ${param.values?.join(', ')}` };
  switch (param.type) {
    case 'integer':
      return integerText.refine(inRange(param), { error: rangeText(param) });
    case 'float':
      return floatText.refine(inRange(param), { error: rangeText(param) });
    case 'boolean':
      return booleanText;
    case 'list':
      return listText.refine((items) => items.every(allowed(param)), oneOf);
    case 'string':
      return z.string().refine(allowed(param), oneOf);
  }
}

/**
 * A parameter's value from its text, checked against the declared type and constraints; a bad value is a
 * CONFIG_INVALID error of one line that names the parameter and quotes the value.
 */
export function parseParamText(param: QueryParam, text: string): ParamValue {
  const parsed = schemaFor(param).safeParse(text);
  if (parsed.success) return parsed.data;
  const why = parsed.error.issues[0]?.message ?? 'invalid';
  throw new LandingGraphError('CONFIG_INVALID', `parameter ${param.name} (${param.type}): ${why}, got ${quoteValue(text)}`, {
    details: { param: param.name },
  });
}

/** A value as it would be typed after `--param name=` (lists comma-separated). */
export function valueText(value: ParamValue): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

function usage(message: string): LandingGraphError {
  return new LandingGraphError('CONFIG_INVALID', message);
}

/**
 * `--param name=value` assignments -> the value of every declared parameter of `query` (given value, else
 * default, else null), as the library holds values. Unknown, repeated (except lists, which add up), missing
 * required and missing one-of parameters are CONFIG_INVALID errors.
 */
export function resolveParams(query: QueryDefinition, assignments: readonly string[]): Record<string, ParamValue | null> {
  const given = new Map<string, ParamValue>();
  for (const assignment of assignments) {
    const eq = assignment.indexOf('=');
    if (eq <= 0) throw usage(`--param ${quoteValue(assignment)}: expected name=value`);
    const name = assignment.slice(0, eq).trim();
    const param = query.params.find((p) => p.name === name);
    if (!param) {
      const names = query.params.map((p) => p.name).join(', ') || 'no parameters';
      throw usage(`query ${query.name} has no parameter ${quoteValue(name)} (it takes ${names})`);
    }
    const value = parseParamText(param, assignment.slice(eq + 1));
    const known = given.get(name);
    if (known === undefined) given.set(name, value);
    else if (Array.isArray(known) && Array.isArray(value)) given.set(name, [...known, ...value]);
    else throw usage(`parameter ${name} is given twice`);
  }
  for (const param of query.params) {
    if (param.required && !given.has(param.name))
      throw usage(`query ${query.name} needs --param ${param.name}=<${param.type}>: ${param.description}`);
  }
  for (const group of query.oneOf) {
    if (!group.some((name) => given.has(name)))
      throw usage(`query ${query.name} needs ${group.map((name) => `--param ${name}=…`).join(' or ')}`);
  }
  return Object.fromEntries(query.params.map((param) => [param.name, given.get(param.name) ?? param.default]));
}

/**
 * `--param name=value` assignments -> the parameters of one run of `query`, checked as resolveParams checks
 * them: every declared parameter is sent (given value, else default, else null); integers as Neo4j integers
 * (a JavaScript number would arrive as a float, which LIMIT and ranges refuse).
 */
export function bindParams(query: QueryDefinition, assignments: readonly string[]): Record<string, unknown> {
  const values = resolveParams(query, assignments);
  return Object.fromEntries(query.params.map((param) => [param.name, toDriverValue(param, values[param.name] ?? null)]));
}

function toDriverValue(param: QueryParam, value: ParamValue | null): unknown {
  if (value === null) return null;
  return param.type === 'integer' ? neo4j.int(value as number) : value;
}
