import type { Hub, NetworkResult } from './model.js';
import { byScore, byShared } from './networks.js';

/**
 * Networks a batch of whole components at a time (pure). The pure core run on the evidence of whole components
 * finds what it finds on the whole scope: a component's ties are all among its own records, hubs are counted over
 * the whole graph whatever the scope, and a Louvain split looks at one component only. So the components computed
 * in the database (gds.ts) can be split and described in batches of bounded size, and the results joined.
 */

/**
 * Components in batches of at most `maxRecords` records (a larger component is a batch of its own), in the order
 * given. `maxRecords` bounds the evidence a process holds at once.
 */
export function componentBatches<T>(components: readonly (readonly T[])[], maxRecords: number): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  for (const component of components) {
    if (batch.length > 0 && batch.length + component.length > maxRecords) {
      batches.push(batch);
      batch = [];
    }
    // Not push(...component): a component of a hundred thousand records overflows the call stack as arguments.
    for (const record of component) batch.push(record);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * The results of batches as one, ordered as findNetworks orders its own: networks by score, size and id; hubs most
 * shared first, each once (a hub several batches meet has one count, the whole graph's).
 */
export function joinResults(results: readonly NetworkResult[]): NetworkResult {
  const networks = results.flatMap((r) => r.networks);
  networks.sort(byScore);
  const hubs = new Map<string, Hub>();
  for (const hub of results.flatMap((r) => r.hubs)) {
    const key = `${hub.kind}\n${hub.key}`;
    const seen = hubs.get(key);
    if (!seen || seen.shared < hub.shared) hubs.set(key, hub);
  }
  return {
    networks,
    hubs: [...hubs.values()].sort(byShared),
    split: results.reduce((sum, r) => sum + r.split, 0),
  };
}
