import {
  RELATION_LISTS,
  isLandingKind,
  relationList,
  type LandingKind,
  type NodeKind,
  type RelationField,
  type RelationType,
} from '../../../src/api/kinds.js';
import type { CompanyLanding, DomainLanding, LandingRecord } from '../../../src/api/schemas/index.js';
import type { PropertyValue } from '../../../src/graph/model.js';
import { PIVOT_KINDS, pivotsOf, type KeyLinkRelation, type OfficerRole, type PivotKind } from '../../../src/graph/pivots/index.js';
import { companyProperties, domainProperties } from '../../../src/graph/properties.js';
import type { SandboxGraph } from '../../../src/sandbox/graph-types.js';
import { edgesOf, reachable, type NodeRef } from '../../../src/sandbox/reachable.js';
import { buildRecord } from '../../../src/sandbox/records/build-record.js';
import { header } from '../../../src/sandbox/records/header.js';

/**
 * What a crawl of the new world finds changed, compared with a crawl of the old world with the same
 * seeds, depth and followed lists: the exact expectation for a crawler that keeps a graph current.
 * Pure: builds the record bodies of both worlds as the sandbox serves them.
 *
 * Records considered: those a crawl of the NEW ball requests (`reachable(after, ...)`: fetched, and
 * 404s within depth). A record of the old ball that the new crawl no longer reaches is not re-fetched,
 * so it does not change. Per record:
 * - `new`: fetched in the new ball, neither fetched nor answered 404 in the old ball. A record that was
 *   only a stub (listed at depth + 1, or listed in a list not followed) or absent from the old ball is
 *   new: it is fetched for the first time;
 * - `back`: answered 404 within depth in the old ball (its page was requested and missing), fetched now;
 * - `gone`: fetched in the old ball, requested within depth in the new ball and now 404;
 * - `changed`: fetched in both balls, and its title, its edges or a block field differ.
 *
 * Edges are compared as the crawler writes them: one per (list, target) of a served record, duplicates
 * collapsed. Bodies that are not served count as no edges: a `new` or `back` record has all of its
 * edges in edgesAdded, a `gone` record all of its old ones in edgesRemoved (the new world serves none;
 * whether a crawler retires the edges of a record it cannot read is its decision).
 *
 * For `changed` records also: `fields` (block paths whose served value differs), `properties` (analyst
 * properties of src/graph/properties.ts, before and after), `pivots` and `keyLinks` (pivot links of
 * src/graph/pivots, by key). These use the crawler's own mapping, so they say what the change report
 * should show given that mapping; they do not check the mapping itself. They are empty for the other
 * kinds of change.
 *
 * Not covered: a record whose served body differs only in the headers of the entries it lists (a
 * listed record got a new title) is not `changed`; the listed record's own title change is reported
 * on that record if it is fetched, else in `stubTitles`. History over more than two worlds (a record
 * fetched in world 0, unreached in world 1, reached again in world 2) needs the caller's bookkeeping.
 */
export interface ExpectedChanges {
  seeds: NodeRef[];
  depth: number;
  /** One per record with a change, by kind then id. */
  records: RecordChange[];
  /** Entities listed in both balls but fetched in neither now (stubs), whose title as listed differs. */
  stubTitles: StubTitleChange[];
}

export type RecordChangeKind = 'new' | 'changed' | 'gone' | 'back';

export interface ExpectedEdge {
  type: RelationType;
  /** The list field, e.g. relatedDomains. */
  list: RelationField;
  to: { kind: NodeKind; id: number };
}

export interface RecordChange {
  kind: LandingKind;
  id: number;
  /** Natural key (companies: INN); null if the record has none. */
  key: string | null;
  change: RecordChangeKind;
  /** Only when change is 'changed' and the title differs. */
  titleBefore?: string;
  titleAfter?: string;
  /** By list (in the specification's order), then target id. */
  edgesAdded: ExpectedEdge[];
  edgesRemoved: ExpectedEdge[];
  /** Block paths whose served value differs ("dns.a", "companyInfo.registrationAddress"; "dns" when a whole block appears or goes). */
  fields: string[];
  /** Analyst properties that differ (absent = the property is not set). */
  properties: PropertyDiff[];
  /** Pivot links added and removed, per pivot kind. */
  pivots: PivotDiff[];
  /** LISTS_CONTACT / NAMES_COMPANY links added and removed, per type and target kind. */
  keyLinks: KeyLinkDiff[];
}

export interface PropertyDiff {
  name: string;
  before?: PropertyValue;
  after?: PropertyValue;
}

export interface PivotDiff {
  /** Label of the pivot node, e.g. 'IP', 'Person'. */
  pivot: string;
  kind: PivotKind;
  /** Relationship type, e.g. RESOLVES_TO. */
  relation: string;
  /** HAS_OFFICER only: the role (one link per role), else null. */
  role: OfficerRole | null;
  /** Pivot keys, sorted. */
  removed: string[];
  added: string[];
}

