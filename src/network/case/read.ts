import { toNumber } from '../../store/numbers.js';
import type { Driver } from 'neo4j-driver';
import type { LandingRef } from '../../api/refs.js';
import { refToString } from '../../api/refs.js';
import { DEFAULT_NETWORK_OPTIONS } from '../model.js';
import { describeGroups } from '../networks.js';
import { readEvidence } from '../store.js';
import { runNamed } from '../../store/executor.js';
import { memberKey, type NetworkMember, type NetworkResult } from '../model.js';
import {
  type CaseName,
  identifierName,
  identifierNameRef,
  identifierRef,
  memberRef,
  type CaseNames,
  type CaseNetworks,
  describeCaseNetworks,
  type NameRef,
  namesToRead,
  type NetworkComputed,
  seedNameRefs,
  seedRef,
  skippedCaseNetworks,
} from './findings.js';

export interface CaseNetworkOptions {
  /** Default: the server's default database. */
  database?: string | undefined;
  /** Default: DEFAULT_MAX_SHARED, as `networks`. */
  maxShared?: number;
  /** The export's --depth: shown, it narrows what the case file lists and never what a network is. Default: 1. */
  depth?: number;
  /** The export's --as-of: the written networks are of the current graph, so none are shown for the past. */
  asOf?: string | null;
}

/** A network `networks` wrote (cypher/network/seed-networks.cypher), with the seeds (seedRef) it holds. */
interface WrittenNetwork {
  id: string;
  size: number;
  computed: NetworkComputed;
  seeds: string[];
  members: { member: NetworkMember; elementId: string }[];
}

/**
 * The seeds' networks for the case file: for each seed, the latest network `networks` wrote over the whole graph
 * or a crawl that holds it (`query network-of` shows the same) — never one computed afresh over the export's
 * `<seeds> --depth N`, which would make "the network of X" change with the depth. Each is described from the
 * current evidence of its members (src/network's reader and pure core, as `networks` describes its groups), then
 * one statement (cypher/export/network-names.cypher) names the members and identifiers. When no network was
 * written the section says how to compute them.
 */
export async function readCaseNetworks(
  driver: Driver,
  seeds: readonly LandingRef[],
  options: CaseNetworkOptions = {},
): Promise<CaseNetworks> {
  const maxShared = options.maxShared ?? DEFAULT_NETWORK_OPTIONS.maxShared;
  const params = { seeds: seeds.map(refToString), depth: options.depth ?? 1, maxShared };
  if (options.asOf) {
    return skippedCaseNetworks(
      params,
      `Networks are computed on the current state of the graph; this export shows it as of ${options.asOf}, so none are shown.`,
    );
  }
  const run = { mode: 'read' as const, database: options.database };
  const [latestRow] = await runNamed(driver, 'network/latest-computed', {}, run);
  const latest = latestRow ? { at: String(latestRow.computedAt), scopes: (latestRow.scopes as unknown[]).map(String) } : null;
  const written = (
    await runNamed(
      driver,
      'network/seed-networks',
      { seeds: seeds.map((s) => ({ ref: seedRef(s), kind: s.kind, id: s.id ?? null, key: s.id === undefined ? (s.key ?? null) : null })) },
      run,
    )
  ).map(writtenNetwork);
  // Newest first: each seed keeps the first network that holds it.
  const chosen: WrittenNetwork[] = [];
  const placed = new Set<string>();
  for (const n of written) {
    if (n.seeds.every((s) => placed.has(s))) continue;
    for (const s of n.seeds) placed.add(s);
    chosen.push(n);
  }
  const evidence = await readEvidence(
    driver,
    { type: 'records', elementIds: [...new Set(chosen.flatMap((n) => n.members.map((m) => m.elementId)))] },
    { database: options.database, maxShared, hubMembers: true },
  );
  const result = describeGroups(
    evidence,
    { ...DEFAULT_NETWORK_OPTIONS, maxShared },
    chosen.map((n) => n.members.map((m) => memberKey(m.member))),
  );
  const seedNames = await readNames(driver, seedNameRefs(seeds), options.database);
  const names = new Map([
    ...seedNames,
    ...(await readNames(driver, namesToRead(result.networks, result.hubs, evidence), options.database)),
  ]);
  const writtenAs = new Map(result.networks.map((n, i) => [n.id, chosen[i]!]));
  const described = describeCaseNetworks(evidence, result, seeds, names, params);
  for (const n of described.networks) {
    // Named by the id it was written with: the members' evidence may have changed since.
    const w = writtenAs.get(n.id)!;
    n.id = w.id;
    n.computed = w.computed;
    n.sizeWritten = w.size;
  }
  return { ...described, latest, others: 0 };
}

