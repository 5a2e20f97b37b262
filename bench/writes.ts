import type { GraphBatch } from '../src/graph/model.js';
import { inWriteTransaction } from '../src/store/executor.js';
import { writeGraph } from '../src/store/graph-writer.js';
import { toNeo4jParams } from '../src/store/params.js';
import { policyFor, settle, type Fetched } from './e2e.js';
import { graphCounts, resetGraph, type BenchNeo4j } from './lib/neo4j.js';
import type { Section } from './lib/report.js';
import { fmt, log } from './lib/util.js';

const RECORDS_PER_TRANSACTION = 100;

const NAIVE_NODE = 'MERGE (n:Landing {kind: $kind, id: $id}) SET n += $props';
const NAIVE_EDGE = {
  RELATED:
    'MATCH (a:Landing {kind: $fromKind, id: $fromId}), (b:Landing {kind: $toKind, id: $toId}) MERGE (a)-[:RELATED {list: $list}]->(b)',
  SIMILAR:
    'MATCH (a:Landing {kind: $fromKind, id: $fromId}), (b:Landing {kind: $toKind, id: $toId}) MERGE (a)-[:SIMILAR {list: $list}]->(b)',
  COMPETITOR:
    'MATCH (a:Landing {kind: $fromKind, id: $fromId}), (b:Landing {kind: $toKind, id: $toId}) MERGE (a)-[:COMPETITOR {list: $list}]->(b)',
} as const;

/**
 * The project's writer (writeGraph: merged batches, UNWIND of up to 500 node / 2000 edge rows per
 * statement, one transaction per 100 records) against the naive way (one auto-commit session.run per node
 * row and per edge row), on the same records' mapped batches (mapFetchedRecord: the record, a stub per
 * listed entity, an edge per list entry), each into an empty database.
 */
export async function writesBenchmark(neo: BenchNeo4j, fetched: Fetched[], count: number): Promise<Section> {
  const sample = fetched.filter((f) => f.body !== null).slice(0, count);
  const policy = policyFor('bench-writes', 20);
  const batches: GraphBatch[] = sample.map((f) => {
    const mapped = settle(f, 'bench-writes', policy).batches[0]!;
    return { nodes: mapped.nodes, edges: mapped.edges };
  });
  const nodeRows = batches.reduce((n, b) => n + b.nodes.length, 0);
  const edgeRows = batches.reduce((n, b) => n + b.edges.length, 0);
  const section: Section = {
    title: "3. Writes: the project's writer against the naive way",
    method: [
      `The first ${fmt.int(sample.length)} fetched records of the end-to-end graph, mapped with mapFetchedRecord (${fmt.int(nodeRows)} node rows, ${fmt.int(edgeRows)} edge rows; pivots left out: the naive way has none). ` +
        `Project's writer: writeGraph in one managed write transaction per ${RECORDS_PER_TRANSACTION} records (as the crawler's commits). ` +
        'Naive: for each record, for each node row `MERGE (n:Landing {kind:$kind, id:$id}) SET n += $props`, then for each edge row `MATCH (a…),(b…) MERGE (a)-[:RELATED|SIMILAR|COMPETITOR {list:$list}]->(b)`, each its own auto-commit `session.run` (one session reused). Each starts from an empty database with the schema applied. ' +
        'Rate = graph elements that exist afterwards (distinct Landing nodes + list edges, the same for both) / wall time.',
    ],
    figures: [],
    notes: [],
  };
  const database = neo.connection.database;
  const now = new Date().toISOString();

  await resetGraph(neo);
  log(`writes: project's writer, ${sample.length} records`);
  let started = performance.now();
  for (let i = 0; i < batches.length; i += RECORDS_PER_TRANSACTION) {
    const chunk = batches.slice(i, i + RECORDS_PER_TRANSACTION);
    await inWriteTransaction(neo.driver, (tx) => writeGraph(tx, chunk, now), database ? { database } : {});
  }
  const writerMs = performance.now() - started;
  const writerCounts = await graphCounts(neo);

  await resetGraph(neo);
  log(`writes: naive, ${nodeRows + edgeRows} statements`);
  const capMs = Number(process.env.BENCH_NAIVE_CAP_S ?? 240) * 1000;
  const session = neo.driver.session(database ? { database } : {});
  let statements = 0;
  let capped = false;
  started = performance.now();
  try {
    for (const batch of batches) {
      for (const n of batch.nodes) {
        const props: Record<string, unknown> = {
          key: n.key,
          status: n.status,
          title: n.title,
          href: n.href,
          provider: n.provider,
          raw: n.raw,
          error: n.error,
          ...n.props,
        };
        for (const k of Object.keys(props)) if (props[k] === null || props[k] === undefined) delete props[k];
        await session.run(NAIVE_NODE, toNeo4jParams({ kind: n.kind, id: n.id, props }));
        statements++;
      }
      for (const e of batch.edges) {
        await session.run(
          NAIVE_EDGE[e.type],
          toNeo4jParams({ fromKind: e.fromKind, fromId: e.fromId, toKind: e.toKind, toId: e.toId, list: e.list }),
        );
        statements++;
      }
      if (performance.now() - started > capMs) {
        capped = true;
        break;
      }
    }
  } finally {
    await session.close();
  }
  const naiveRunMs = performance.now() - started;
  const naiveCounts = await graphCounts(neo);
  // Capped: the naive time for all statements, extrapolated at the rate it kept.
  const naiveMs = capped ? (naiveRunMs * (nodeRows + edgeRows)) / statements : naiveRunMs;

  const elements = writerCounts.landing + writerCounts.listEdges;
  const speedup = naiveMs / writerMs;
  section.figures.push(
    {
      name: "project's writer: graph elements per second",
      value: `${fmt.int((elements * 1000) / writerMs)} (${fmt.int(elements)} in ${fmt.s(writerMs)}; ${fmt.int(((nodeRows + edgeRows) * 1000) / writerMs)} rows/s)`,
    },
    {
      name: 'naive: graph elements per second',
      value: `${fmt.int((elements * 1000) / naiveMs)} (${fmt.int(elements)} in ${fmt.s(naiveMs)}${capped ? ', extrapolated' : ''}; ${fmt.int((statements * 1000) / naiveRunMs)} statements/s)`,
    },
    { name: "speed-up (naive time / writer's time)", value: `${fmt.num(speedup, 1)} x`, target: '>= 10 x', pass: speedup >= 10 },
  );
  section.notes.push(
    `Afterwards — writer: ${fmt.int(writerCounts.landing)} Landing nodes, ${fmt.int(writerCounts.listEdges)} list edges; naive: ${fmt.int(naiveCounts.landing)} Landing nodes, ${fmt.int(naiveCounts.listEdges)} list edges${capped ? ` (stopped after ${fmt.s(capMs)} at ${fmt.int(statements)} of ${fmt.int(nodeRows + edgeRows)} statements; its time for all of them is extrapolated)` : ''}.`,
    'The naive way does less per element than the writer: no kind labels (:Domain …), no firstSeenAt/lastSeenAt, no stub/fetched precedence, no key-conflict check.',
  );
  if (!capped && (naiveCounts.landing !== writerCounts.landing || naiveCounts.listEdges !== writerCounts.listEdges))
    section.notes.push('The two graphs differ in size: see the counts above.');
  return section;
}
