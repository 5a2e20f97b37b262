import type { NodeRow } from '../model.js';
import type { CompanyNumbers, EmbeddedRef, KeyLinkRow, PivotBatch, PivotLinkRow, PivotRow } from './model.js';

/**
 * Merging of pivot rows, within one record and across records: one row per pivot (kind, key), per
 * (landing, pivot, type, role) and per (landing, target, type, role), the way the Cypher MERGEs them (role: HAS_OFFICER
 * only). The first value seen wins; `via` and `posts` become sorted sets; `main` is true when any row says so.
 */
export function mergePivotBatches(batches: readonly PivotBatch[]): PivotBatch {
  const pivots = new Map<string, PivotRow>();
  const links = new Map<string, PivotLinkRow>();
  const keyStubs = new Map<string, NodeRow>();
  const keyLinks = new Map<string, KeyLinkRow>();
  const embedded = new Map<string, EmbeddedRef>();
  const companyNumbers = new Map<string, CompanyNumbers>();
  for (const batch of batches) {
    for (const row of batch.pivots) merge(pivots, [row.kind, row.key], row, mergePivot);
    for (const row of batch.links)
      merge(links, [row.type, row.fromKind, row.fromId, row.pivotKind, row.pivotKey, row.role], row, mergeLink);
    for (const row of batch.keyStubs) merge(keyStubs, [row.kind, row.key], row, mergeKeyStub);
    for (const row of batch.keyLinks)
      merge(keyLinks, [row.type, row.fromKind, row.fromId, row.toKind, row.toKey, row.role], row, mergeKeyLink);
    for (const ref of batch.embedded) merge(embedded, [ref.kind, ref.key, ref.via], ref, (known) => known);
    for (const pair of batch.companyNumbers) merge(companyNumbers, [pair.inn, pair.ogrn], pair, (known) => known);
  }
  return {
    pivots: [...pivots.values()],
    links: [...links.values()],
    keyStubs: [...keyStubs.values()],
    keyLinks: [...keyLinks.values()],
    embedded: [...embedded.values()],
    companyNumbers: [...companyNumbers.values()],
  };
}

function merge<T>(rows: Map<string, T>, identity: unknown[], row: T, combine: (known: T, row: T) => T): void {
  // JSON keeps the parts apart whatever characters the keys hold.
  const id = JSON.stringify(identity);
  const known = rows.get(id);
  rows.set(id, known === undefined ? row : combine(known, row));
}

function mergePivot(known: PivotRow, row: PivotRow): PivotRow {
  return { ...known, name: known.name ?? row.name, inn: known.inn ?? row.inn, ogrn: known.ogrn ?? row.ogrn };
}

function mergeLink(known: PivotLinkRow, row: PivotLinkRow): PivotLinkRow {
  const main = known.main === null && row.main === null ? null : known.main === true || row.main === true;
  return {
    ...known,
    via: sortedSet(known.via, row.via),
    posts: sortedSet(known.posts, row.posts),
    main,
  };
}

function mergeKeyLink(known: KeyLinkRow, row: KeyLinkRow): KeyLinkRow {
  return {
    ...known,
    via: sortedSet(known.via, row.via),
    posts: sortedSet(known.posts, row.posts),
  };
}

/** A stub named twice keeps the first title and the facts of both (a founder entry's name, INN, OGRN). */
function mergeKeyStub(known: NodeRow, row: NodeRow): NodeRow {
  return { ...known, title: known.title ?? row.title, props: { ...row.props, ...known.props } };
}

/** Distinct values of both lists, sorted (the order the Cypher stores them in). */
export function sortedSet<T extends string>(...lists: readonly (readonly T[])[]): T[] {
  return [...new Set(lists.flat())].sort();
}
