import { LISTS_OF_KIND, relationList, type FollowGroup, type LandingKind, type NodeKind, type RelationField } from '../api/kinds.js';
import type { LandingRef } from '../api/refs.js';
import type { BranchLanding, CompanyLanding, DomainLanding, LandingRecord } from '../api/schemas/index.js';
import { normalizeKey } from '../api/keys.js';
import type { EdgeRow, GraphBatch, LandingStatus, NodeRow, PropertyValue } from './model.js';
import { companyProperties, domainProperties } from './properties.js';
import { captionOf } from './caption.js';
import { cutIndexedProperties, cutToIndex } from './indexed-text.js';

/** One entry of one relation list, as the crawler needs it to decide what to follow. */
export interface ListEntry {
  field: RelationField;
  group: FollowGroup;
  kind: NodeKind;
  id: number;
  key: string | null;
}

export interface MappedRecord extends GraphBatch {
  /** The record's own node (always nodes[0]). */
  self: NodeRow;
  /** Distinct entries of every relation list, in list order. */
  entries: ListEntry[];
  /** Full length of every relation list the record carries (duplicates included). */
  listLengths: Partial<Record<RelationField, number>>;
}

type AnyEntry = { id?: number | null; title?: string | null; href?: string | null; provider?: string | null };

/**
 * A fetched, schema-checked record -> its node (status fetched, raw text as served), a stub node per
 * listed record and an edge per list entry. Pure: no I/O, no clock.
 */
export function mapFetchedRecord(kind: LandingKind, record: LandingRecord, rawText: string): MappedRecord {
  const self = node(kind, record, 'fetched', { raw: rawText, props: propertiesOf(kind, record) });
  const nodes: NodeRow[] = [self];
  const edges: EdgeRow[] = [];
  const entries: ListEntry[] = [];
  const listLengths: Partial<Record<RelationField, number>> = {};
  const stubs = new Map<string, NodeRow>();
  const lists = record as unknown as Partial<Record<RelationField, AnyEntry[] | null>>;
  for (const field of LISTS_OF_KIND[kind]) {
    const list = lists[field];
    if (!Array.isArray(list)) continue;
    listLengths[field] = list.length;
    const { target, relation, group } = relationList(field);
    const seen = new Set<number>();
    for (const entry of list) {
      if (typeof entry.id !== 'number' || seen.has(entry.id)) continue;
      seen.add(entry.id);
      const stubId = `${target}#${entry.id}`;
      let stub = stubs.get(stubId);
      if (!stub) {
        stub = stubNode(target, entry);
        stubs.set(stubId, stub);
        if (!(target === kind && entry.id === record.id)) nodes.push(stub);
      }
      edges.push({ type: relation, list: field, fromKind: kind, fromId: record.id, toKind: target, toId: entry.id });
      entries.push({ field, group, kind: target, id: entry.id, key: stub.key });
    }
  }
  return { nodes, edges, self, entries, listLengths };
}

/**
 * A record that was served but breaks the schema: kept whole in `raw` and flagged with the schema
 * error; its lists are not trusted, so it adds no stubs and no edges.
 */
export function mapInvalidRecord(ref: LandingRef, json: unknown, rawText: string, schemaError: string): NodeRow {
  const servedId = (json as { id?: unknown } | null)?.id;
  const id = Number.isSafeInteger(servedId) && (servedId as number) >= 0 ? (servedId as number) : (ref.id ?? null);
  return {
    ...emptyNode(ref.kind, id, id === null ? (normalizeKey(ref.kind, ref.key) ?? null) : null, 'fetched'),
    raw: rawText,
    props: { schemaError },
  };
}

/** A record the service did not give: `missing` (404) or `failed` (retries spent, or rejected). */
export function mapUnfetched(ref: LandingRef, status: Extract<LandingStatus, 'missing' | 'failed'>, errorCode: string): NodeRow {
  return {
    ...emptyNode(ref.kind, ref.id ?? null, ref.id === undefined ? (normalizeKey(ref.kind, ref.key) ?? null) : null, status),
    error: errorCode,
  };
}

/** The natural key of a record (companies: INN, else OGRN; branches: none). */
export function keyOf(kind: NodeKind, record: AnyEntry): string | null {
  if (kind === 'branch') return null;
  if (kind === 'company') {
    const requisites = (record as CompanyLanding).companyRequisites;
    return normalizeKey('company', requisites?.inn || requisites?.ogrn) ?? null;
  }
  return normalizeKey(kind, record.title) ?? null;
}

function propertiesOf(kind: NodeKind, record: AnyEntry): Record<string, PropertyValue> {
  if (kind === 'domain') return domainProperties(record as DomainLanding);
  if (kind === 'company') return companyProperties(record as CompanyLanding);
  return {};
}

function stubNode(kind: NodeKind, entry: AnyEntry): NodeRow {
  // Branches have no endpoint: the list entry is all we will ever get, so it is kept whole.
  const raw = kind === 'branch' ? JSON.stringify(entry as BranchLanding) : null;
  return node(kind, entry, 'stub', { raw, props: propertiesOf(kind, entry) });
}

function node(kind: NodeKind, record: AnyEntry, status: LandingStatus, extra: Pick<NodeRow, 'raw' | 'props'>): NodeRow {
  const key = keyOf(kind, record);
  const caption = captionOf(kind, record.title ?? null, key);
  return {
    kind,
    id: record.id ?? null,
    key,
    status,
    title: record.title === null || record.title === undefined ? null : cutToIndex(record.title),
    href: record.href ?? null,
    provider: record.provider ?? null,
    error: null,
    raw: extra.raw,
    props: cutIndexedProperties(caption === undefined ? extra.props : { ...extra.props, caption }),
  };
}

function emptyNode(kind: NodeKind, id: number | null, key: string | null, status: LandingStatus): NodeRow {
  return { kind, id, key, status, title: null, href: null, provider: null, raw: null, props: {}, error: null };
}