export interface KeyLinkDiff {
  type: KeyLinkRelation;
  toKind: LandingKind;
  /** HAS_OFFICER only, as on PivotDiff. */
  role: OfficerRole | null;
  removed: string[];
  added: string[];
}

export interface StubTitleChange {
  kind: NodeKind;
  id: number;
  titleBefore: string;
  titleAfter: string;
}

const refKey = (kind: NodeKind, id: number): string => `${kind}:${id}`;
const FIELD_ORDER = new Map<RelationField, number>(RELATION_LISTS.map((l, i) => [l.field, i]));
const HEADER_FIELDS = new Set(['id', 'title', 'href', 'provider', 'searchTags']);
const LIST_FIELDS = new Set<string>(RELATION_LISTS.map((l) => l.field));

export function expectedChanges(
  before: SandboxGraph,
  after: SandboxGraph,
  seeds: readonly NodeRef[],
  depth: number,
  followFields?: readonly RelationField[],
): ExpectedChanges {
  const oldBall = reachable(before, seeds, depth, followFields);
  const newBall = reachable(after, seeds, depth, followFields);
  const oldFetched = new Set(oldBall.fetched.map((r) => refKey(r.kind, r.id)));
  const oldMissing = new Set(oldBall.notFound.map((r) => refKey(r.kind, r.id)));
  const records: RecordChange[] = [];

  for (const ref of newBall.fetched) {
    const kind = ref.kind as LandingKind;
    const key = refKey(kind, ref.id);
    if (oldFetched.has(key)) {
      const change = changedRecord(before, after, kind, ref.id);
      if (change) records.push(change);
    } else {
      const change: RecordChangeKind = oldMissing.has(key) ? 'back' : 'new';
      records.push(bare(after, kind, ref.id, change, edgesOf(after, kind, ref.id).map(toExpected), []));
    }
  }
  for (const ref of newBall.notFound) {
    if (!isLandingKind(ref.kind) || !oldFetched.has(refKey(ref.kind, ref.id))) continue;
    records.push(bare(before, ref.kind, ref.id, 'gone', [], edgesOf(before, ref.kind, ref.id).map(toExpected)));
  }
  records.sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind < b.kind ? -1 : 1));

  const oldListed = new Set([...oldFetched, ...oldBall.stubs.map((r) => refKey(r.kind, r.id))]);
  const stubTitles: StubTitleChange[] = [];
  for (const stub of newBall.stubs) {
    if (!oldListed.has(refKey(stub.kind, stub.id))) continue;
    const titleBefore = header(before, stub.kind, stub.id).title;
    const titleAfter = header(after, stub.kind, stub.id).title;
    if (titleBefore !== titleAfter) stubTitles.push({ kind: stub.kind, id: stub.id, titleBefore, titleAfter });
  }
  return { seeds: seeds.map((s) => ({ kind: s.kind, id: s.id })), depth, records, stubTitles };
}

function toExpected(edge: { field: RelationField; toKind: NodeKind; toId: number }): ExpectedEdge {
  return { type: relationList(edge.field).relation, list: edge.field, to: { kind: edge.toKind, id: edge.toId } };
}

const edgeKey = (e: ExpectedEdge): string => `${e.list}:${e.to.id}`;
const byListThenId = (a: ExpectedEdge, b: ExpectedEdge): number =>
  a.list === b.list ? a.to.id - b.to.id : (FIELD_ORDER.get(a.list) ?? 0) - (FIELD_ORDER.get(b.list) ?? 0);

function bare(
  graph: SandboxGraph,
  kind: LandingKind,
  id: number,
  change: RecordChangeKind,
  edgesAdded: ExpectedEdge[],
  edgesRemoved: ExpectedEdge[],
): RecordChange {
  return {
    kind,
    id,
    key: graph.node(id)?.key ?? null,
    change,
    edgesAdded: edgesAdded.sort(byListThenId),
    edgesRemoved: edgesRemoved.sort(byListThenId),
    fields: [],
    properties: [],
    pivots: [],
    keyLinks: [],
  };
}

/** The record as served (parsed back from its JSON text, as a client sees it). */
function served(graph: SandboxGraph, kind: LandingKind, id: number): Record<string, unknown> {
  const record = buildRecord(graph, kind, id);
  return JSON.parse(JSON.stringify(record ?? {})) as Record<string, unknown>;
}

