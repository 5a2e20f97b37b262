/**
 * Test helpers: fresh copies of the full record fixtures (test/fixtures/records/*.json), so that a test
 * may change its copy freely.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LandingKind } from '../../../src/api/kinds.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/records');
const texts = new Map<LandingKind, string>();

export type Json = Record<string, unknown>;

/** A full record of `kind` with every block filled, parsed anew on each call. */
export function fullRecord(kind: LandingKind): Json {
  let text = texts.get(kind);
  if (text === undefined) {
    text = readFileSync(path.join(FIXTURES, `${kind}.json`), 'utf8');
    texts.set(kind, text);
  }
  return JSON.parse(text) as Json;
}

/** The record's detailed blocks and relation lists: every top-level field but the header. */
export function blockFields(record: Json): string[] {
  return Object.keys(record).filter((key) => !['id', 'title', 'href', 'provider', 'searchTags'].includes(key));
}
