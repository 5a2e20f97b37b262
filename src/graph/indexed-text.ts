import { MAX_INDEXED_CHARS } from '../api/keys.js';
import type { PropertyValue } from './model.js';

/**
 * A record's properties that Neo4j indexes besides its key (cypher/schema.cypher): a served text longer than an
 * index holds is stored cut, with an ellipsis. The answer as served, in `raw`, keeps it whole.
 */
export const INDEXED_RECORD_PROPERTIES = [
  'title',
  'registrar',
  'registrantOrganization',
  'registrantInn',
  'createdAt',
  'inn',
  'ogrn',
] as const;

/** `text` as an index holds it: whole up to MAX_INDEXED_CHARS, else cut (never inside a surrogate pair) with "…". */
export function cutToIndex(text: string): string {
  if (text.length <= MAX_INDEXED_CHARS) return text;
  let end = MAX_INDEXED_CHARS - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** The indexed ones among a record's properties cut to what an index holds; the others as they are. */
export function cutIndexedProperties(props: Record<string, PropertyValue>): Record<string, PropertyValue> {
  let cut: Record<string, PropertyValue> | undefined;
  for (const name of INDEXED_RECORD_PROPERTIES) {
    const value = props[name];
    if (typeof value !== 'string' || value.length <= MAX_INDEXED_CHARS) continue;
    cut ??= { ...props };
    cut[name] = cutToIndex(value);
  }
  return cut ?? props;
}
