import { toNumber } from '../../store/numbers.js';
import type { Driver } from 'neo4j-driver';
import type { LandingRef } from '../../api/refs.js';
import { refToString } from '../../api/refs.js';
import { DEFAULT_NETWORK_OPTIONS } from '../model.js';
import { findNetworks } from '../networks.js';
import { readEvidence } from '../store.js';
import { runNamed } from '../../store/executor.js';
import { memberKey, type NetworkResult } from '../model.js';
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
  seedNameRefs,
  seedNetworks,
  skippedCaseNetworks,
} from './findings.js';

/** The depth of `<seeds> --depth N` the case file looks for networks in when none is given: `networks`' default. */
export const CASE_NETWORK_DEPTH = 1;

export interface CaseNetworkOptions {
  /** Default: the server's default database. */
  database?: string | undefined;
  /** Default: DEFAULT_MAX_SHARED (20), as `networks`. */
  maxShared?: number;
  /** Default: CASE_NETWORK_DEPTH (1); `export` passes its own --depth. */
  depth?: number;
  /** The export's --as-of: networks are not computed for the past (the evidence reader shows the current state). */
  asOf?: string | null;
}

/**
 * The seeds' networks for the case file, computed afresh at export time — never read from :Network nodes, which
 * are as old as the last `networks` run, or absent if it never ran. The evidence of the records within `depth`
 * hops of the seeds is read by src/network's reader (the `networks <seeds> --depth` scope) and grouped by its
 * pure core with the same defaults, so the report shows what `networks <seeds>` would print. Then one statement
 * (cypher/export/network-names.cypher) names the members and identifiers. Unknown seeds are SEED_INVALID.
 */
export async function readCaseNetworks(
  driver: Driver,
  seeds: readonly LandingRef[],
  options: CaseNetworkOptions = {},
): Promise<CaseNetworks> {
  const maxShared = options.maxShared ?? DEFAULT_NETWORK_OPTIONS.maxShared;
  const depth = options.depth ?? CASE_NETWORK_DEPTH;
  const params = { seeds: seeds.map(refToString), depth, maxShared };
  if (options.asOf) {
    return skippedCaseNetworks(
      params,
      `Networks are computed on the current state of the graph; this export shows it as of ${options.asOf}, so none are shown.`,
    );
  }
  const evidence = await readEvidence(
    driver,
    { type: 'seeds', seeds, depth, maxShared },
    { database: options.database, maxShared, hubMembers: true },
  );
  const result = findNetworks(evidence, { ...DEFAULT_NETWORK_OPTIONS, maxShared });
  const seedNames = await readNames(driver, seedNameRefs(seeds), options.database);
  const chosen = seedNetworks(result, seeds, seedNames);
  const names = new Map([...seedNames, ...(await readNames(driver, namesToRead(chosen, result.hubs, evidence), options.database))]);
  return describeCaseNetworks(evidence, result, seeds, names, params);
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
  const unique = [...new Map(refs.map((r) => [r.ref, r])).values()];
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