function changedRecord(before: SandboxGraph, after: SandboxGraph, kind: LandingKind, id: number): RecordChange | undefined {
  const old = edgesOf(before, kind, id).map(toExpected);
  const now = edgesOf(after, kind, id).map(toExpected);
  const oldKeys = new Set(old.map(edgeKey));
  const nowKeys = new Set(now.map(edgeKey));
  const change = bare(
    after,
    kind,
    id,
    'changed',
    now.filter((e) => !oldKeys.has(edgeKey(e))),
    old.filter((e) => !nowKeys.has(edgeKey(e))),
  );
  const a = served(before, kind, id);
  const b = served(after, kind, id);
  if (a.title !== b.title) {
    change.titleBefore = String(a.title);
    change.titleAfter = String(b.title);
  }
  change.fields = blockFieldDiff(a, b);
  if (change.fields.length > 0) {
    change.properties = propertyDiff(propertiesOf(kind, a), propertiesOf(kind, b));
    const pa = pivotsOf(kind, a as unknown as LandingRecord, { kind, id });
    const pb = pivotsOf(kind, b as unknown as LandingRecord, { kind, id });
    change.pivots = groupedDiff(
      pa.links.map((l) => [`${l.pivotKind} ${l.role ?? ''}`, l.pivotKey] as const),
      pb.links.map((l) => [`${l.pivotKind} ${l.role ?? ''}`, l.pivotKey] as const),
    ).map(([group, removed, added]) => {
      const [pivotKind, role] = group.split(' ') as [PivotKind, OfficerRole | ''];
      return {
        pivot: PIVOT_KINDS[pivotKind].label,
        kind: pivotKind,
        relation: PIVOT_KINDS[pivotKind].relation,
        role: role || null,
        removed,
        added,
      };
    });
    change.keyLinks = groupedDiff(
      pa.keyLinks.map((l) => [`${l.type} ${l.toKind} ${l.role ?? ''}`, l.toKey] as const),
      pb.keyLinks.map((l) => [`${l.type} ${l.toKind} ${l.role ?? ''}`, l.toKey] as const),
    ).map(([group, removed, added]) => {
      const [type, toKind, role] = group.split(' ') as [KeyLinkRelation, LandingKind, OfficerRole | ''];
      return { type, toKind, role: role || null, removed, added };
    });
  }
  const same = change.titleBefore === undefined && change.fields.length === 0;
  return same && change.edgesAdded.length === 0 && change.edgesRemoved.length === 0 ? undefined : change;
}

function propertiesOf(kind: LandingKind, record: Record<string, unknown>): Record<string, PropertyValue> {
  if (kind === 'domain') return domainProperties(record as unknown as DomainLanding);
  if (kind === 'company') return companyProperties(record as unknown as CompanyLanding);
  return {};
}

/**
 * Top-level fields other than the header and the lists (the blocks and any extra field): "block" when
 * it is not an object on both sides, else "block.field" for each field whose value differs.
 */
function blockFieldDiff(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const paths: string[] = [];
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (HEADER_FIELDS.has(name) || LIST_FIELDS.has(name)) continue;
    const x = a[name];
    const y = b[name];
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    if (!isObject(x) || !isObject(y)) {
      paths.push(name);
      continue;
    }
    for (const field of new Set([...Object.keys(x), ...Object.keys(y)])) {
      if (JSON.stringify(x[field]) !== JSON.stringify(y[field])) paths.push(`${name}.${field}`);
    }
  }
  return paths.sort();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function propertyDiff(a: Record<string, PropertyValue>, b: Record<string, PropertyValue>): PropertyDiff[] {
  const diffs: PropertyDiff[] = [];
  for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (JSON.stringify(a[name]) === JSON.stringify(b[name])) continue;
    const diff: PropertyDiff = { name };
    if (a[name] !== undefined) diff.before = a[name];
    if (b[name] !== undefined) diff.after = b[name];
    diffs.push(diff);
  }
  return diffs;
}

/** Per group: the keys only in `a` (removed) and only in `b` (added), sorted; groups without a difference left out. */
function groupedDiff<G extends string>(
  a: readonly (readonly [G, string])[],
  b: readonly (readonly [G, string])[],
): [G, string[], string[]][] {
  const sets = (pairs: readonly (readonly [G, string])[]): Map<G, Set<string>> => {
    const map = new Map<G, Set<string>>();
    for (const [group, key] of pairs) {
      let set = map.get(group);
      if (!set) map.set(group, (set = new Set()));
      set.add(key);
    }
    return map;
  };
  const sa = sets(a);
  const sb = sets(b);
  const out: [G, string[], string[]][] = [];
  for (const group of [...new Set([...sa.keys(), ...sb.keys()])].sort()) {
    const x = sa.get(group) ?? new Set<string>();
    const y = sb.get(group) ?? new Set<string>();
    const removed = [...x].filter((k) => !y.has(k)).sort();
    const added = [...y].filter((k) => !x.has(k)).sort();
    if (removed.length > 0 || added.length > 0) out.push([group, removed, added]);
  }
  return out;
}