function writtenNetwork(row: Record<string, unknown>): WrittenNetwork {
  const optional = (v: unknown) => (v === null || v === undefined ? null : v);
  return {
    id: String(row.id),
    size: toNumber(row.size),
    computed: { at: String(row.computedAt), scopes: (row.scopes as unknown[]).map(String) },
    seeds: (row.seeds as unknown[]).map(String),
    members: (row.members as Record<string, unknown>[]).map((m) => ({
      member: {
        kind: String(m.kind) as NetworkMember['kind'],
        id: optional(m.id) === null ? null : toNumber(m.id),
        key: optional(m.key) === null ? null : String(m.key),
      },
      elementId: String(m.elementId),
    })),
  };
}

/** Names by memberKey and by identifierRef (an identifier's name carries its key: `ООО "Ромашка" (7707083893)`). */
export interface TableNames {
  members: Map<string, string>;
  identifiers: Map<string, string>;
}

/**
 * Names for the terminal table of `networks`: its first `maxMembers` members and `evidence` strongest identifiers of
 * each network, as `ООО "Ромашка"` or `Иванов Иван (INN 500100732259)` by ref (memberKey / identifierRef); what has no
 * name other than its key is left out (the table shows the key).
 */
export async function readTableNames(
  driver: Driver,
  result: NetworkResult,
  options: { database?: string | undefined; maxMembers: number; evidence: number },
): Promise<TableNames> {
  const refs = result.networks.flatMap((n) => [
    ...n.members.slice(0, options.maxMembers).map(memberRef),
    ...n.evidence.slice(0, options.evidence).map((e) => identifierNameRef(e.kind, e.key)),
  ]);
  // Only the lookup's named kinds are asked for: over a whole graph the others are most of the refs, each a round trip's share.
  const unique = [...new Map(refs.filter(hasName).map((r) => [r.ref, r])).values()];
  const found = await readNames(driver, unique, options.database);
  const names: TableNames = { members: new Map(), identifiers: new Map() };
  for (const n of result.networks) {
    for (const e of n.evidence.slice(0, options.evidence)) {
      const ref = identifierRef(e.kind, e.key);
      const named = identifierName(e.kind, e.key, found.get(ref)?.name ?? null);
      if (named !== e.key) names.identifiers.set(ref, named);
    }
    for (const m of n.members.slice(0, options.maxMembers)) {
      const name = found.get(memberKey(m))?.name;
      if (name && name !== m.key) names.members.set(memberKey(m), name);
    }
  }
  return names;
}

/** Whether cypher/export/network-names.cypher can name the ref: a pivot (its value) or a company (its title); a domain, e-mail or phone is shown by its key. */
function hasName(ref: NameRef): boolean {
  return ref.pivot || ref.kind === 'company';
}

async function readNames(driver: Driver, refs: readonly NameRef[], database: string | undefined): Promise<CaseNames> {
  const names = new Map<string, CaseName>();
  for (let i = 0; i < refs.length; i += 1000) {
    const rows = await runNamed(driver, 'export/network-names', { refs: refs.slice(i, i + 1000) }, { mode: 'read', database });
    for (const row of rows) {
      names.set(String(row.ref), {
        id: row.id === null || row.id === undefined ? null : toNumber(row.id),
        key: row.key === null || row.key === undefined ? null : String(row.key),
        name: typeof row.name === 'string' ? row.name : null,
        date: typeof row.date === 'string' ? row.date : null,
      });
    }
  }
  return names;
}
