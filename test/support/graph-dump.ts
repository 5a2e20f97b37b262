import type { Driver } from 'neo4j-driver';
import { relationList } from '../../src/api/kinds.js';
import type { Reachable } from '../../src/sandbox/index.js';

/**
 * A canonical, sorted dump of the current state (relationships without removedAt) of the list layer of the landing graph (nodes with a page number: kinds, ids,
 * keys, statuses; RELATED/SIMILAR/COMPETITOR edges by list) for comparing a crawl with the sandbox's
 * ground truth or with another crawl. Entities named only inside blocks (key-only stubs) and pivots
 * belong to the block layer, which dumpBlockLayer covers.
 */
export interface GraphDump {
  nodes: string[];
  edges: string[];
}

export async function dumpGraph(driver: Driver, database?: string): Promise<GraphDump> {
  const opts = database ? { database } : {};
  const nodes = await driver.executeQuery(
    'MATCH (n:Landing) WHERE n.id IS NOT NULL RETURN n.kind AS kind, n.id AS id, n.key AS key, n.status AS status, labels(n) AS labels',
    {},
    opts,
  );
  const edges = await driver.executeQuery(
    'MATCH (a:Landing)-[r:RELATED|SIMILAR|COMPETITOR]->(b:Landing) WHERE r.removedAt IS NULL RETURN type(r) AS type, r.list AS list, a.kind AS ak, a.id AS ai, b.kind AS bk, b.id AS bi',
    {},
    opts,
  );
  return {
    nodes: nodes.records
      .map(
        (r) =>
          `${r.get('kind')}#${r.get('id')} ${r.get('status')} ${r.get('key') ?? '-'} [${[...(r.get('labels') as string[])].sort().join(',')}]`,
      )
      .sort(),
    edges: edges.records
      .map((r) => `${r.get('ak')}#${r.get('ai')} -${r.get('type')}:${r.get('list')}-> ${r.get('bk')}#${r.get('bi')}`)
      .sort(),
  };
}

/** Counts of the block layer: pivots by kind, their links by type, key-only stubs. For crawl-vs-crawl equality. */
export async function dumpBlockLayer(driver: Driver, database?: string): Promise<string[]> {
  const opts = database ? { database } : {};
  const pivots = await driver.executeQuery('MATCH (p:Pivot) RETURN p.kind + ":" + p.key AS k', {}, opts);
  const links = await driver.executeQuery(
    'MATCH (a:Landing)-[r]->(b) WHERE NOT type(r) IN ["RELATED", "SIMILAR", "COMPETITOR"] AND r.removedAt IS NULL RETURN a.kind + "#" + a.id + " -" + type(r) + "-> " + coalesce(b.kind + "#" + b.id, b.kind + ":" + b.key) AS k',
    {},
    opts,
  );
  const stubs = await driver.executeQuery(
    "MATCH (n:Landing) WHERE n.id IS NULL RETURN n.kind + ':' + n.key + ' ' + n.status AS k",
    {},
    opts,
  );
  return [...pivots.records, ...links.records, ...stubs.records].map((r) => String(r.get('k'))).sort();
}

/** The same dump, without keys and labels, as the ground truth predicts it. */
export function expectedDump(truth: Reachable): { nodes: string[]; edges: string[] } {
  const nodes = new Map<string, string>();
  for (const n of truth.stubs) nodes.set(`${n.kind}#${n.id}`, 'stub');
  for (const n of truth.notFound) nodes.set(`${n.kind}#${n.id}`, 'missing');
  for (const n of truth.fetched) nodes.set(`${n.kind}#${n.id}`, 'fetched');
  return {
    nodes: [...nodes].map(([id, status]) => `${id} ${status}`).sort(),
    edges: truth.edges.map((e) => `${e.fromKind}#${e.fromId} -${relationList(e.field).relation}:${e.field}-> ${e.toKind}#${e.toId}`).sort(),
  };
}

/** Drop keys and labels from a dump, to compare it with expectedDump. */
export function statusesOnly(dump: GraphDump): { nodes: string[]; edges: string[] } {
  return { nodes: dump.nodes.map((n) => n.split(' ').slice(0, 2).join(' ')).sort(), edges: dump.edges };
}
