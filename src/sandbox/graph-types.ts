import type { LandingKind, NodeKind, RelationField } from '../api/kinds.js';

/**
 * One entity of the sandbox graph as kept in memory: only what identifies it and what it shares with
 * others. The full record body is built from this, the graph and (seed, id) when it is served.
 */
export interface SkeletonNode {
  readonly id: number;
  readonly kind: NodeKind;
  /** The title as served (may differ in case from the key). */
  readonly title: string;
  /** Natural key: lower-case domain, lower-case e-mail, "+digits" phone, a company's INN. Branches: none. */
  readonly key?: string;
  /** Companies: OGRN, also a look-up key. */
  readonly ogrn?: string;
  /** Domains, e-mails, phones, branches: the id of the owning company, if any. */
  readonly owner?: number;
  /** Domains and companies: index of the activity category (similar/competitor lists stay within one). */
  readonly category?: number;
  /** Shared-identifier groups (undefined = a value of its own, derived from the id). Domains: */
  readonly ip?: number;
  readonly ns?: number;
  readonly registrar?: number;
  readonly mx?: number;
  /** Companies (and branches for `address`): person group of the manager, founders, address group. */
  readonly manager?: number;
  /** Person groups (>= 0) or founding companies (-companyId). */
  readonly founders?: readonly number[];
  readonly address?: number;
  /**
   * Planted facts (red-flag patterns; undefined = from the record's generator): a company's status, registration
   * day, predecessors and successors (company ids) and revenue (line 2110 of every report year, thousands of
   * roubles); a domain's WhoIs creation day. Days are epoch milliseconds at midnight UTC.
   */
  readonly status?: 'active' | 'liquidating' | 'liquidated';
  readonly registeredOn?: number;
  readonly predecessors?: readonly number[];
  readonly successors?: readonly number[];
  readonly revenue?: number;
  readonly createdOn?: number;
  /** Serve every block of this record (a planted pattern must show its facts): no null or left-out block. */
  readonly whole?: boolean;
  /** Keep duplicated entries in this node's lists (the duplicated-entry special). */
  readonly keepDuplicates?: boolean;
}

/** Changes a special record's body after it is built (huge record, schema breaker). */
export type RecordPatch = (record: Record<string, unknown>) => void;

/** A generated (or hand-built) landing graph: skeleton eager, record bodies lazy. */
export interface SandboxGraph {
  readonly seed: number;
  /** Landing records (domain, company, email, phone) the service answers for; branches excluded. */
  readonly recordCount: number;
  /** All nodes, branches included. */
  readonly nodeCount: number;
  /** Ids listed in some relation list that the service answers 404 for. */
  readonly danglingIds: readonly number[];
  /** Ids of the hub records (lists with thousands of entries). */
  readonly hubIds: readonly number[];
  /** Whether the special records of specials.ts are part of the graph. */
  readonly specials: boolean;
  node(id: number): SkeletonNode | undefined;
  kindOf(id: number): NodeKind | undefined;
  /** Id of the record of `kind` with this natural key (normalised here: case, IDN, INN or OGRN). */
  lookup(kind: LandingKind, key: string): number | undefined;
  /** The entries of one relation list as served, in order (duplicates and dangling ids included). */
  list(id: number, field: RelationField): ArrayLike<number>;
  /** Ids of one kind (or of all nodes), ascending. */
  ids(kind?: NodeKind): readonly number[];
  /** Body patch of a special record, if any. */
  patch(id: number): RecordPatch | undefined;
}
