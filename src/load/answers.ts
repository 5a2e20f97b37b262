import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { LANDING_KINDS, type LandingKind } from '../api/kinds.js';
import { LandingGraphError, quoteValue } from '../errors.js';

/** One answer of the service to load: its kind, its text exactly as served, when it was fetched if known. */
export interface StoredAnswer {
  kind: LandingKind;
  text: string;
  /** ISO date-time. */
  fetchedAt?: string;
  /** Where it came from, for errors: `file.jsonl:12`, `graph domain#42`. */
  origin: string;
}

/**
 * A line of a JSON-lines file of answers: `{"kind": "domain", "raw": "<the JSON text as served>"}` keeps the
 * text exactly; `{"kind": "domain", "record": {...}}` is re-serialised. `fetchedAt` (ISO date-time) is kept.
 */
const lineSchema = z
  .object({
    kind: z.enum(LANDING_KINDS),
    raw: z.string().optional(),
    record: z.record(z.string(), z.unknown()).optional(),
    fetchedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((line) => (line.raw === undefined) !== (line.record === undefined), { message: 'give exactly one of raw and record' });

/** Answers from a JSON-lines file, one a line (blank lines skipped). A bad line stops with one line naming it. */
export async function* readJsonLines(file: string): AsyncGenerator<StoredAnswer> {
  const input = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const line of lines) {
      number += 1;
      if (line.trim() === '') continue;
      const origin = `${file}:${number}`;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new LandingGraphError('CONFIG_INVALID', `${origin}: not JSON: ${quoteValue(line)}`);
      }
      const parsed = lineSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new LandingGraphError('CONFIG_INVALID', `${origin}: ${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}`);
      }
      const { kind, raw, record, fetchedAt } = parsed.data;
      yield { kind, text: raw ?? JSON.stringify(record), origin, ...(fetchedAt ? { fetchedAt } : {}) };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new LandingGraphError('CONFIG_INVALID', `no such file: ${quoteValue(file)}`);
    throw error;
  } finally {
    lines.close();
    input.destroy();
  }
}
