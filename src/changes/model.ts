/**
 * The change report (`landing-graph changes`): what the graph's history says changed in the landing records
 * between two moments. Two halves: the rows the reader takes from Neo4j (plain data, times as epoch
 * milliseconds) and the report the pure core (report.ts) makes of them. The report's JSON shape is a public
 * contract (docs/changes.md): tools parse it.
 */

/** A property value as stored: a scalar or a list of scalars; null when the property is absent. */
export type FieldValue = string | number | boolean | null | (string | number | boolean)[];

/** One relationship written by fetching the record (its outgoing list edges, block links and pivot links). */
export interface LinkRow {
  /** RELATED, SIMILAR, COMPETITOR, LISTS_CONTACT, NAMES_COMPANY or a pivot relationship (HAS_OFFICER, ...). */
  type: string;
  /** The list field of a list edge (relatedDomains, ...); null for block and pivot links. */
  list: string | null;
  /** HAS_OFFICER only: the role (manager, founder, predecessor, successor), one link per role; else null. */
  role: string | null;
  /** The node it points to: a Landing record (list edges, block links) or a Pivot. */
  target: { landing: boolean; kind: string; id: number | null; key: string | null; title: string | null };
  /** Epoch ms; null only for relationships older than the history model (treated as always there). */
  firstSeenAt: number | null;
  /** When a fetch no longer had it (epoch ms), in any order. */
  removals: number[];
  /** When a fetch had it again after a removal (epoch ms), in any order. */
  returns: number[];
}

/** A copy of the record's compared properties before a fetch replaced them (a :RecordVersion node). */
export interface VersionRow {
  /** When the copy was replaced (epoch ms). */
  supersededAt: number;
  /** Compared fields (title, href, provider, analyst properties) as they were; absent ones null or missing. */
  values: Record<string, FieldValue>;
}

/** A candidate record: something happened to it after `since`. */
export interface RecordRow {
  kind: string;
  id: number | null;
  key: string | null;
  /** Current status: fetched, missing, ... */
  status: string;
  /** First fetch ever (epoch ms); null when never fetched. */
  firstFetchedAt: number | null;
  /** Latest time a fetched record answered 404 (epoch ms); only the latest is kept. */
  goneAt: number | null;
  /** Latest time a gone record answered again (epoch ms); only the latest is kept. */
  backAt: number | null;
  /**
   * Compared fields as the node holds them now; of a record first fetched after `since` and never gone (new: the
   * report compares none of its fields), only the title, the others null.
   */
  current: Record<string, FieldValue>;
  /** Versions superseded after `since` (more may exist; older ones are not needed), in any order. */
  versions: VersionRow[];
  /** Outgoing relationships whose existence may differ between `since` and `until` (more are harmless). */
  links: LinkRow[];
}

export const CHANGE_KINDS = ['new', 'changed', 'gone', 'back'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const LIST_EDGE_TYPES = ['RELATED', 'SIMILAR', 'COMPETITOR'] as const;

export interface FieldChange {
  name: string;
  before: FieldValue;
  after: FieldValue;
}

export interface EdgeChange {
  type: string;
  /** The list field, e.g. relatedCompanies. */
  list: string;
  to: { kind: string; id: number | null };
}

export interface PivotChange {
  /** The relationship type: a pivot relationship or LISTS_CONTACT / NAMES_COMPANY. */
  type: string;
  /** The pivot's kind and key, or for a block link the Landing node's kind and key. */
  pivot: { kind: string; key: string | null };
  /** HAS_OFFICER only: the role gained or lost (a person can lose the manager role and stay a founder); else null. */
  role: string | null;
}

export interface RecordChange {
  kind: string;
  id: number | null;
  key: string | null;
  change: ChangeKind;
  fields: FieldChange[];
  edgesAdded: EdgeChange[];
  edgesRemoved: EdgeChange[];
  pivotsAdded: PivotChange[];
  pivotsRemoved: PivotChange[];
}

/**
 * A watch-list hit written by `screen` (a LISTED_AS link from a company or person to a :ListEntry), as read: the
 * record, the list entity, how it matched, and the link's history.
 */
export interface HitRow {
  record: HitRecord;
  list: string;
  entity: HitEntity;
  /** The list file the entity was last seen in, and that file's date (epoch ms). */
  file: string | null;
  listDate: number | null;
  how: string;
  property: string;
  value: string;
  score: number;
  /** Epoch ms; when screening first found the hit. */
  firstSeenAt: number | null;
  /** When a newer file of the list no longer had it (epoch ms), in any order. */
  removals: number[];
  /** When a newer file had it again after a removal (epoch ms), in any order. */
  returns: number[];
}

/** The company (`id` its page number) or person (`id` null) a hit names, by key and name. */
export interface HitRecord {
  kind: 'company' | 'person';
  id: number | null;
  key: string;
  name: string | null;
}

/** The list entity a hit matched: its id on the list, FtM schema, caption, topics (`sanction`, `role.pep`) and datasets. */
export interface HitEntity {
  id: string;
  schema: string;
  caption: string;
  topics: string[];
  datasets: string[];
}

/** `new`: on a list at `until` and not at `since` (first found, or found again); `retired`: the reverse. */
export const HIT_CHANGE_KINDS = ['new', 'retired'] as const;
export type HitChangeKind = (typeof HIT_CHANGE_KINDS)[number];

export interface HitChange {
  change: HitChangeKind;
  /** When it happened, ISO: the latest finding (new) or retirement (retired) in the window. */
  at: string;
  record: HitRecord;
  list: string;
  file: string | null;
  /** ISO, or null. */
  listDate: string | null;
  entity: HitEntity;
  how: string;
  property: string;
  value: string;
  score: number;
}

/** The JSON the command prints with --json, exactly (docs/changes.md). */
export interface ChangeReport {
  since: string;
  until: string;
  /** Watch-list hits new or retired in the window: the most severe news, so before the records. */
  hits: HitChange[];
  records: RecordChange[];
}

/**
 * The report plus what people need to read it and the JSON leaves out: display names (a record's title,
 * a pivot's value) by reference (`kind#id`, `kind:key`, `pivot:kind:key`, see refOf and pivotRefOf).
 */
export interface Changes {
  report: ChangeReport;
  titles: Map<string, string>;
}

/** The reference of a Landing record in `titles`: `kind#id`, else `kind:key`. */
export function refOf(record: { kind: string; id: number | null; key?: string | null }): string {
  return record.id !== null ? `${record.kind}#${record.id}` : `${record.kind}:${record.key ?? ''}`;
}

/** The reference of a pivot change's target in `titles`: Landing targets of block links as refOf, pivots `pivot:kind:key`. */
export function pivotRefOf(change: PivotChange): string {
  return isBlockLink(change.type)
    ? `${change.pivot.kind}:${change.pivot.key ?? ''}`
    : `pivot:${change.pivot.kind}:${change.pivot.key ?? ''}`;
}

/** Block links point to Landing records named in a record's blocks; the other pivot changes to Pivot nodes. */
export function isBlockLink(type: string): boolean {
  return type === 'LISTS_CONTACT' || type === 'NAMES_COMPANY';
}
