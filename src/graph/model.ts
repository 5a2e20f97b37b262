import type { NodeKind, RelationField, RelationType } from '../api/kinds.js';

/** Labels of landing nodes, from this fixed table only (never from data). */
export const LABEL_OF_KIND = {
  domain: 'Domain',
  company: 'Company',
  email: 'Email',
  phone: 'Phone',
  branch: 'Branch',
} as const satisfies Record<NodeKind, string>;

/** The node label of a record kind (LABEL_OF_KIND), or the kind itself. */
export function labelOfKind(kind: string): string {
  return (LABEL_OF_KIND as Record<string, string>)[kind] ?? kind;
}

export type LandingStatus = 'fetched' | 'stub' | 'missing' | 'failed';

/** A property value Neo4j can store: a scalar or a list of one scalar type. */
export type PropertyValue = string | number | boolean | string[] | number[];

/** One landing node to upsert. Exactly one of id and key may be missing (a seed that was never found). */
export interface NodeRow {
  kind: NodeKind;
  id: number | null;
  key: string | null;
  status: LandingStatus;
  title: string | null;
  href: string | null;
  provider: string | null;
  /** JSON text exactly as served (fetched records; branch entries). */
  raw: string | null;
  /** Analyst properties (registrar, inn, dnsA, ...): scalars and string lists only. */
  props: Record<string, PropertyValue>;
  /** For failed/missing nodes: the error code. */
  error: string | null;
  /** When the answer was fetched, for an answer loaded rather than fetched now (ISO). Default: the write's time. */
  fetchedAt?: string;
}

/** One edge per list entry: (from record)-[type {list}]->(listed record). */
export interface EdgeRow {
  type: RelationType;
  list: RelationField;
  fromKind: NodeKind;
  fromId: number;
  toKind: NodeKind;
  toId: number;
}

/** What one fetched record contributes to the graph. */
export interface GraphBatch {
  nodes: NodeRow[];
  edges: EdgeRow[];
}
