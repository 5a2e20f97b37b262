import type { NodeKind } from '../api/kinds.js';
import type { NodeRow, PropertyValue } from '../graph/model.js';
import { ANALYST_PROPERTIES, HEADER_PROPERTIES } from '../graph/properties.js';

/** Every header and analyst property name, for cypher/history/keep-versions.cypher. */
export const COMPARED_FIELDS: readonly string[] = [
  ...HEADER_PROPERTIES,
  ...new Set(Object.values(ANALYST_PROPERTIES).flatMap((names: readonly string[]) => names)),
];

/** A fetched row that parsed (a record that broke the schema carries `schemaError` and nothing else). */
export function isValidFetch(row: NodeRow): boolean {
  return row.status === 'fetched' && row.props.schemaError === undefined;
}

/**
 * The properties a valid fetch writes: its analyst properties, and null for each one of its kind that the
 * answer lacks, so that `SET n += props` removes a value the service no longer gives.
 */
export function propsReplacing(row: NodeRow): Record<string, PropertyValue | null> {
  if (!isValidFetch(row)) return row.props;
  const cleared: Record<string, null> = {};
  for (const name of ANALYST_PROPERTIES[row.kind as NodeKind]) cleared[name] = null;
  return { ...cleared, ...row.props };
}

/** The row keep-versions compares with the stored node (values null: nothing to compare). */
export function versionRow(row: NodeRow): { kind: string; id: number | null; raw: string | null; values: Record<string, unknown> | null } {
  const values = isValidFetch(row) ? { ...propsReplacing(row), title: row.title, href: row.href, provider: row.provider } : null;
  return { kind: row.kind, id: row.id, raw: row.raw, values };
}
