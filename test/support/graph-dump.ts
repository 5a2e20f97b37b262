import type { Driver } from 'neo4j-driver';
import { relationList } from '../../src/api/kinds.js';
import type { Reachable } from '../../src/sandbox/index.js';

/**
 * A canonical, sorted dump of the landing graph (node kinds, ids, keys, statuses; edges by type and list)
 * for comparing a crawl with the sandbox's ground truth or with another crawl.
 */
export interface GraphDump {
  nodes: string[];
  edges: string[];
}

export async function dumpGraph(driver: Driver, database?: string): Promise<GraphDump> {
  const opts = database ? { database } : {};
  const nodes = await driver.executeQuery('MATCH (n:Landing) RETURN n.kind AS kind, n.id AS id, n.key AS key, n.status AS status, labels(n) AS labels', {}, opts);
  const edges = await driver.executeQuery(
    'MATCH (a:Landing)-[r:RELATED|SIMILAR|COMPETITOR]->(b:Landing) RETURN type(r) AS type, r.list AS list, a.kind AS ak, a.id AS ai, b.kind AS bk, b.id AS bi',
    {},
    opts,
  );
  return {
    nodes: nodes.records.map((r) => `${r.get('kind')}#${r.get('id')} ${r.get('status')} ${r.get('key') ?? '-'} [${[...(r.get('labels') as string[])].sort().join(',')}]`).sort(),
    edges: edges.records.map((r) => `${r.get('ak')}#${r.get('ai')} -${r.get('type')}:${r.get('list')}-> ${r.get('bk')}#${r.get('bi')}`).sort(),
  };
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
