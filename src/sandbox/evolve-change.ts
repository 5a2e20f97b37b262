import type { LandingKind, RelationField } from '../api/kinds.js';

/**
 * A shared identifier of a record that a change can move to another value (a new group number): the
 * analyst properties and pivot links that show it change with it, in every block that shows it.
 */
export type SharedIdentifier = 'ip' | 'nameServers' | 'mailServers' | 'registrar' | 'manager' | 'address';

/**
 * One change of the world, in the explicit form (tests list exact changes; random ones are resolved to
 * this form in EvolvedGraph.changes). Ids are page numbers of the world being evolved.
 */
export type EvolveChange =
  /** Every occurrence of `toId` leaves list `field` of record `id`. */
  | { type: 'removeEntry'; id: number; field: RelationField; toId: number }
  /** `toId` (a node of the list's kind: a record, gone or not, or a branch) is appended to list `field` of `id`. */
  | { type: 'addEntry'; id: number; field: RelationField; toId: number }
  /**
   * A new title, never a new key: companies any name (default: a new generated one); domains and
   * e-mails only another case of their key (default: capitalised, or back to the key); phones none.
   */
  | { type: 'retitle'; id: number; title?: string }
  /** The record shows another value of a shared identifier: `group` (a group number), the group of record `like`, or (neither) a fresh value no record shows. */
  | { type: 'setShared'; id: number; identifier: SharedIdentifier; group?: number; like?: number }
  /** Body patch: `path` is "block.field[.sub...]" (the block must be served) or "block" (replaced whole); `value` is JSON. */
  | { type: 'setField'; id: number; path: string; value: unknown }
  /** The record answers 404 from now on; the records listing it keep listing it. */
  | { type: 'gone'; id: number }
  /** A record gone in the world being evolved answers again, as it was. */
  | { type: 'back'; id: number }
  /**
   * A new record of `kind` with a new page number (default: above every id in use), listed in list
   * `listedBy.field` (default the related list of `kind`) of record `listedBy.id`, and nowhere else; it
   * lists its lister back (in the same list for similar/competitor lists, else in the related list of the lister's kind).
   */
  | { type: 'newRecord'; kind: LandingKind; listedBy: { id: number; field?: RelationField }; id?: number };
