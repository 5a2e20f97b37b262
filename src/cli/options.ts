import { z } from 'zod';
import { LandingGraphError, quoteValue } from '../errors.js';

/**
 * The one way commands check their options: commander only collects the text, a zod schema per command checks
 * and converts it (parseOptions), and every refusal is one CONFIG_INVALID line (exit 2) naming the option and the
 * value given: `--depth must be a whole number of at least 0, got "two"`.
 */

/** A whole number of at least `min` (and at most `max`), from the option's text. */
export const wholeNumber = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = String(value).trim();
    const n = Number(text);
    if (/^\d+$/.test(text) && Number.isSafeInteger(n) && n >= min && n <= max) return n;
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    ctx.addIssue({ code: 'custom', message: `${name} must be a whole number ${range}, got ${quoteValue(String(value))}` });
    return z.NEVER;
  });

/** A number above 0 (a rate), from the option's text. */
export const positiveNumber = (name: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\s*[\d.]+(e[+-]?\d+)?\s*$/i.test(value) ? Number(value) : Number.NaN;
    if (Number.isFinite(n) && n > 0) return n;
    ctx.addIssue({ code: 'custom', message: `${name} must be a number above 0, got ${quoteValue(String(value))}` });
    return z.NEVER;
  });

/** A share from 0 to 1 (a fault rate), from the option's text. */
export const share = (name: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\s*(0|1|0?\.\d+|1\.0+|0\.\d*)\s*$/.test(value) ? Number(value) : Number.NaN;
    if (n >= 0 && n <= 1) return n;
    ctx.addIssue({ code: 'custom', message: `${name} must be a number from 0 to 1, got ${quoteValue(String(value))}` });
    return z.NEVER;
  });

/** Text that may not be empty. */
export const nonEmpty = (name: string) =>
  z
    .string()
    .min(1, { error: `${name} must not be empty` })
    .max(1000, { error: `${name} is too long` });

/** A comma-separated list (`--follow related,similar`), empty entries dropped. */
export const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Check commander's option values against the command's schema; the first problem is one CONFIG_INVALID line. */
export function parseOptions<S extends z.ZodType>(schema: S, flags: unknown): z.output<S> {
  const parsed = schema.safeParse(flags);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const option = issue?.path.length ? `--${String(issue.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : 'options';
  const message = issue?.message ?? 'invalid';
  throw usage(message.startsWith('--') ? message : `${option}: ${message}`);
}

/** A refusal of the command line that is not one option's: `give --json or --csv, not both`. */
export function usage(message: string): LandingGraphError {
  return new LandingGraphError('CONFIG_INVALID', message);
}

/** Collects a repeatable option (`--skip a --skip b`). */
export const repeatable = (value: string, previous: string[] = []) => [...previous, value];
