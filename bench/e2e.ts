import { LandingClient } from '../src/client/client.js';
import { parseLandingRecord } from '../src/api/schemas/index.js';
import { isLandingGraphError, LandingGraphError } from '../src/errors.js';
import { crawlFingerprint } from '../src/crawl/fingerprint.js';
import { parseCrawlOptions } from '../src/crawl/options.js';
import { mergeCommits, settleFailed, settleFetched, taskUid, type SettlePolicy } from '../src/crawl/settle.js';
import type { Commit, FrontierTask } from '../src/crawl/frontier-store.js';
import { CrawlStore } from '../src/store/crawl-store.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  COMMIT_STATEMENTS,
  FRONTIER_READS,
  graphCounts,
  type GraphCounts,
  planningCosts,
  replanCounter,
  resetGraph,
  serverPid,
  type BenchNeo4j,
} from './lib/neo4j.js';
import { type CpuReport, cpuMeter, cpuText } from './lib/cpu.js';
import { runCliProcess, startCrawl, type SandboxProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { fmt, log, outDir, tail } from './lib/util.js';
import { writeSeedsFile, type RecordRef, type Workload } from './lib/workload.js';

export const E2E_CONCURRENCY = 16;
/** The CLI takes no "unlimited": this is the largest practical --rps (the limiter then spaces starts 1 ms apart). */
export const UNTHROTTLED_RPS = 1_000_000;
/** CrawlOptions.commitEvery's default: records per commit. */
const COMMIT_EVERY = 100;
/** Commits written at once, as the crawler does by default. */
const COMMITS_IN_FLIGHT = parseCrawlOptions({}).commitsInFlight;

/** A record as the HTTP ceiling fetched it, kept (UTF-8) for the store ceiling and the writes benchmark. */
export interface Fetched {
  ref: RecordRef;
  /** null: the service answered 404. */
  body: Buffer | null;
}

export interface E2EResult {
  section: Section;
  fetched: Fetched[];
}

/**
 * End to end, unthrottled, with its two ceilings measured in the same run on the same records:
 * - end to end: the CLI crawls the sandbox into an empty Neo4j (--concurrency 16);
 * - HTTP ceiling: LandingClient + parseLandingRecord on the same records, 16 at a time, no Neo4j;
 * - store ceiling: the same records settled as settle.ts does (parse, mapFetchedRecord, pivotsOf, frontier
 *   changes), committed with CrawlStore.commit in batches of commitEvery (100), in BFS order, no HTTP; only
 *   the commits are timed.
 */
export async function e2eBenchmark(neo: BenchNeo4j, sandbox: SandboxProcess, workload: Workload): Promise<E2EResult> {
  const section: Section = {
    title: '2. End to end, unthrottled, against its ceilings',
    method: [
      `Sandbox of ${fmt.int(workload.recordCount)} records (its own process, no latency). Seeds: ${workload.seeding}. ` +
        `End to end: \`landing-graph crawl --seeds-file … --depth ${workload.depth} --concurrency ${E2E_CONCURRENCY} --rps ${UNTHROTTLED_RPS} --json\` into an empty Neo4j (the CLI takes no unlimited rate; at this one its limiter spaces starts 1 ms apart, at most 1,000/s); the rate uses the crawl's own elapsed time (from the start of the crawl to its last commit; process start, Neo4j connection and schema excluded).`,
      `HTTP ceiling: the same ${fmt.int(workload.records.length)} requests with LandingClient (requestsPerSecond Infinity, maxConcurrent ${E2E_CONCURRENCY}) and parseLandingRecord, ${E2E_CONCURRENCY} at a time, in this process, no Neo4j. ` +
        `Store ceiling: the same records settled as src/crawl/settle.ts does (settleFetched: schema check, mapFetchedRecord, pivotsOf, frontier changes; settleFailed for 404s), merged ${COMMIT_EVERY} at a time (commitEvery) and committed with CrawlStore.commit in BFS order, ${COMMITS_IN_FLIGHT} at once as the crawler writes them (commitsInFlight), into an empty Neo4j after CrawlStore.create; timed from the first commit's start to the last one's end (mapped before, untimed: no HTTP, no mapping).`,
    ],
    figures: [],
    notes: [],
  };

  // End to end.
  await resetGraph(neo);
  const seedsFile = writeSeedsFile('e2e', workload.seeds);
  log(`e2e: crawling ${fmt.int(workload.records.length)} records (depth ${workload.depth}, ${workload.seeds.length} seeds)`);
  const replans = replanCounter(neo);
  const e2eCpu = cpuMeter();
  e2eCpu.follow('Neo4j', serverPid(neo));
  e2eCpu.follow('sandbox', sandbox.pid);
  const started = performance.now();
  const crawl = startCrawl({
    seedsFile,
    depth: workload.depth,
    rps: UNTHROTTLED_RPS,
    concurrency: E2E_CONCURRENCY,
    service: sandbox,
    neo4jEnv: neo.env,
  });
  e2eCpu.follow('crawler', crawl.pid, 'whole');
  const capMs = Number(process.env.BENCH_E2E_CAP_S ?? 900) * 1000;
  let capped = false;
  const cap = setTimeout(() => {
    capped = true;
    void crawl.interrupt();
  }, capMs);
  const exit = await crawl.done;
  clearTimeout(cap);
  const wallMs = performance.now() - started;
  const e2eCpuReport = e2eCpu.stop();
  const crawlReplans = replans?.();
  const summary = exit.summary;
  if (!summary && !capped)
    throw new Error(
      `the end-to-end crawl gave no summary (exit ${exit.code}${exit.signal ? ` ${exit.signal}` : ''}):\n${tail(exit.stderr)}`,
    );
  const counts = await graphCounts(neo);
  // Stopped at its time cap (interrupted: no summary): what Neo4j holds, over the process's wall time.
  const run = summary?.run ?? {
    fetched: counts.fetched,
    missing: 0,
    failed: 0,
    invalid: 0,
    nodesWritten: counts.nodes,
    edgesWritten: counts.relationships,
    elapsedMs: wallMs,
    retries: 0,
    rateLimitWaits: 0,
  };
  if (capped)
    section.notes.push(
      `The end-to-end crawl was stopped at its time cap (BENCH_E2E_CAP_S=${capMs / 1000}); its figures are from what Neo4j held then, over the process's wall time.`,
    );
  const settled = run.fetched + run.missing + run.failed + run.invalid;
  const e2eRate = (settled * 1000) / run.elapsedMs;
  const load = await loadFromJsonLines(neo, counts);
  log(`load: ${fmt.int(load.answers)} answers in ${fmt.s(load.ms)} = ${fmt.num(load.rate)}/s`);
  const e2eWrites = ((run.nodesWritten + run.edgesWritten) * 1000) / run.elapsedMs;
  log(`e2e: ${settled} records in ${fmt.s(run.elapsedMs)} = ${fmt.num(e2eRate)}/s`);

  // HTTP ceiling.
  const http = await httpCeiling(sandbox, workload.records);
  log(`http ceiling: ${fmt.num(http.rate)}/s`);

  // Store ceiling.
  const storeReplans = replanCounter(neo);
  const store = await storeCeiling(neo, sandbox.url, workload, http.fetched);
  const storeReplanCount = storeReplans?.();
  log(`store ceiling: ${fmt.num(store.rate)}/s`);

  // What a replan costs: Neo4j replans the statements as the graph grows (counted above).
  const planning = await planningCosts(neo, [...COMMIT_STATEMENTS, ...FRONTIER_READS]);
  const commitPlanningMs = planning
    .filter((p) => (COMMIT_STATEMENTS as readonly string[]).includes(p.name))
    .reduce((sum, p) => sum + p.planningMs, 0);
  const meanPlanningMs = planning.reduce((sum, p) => sum + p.planningMs, 0) / planning.length;

  const lower = Math.min(http.rate, store.rate);
  const coverage = run.fetched / workload.recordCount;
  section.figures.push(
    {
      name: 'end to end: records per second',
      value: `${fmt.num(e2eRate)} (${fmt.int(settled)} in ${fmt.s(run.elapsedMs)}; process wall ${fmt.s(wallMs)})`,
    },
    {
      name: 'end to end: graph writes per second (node + edge rows written / s)',
      value: `${fmt.int(e2eWrites)} (${fmt.int(run.nodesWritten)} node + ${fmt.int(run.edgesWritten)} edge rows)`,
    },
    { name: 'HTTP ceiling: records per second', value: `${fmt.num(http.rate)} (${fmt.int(http.count)} in ${fmt.s(http.ms)})` },
    {
      name: 'store ceiling: records per second',
      value: `${fmt.num(store.rate)} (${fmt.int(store.records)}${store.capped ? ' (capped)' : ''} in ${fmt.s(store.ms)} of commits; ${fmt.int(store.writesPerSecond)} writes/s)`,
    },
    {
      name: 'store ceiling: graph writes per second',
      value: `${fmt.int(store.writesPerSecond)}`,
      target: '>= 20,000',
      pass: store.writesPerSecond >= 20_000,
    },
    ...(crawlReplans === undefined
      ? []
      : [
          {
            name: 'Neo4j replans during the end-to-end crawl',
            value: `${crawlReplans} (store ceiling: ${storeReplanCount ?? '?'})`,
            target: '<= 5',
            pass: crawlReplans <= 5,
          },
        ]),
    {
      name: `end to end / lower ceiling (${http.rate <= store.rate ? 'HTTP' : 'store'})`,
      value: `${fmt.pct(e2eRate / lower)} (${fmt.num(e2eRate)} rec/s; HTTP ceiling ${fmt.num(http.rate)}, store ceiling ${fmt.num(store.rate)}${store.capped ? ', capped' : ''})`,
      target: '>= 70 %',
      pass: e2eRate / lower >= 0.7,
    },
    {
      name: `load: \`landing-graph load --jsonl\` of the crawl's ${fmt.int(load.answers)} answers into an empty graph, answers per second`,
      value: `${fmt.num(load.rate)} (${fmt.s(load.ms)} of which the CLI reported ${fmt.s(load.reportedMs)} writing; graph ${load.equal ? 'equal to' : 'NOT equal to'} the crawled one: ${load.detail})`,
      pass: load.equal,
      target: 'graph equal',
    },
    {
      name: 'coverage: records fetched / records in the graph',
      value: `${fmt.int(run.fetched)} / ${fmt.int(workload.recordCount)} = ${fmt.pct(coverage, 2)}`,
      target: '100 %',
      pass: run.fetched === workload.recordCount && summary?.status === 'finished',
    },
  );
  section.notes.push(
    `End-to-end crawl: status ${summary?.status ?? 'interrupted'}, ${run.missing} missing (404, dangling ids), ${run.failed} failed, ${run.invalid} invalid, ${run.retries} retries; ` +
      `Neo4j afterwards: ${fmt.int(counts.landing)} Landing nodes (${fmt.int(counts.fetched)} fetched), ${fmt.int(counts.pivots)} pivots, ${fmt.int(counts.relationships)} relationships of which ${fmt.int(counts.listEdges)} list edges (expected ${fmt.int(workload.expectedListEdges)}).`,
    ...(crawlReplans === undefined
      ? []
      : [
          `Neo4j replanned cached statements ${crawlReplans} times during the end-to-end crawl and ${storeReplanCount ?? '?'} times during the store ceiling ("Discarded stale query from the query cache" in its debug.log: the statistics of a graph growing from empty keep diverging from those the plans were made with); at the mean planning cost below that is roughly ${fmt.s((crawlReplans ?? 0) * meanPlanningMs)} of the crawl's ${fmt.s(run.elapsedMs)} spent planning.`,
        ]),
    `Planning cost per statement (\`CYPHER replan=force\` against the cached plan, empty parameters, median of 3, on the ${fmt.int(store.records)}-record graph): ${planning.map((p) => `${p.name} ${fmt.int(p.planningMs)} ms`).join(', ')}; the ${COMMIT_STATEMENTS.length} statements of one commit: ${fmt.int(commitPlanningMs)} ms to plan (executing them cached with nothing to do: ${fmt.int(planning.filter((p) => (COMMIT_STATEMENTS as readonly string[]).includes(p.name)).reduce((sum, p) => sum + p.cachedMs, 0))} ms).`,
    `Where the processors' time goes (CPU seconds from /proc; the crawler's whole process, the others over the measurement): end to end, the crawler's process from start to exit: ${cpuText(e2eCpuReport)}. Store ceiling, its commits: ${cpuText(store.cpu)}. ${cpuComparison(e2eCpuReport, settled, store.cpu, store.records)}`,
    `Store ceiling${store.capped ? ` stopped at its time cap (BENCH_STORE_CAP_S) after ${fmt.int(store.records)} of ${fmt.int(http.fetched.length)} records; it` : ''} wrote ${fmt.int(store.nodes)} node + ${fmt.int(store.edges)} edge rows in ${store.commits} commits (slowest ${fmt.s(store.slowestMs)}); commit time by size of the graph (summed over commits; ${COMMITS_IN_FLIGHT} overlap at a time): ${store.thirds}.`,
  );
  return { section, fetched: http.fetched };
}

/**
 * `landing-graph load --jsonl` of the answers the crawl wrote (their raw text and fetchedAt, dumped to a
 * file), timed as a process, into an emptied graph; compared with the crawled graph's counts (the crawl's
 * 404s are stubs after a load: such files carry answers only).
 */
async function loadFromJsonLines(
  neo: BenchNeo4j,
  crawled: GraphCounts,
): Promise<{ answers: number; ms: number; reportedMs: number; rate: number; equal: boolean; detail: string }> {
  const database = neo.connection.database ? { database: neo.connection.database } : {};
  const rows = await neo.driver.executeQuery(
    "MATCH (n:Landing {status: 'fetched'}) RETURN n.kind AS kind, n.raw AS raw, toString(n.fetchedAt) AS fetchedAt",
    {},
    database,
  );
  const file = path.join(outDir, 'e2e-answers.jsonl');
  writeFileSync(file, `${rows.records.map((r) => JSON.stringify(r.toObject())).join('\n')}\n`);
  await resetGraph(neo);
  const started = performance.now();
  const exit = await runCliProcess(['load', '--jsonl', file, '--json'], neo.env);
  const ms = performance.now() - started;
  if (exit.code !== 0) throw new Error(`load exited ${exit.code}:\n${tail(exit.stderr)}`);
  const reported = JSON.parse(exit.stdout) as { loaded: number; elapsedMs: number };
  const after = await graphCounts(neo);
  const missing = crawled.landing - crawled.fetched - (after.landing - after.fetched);
  const equal =
    after.fetched === crawled.fetched &&
    after.landing === crawled.landing &&
    after.pivots === crawled.pivots &&
    after.relationships === crawled.relationships;
  const detail = `${fmt.int(after.fetched)} fetched, ${fmt.int(after.landing)} Landing, ${fmt.int(after.pivots)} pivots, ${fmt.int(after.relationships)} relationships (crawl: ${fmt.int(crawled.fetched)}, ${fmt.int(crawled.landing)}, ${fmt.int(crawled.pivots)}, ${fmt.int(crawled.relationships)}${missing !== 0 ? `; ${missing} unfetched nodes differ` : ''})`;
  return {
    answers: reported.loaded,
    ms,
    reportedMs: reported.elapsedMs,
    rate: (reported.loaded * 1000) / reported.elapsedMs,
    equal,
    detail,
  };
}

/** The same requests as a crawl of `records` makes, with LandingClient and parseLandingRecord, `E2E_CONCURRENCY` at a time, no Neo4j. */
export async function httpCeiling(
  sandbox: { url: string; apiKey: string },
  records: RecordRef[],
): Promise<{ rate: number; ms: number; count: number; fetched: Fetched[] }> {
  const client = new LandingClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    requestsPerSecond: Infinity,
    maxConcurrent: E2E_CONCURRENCY,
  });
  const fetched: Fetched[] = new Array(records.length);
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= records.length) return;
      const ref = records[i]!;
      try {
        const record = await client.fetch({ kind: ref.kind, id: ref.id });
        parseLandingRecord(ref.kind, JSON.parse(record.text));
        fetched[i] = { ref, body: Buffer.from(record.text, 'utf8') };
      } catch (error) {
        if (!isLandingGraphError(error, 'API_NOT_FOUND')) throw error;
        fetched[i] = { ref, body: null };
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: E2E_CONCURRENCY }, worker));
  } finally {
    await client.close();
  }
  const ms = performance.now() - started;
  return { rate: (records.length * 1000) / ms, ms, count: records.length, fetched };
}

export function policyFor(crawlId: string, maxDepth: number): SettlePolicy {
  const options = parseCrawlOptions({ maxDepth });
  return {
    crawlId,
    maxDepth,
    follow: new Set(options.follow),
    kinds: new Set(options.kinds),
    maxFanout: undefined,
    skip: new Set(),
    aliasKeys: false,
  };
}

/** A record as the crawler settles it (settle.ts), from the kept body. */
export function settle(f: Fetched, crawlId: string, policy: SettlePolicy): Commit {
  const task: FrontierTask = {
    uid: taskUid(crawlId, { kind: f.ref.kind, id: f.ref.id }),
    kind: f.ref.kind,
    id: f.ref.id,
    key: null,
    depth: f.ref.depth,
  };
  if (f.body === null) return settleFailed(task, new LandingGraphError('API_NOT_FOUND', 'not found'));
  const text = f.body.toString('utf8');
  return settleFetched(task, { ref: { kind: f.ref.kind, id: f.ref.id }, text, attempts: 1 }, policy);
}

async function storeCeiling(neo: BenchNeo4j, baseUrl: string, workload: Workload, fetched: Fetched[]) {
  await resetGraph(neo);
  const store = new CrawlStore(neo.driver, neo.connection.database);
  const options = parseCrawlOptions({ maxDepth: workload.depth });
  const seeds = workload.seeds.map((s) => ({ kind: s.kind, id: s.id }));
  const fingerprint = crawlFingerprint(baseUrl, seeds, options);
  const crawlId = `${fingerprint}-bench`;
  const now = () => new Date().toISOString();
  await store.create(
    {
      id: crawlId,
      fingerprint,
      seeds: seeds.map((s) => `${s.kind}#${s.id}`),
      maxDepth: workload.depth,
      options: JSON.stringify(options),
      baseUrl,
    },
    seeds.map((s) => ({ uid: taskUid(crawlId, s), kind: s.kind, id: s.id, key: null })),
    now(),
  );
  await store.startRun(crawlId, now());
  const policy = policyFor(crawlId, workload.depth);
  let nodes = 0;
  let edges = 0;
  let commits = 0;
  let slowestMs = 0;
  const perThird = [0, 0, 0];
  const capMs = Number(process.env.BENCH_STORE_CAP_S ?? 900) * 1000;
  let records = 0;
  let capped = false;
  // Mapped first, untimed; then written as the crawler writes them: in BFS order, commitsInFlight at once
  // (src/crawl/commit-buffer.ts).
  const settled: Commit[] = [];
  for (let i = 0; i < fetched.length; i += COMMIT_EVERY)
    settled.push(mergeCommits(fetched.slice(i, i + COMMIT_EVERY).map((f) => settle(f, crawlId, policy))));
  let next = 0;
  const cpu = cpuMeter();
  cpu.follow('Neo4j', serverPid(neo));
  cpu.follow('this process (the commits)', process.pid);
  const started = performance.now();
  const lane = async () => {
    for (;;) {
      const index = next++;
      const commit = settled[index];
      if (commit === undefined) return;
      const i = index * COMMIT_EVERY;
      if (performance.now() - started > capMs) {
        capped = true;
        return;
      }
      const commitStarted = performance.now();
      const written = await store.commit(crawlId, commit, now());
      const took = performance.now() - commitStarted;
      slowestMs = Math.max(slowestMs, took);
      perThird[Math.min(2, Math.floor((i / fetched.length) * 3))]! += took;
      nodes += written.nodes;
      edges += written.edges;
      commits += 1;
      records += commit.done.length;
    }
  };
  await Promise.all(Array.from({ length: COMMITS_IN_FLIGHT }, lane));
  const ms = performance.now() - started;
  const cpuReport = cpu.stop();
  const thirds = `first third ${fmt.s(perThird[0]!)}, second ${fmt.s(perThird[1]!)}, last ${fmt.s(perThird[2]!)}`;
  return {
    rate: (records * 1000) / ms,
    ms,
    records,
    capped,
    nodes,
    edges,
    commits,
    slowestMs,
    thirds,
    writesPerSecond: ((nodes + edges) * 1000) / ms,
    cpu: cpuReport,
  };
}

/**
 * What the end to end pays that the store ceiling does not: Neo4j's time per record in each, and the processors'
 * time the crawler and the sandbox take beside it, which the store ceiling's records were spared (mapped before).
 */
function cpuComparison(e2e: CpuReport, e2eRecords: number, store: CpuReport, storeRecords: number): string {
  const [e2eNeo4j, storeNeo4j] = [e2e.processes.Neo4j, store.processes.Neo4j];
  if (e2eNeo4j == null || storeNeo4j == null || !e2e.machine || !store.machine) return '';
  const others = (e2e.processes.crawler ?? 0) + (e2e.processes.sandbox ?? 0);
  const capacity = (report: CpuReport) => report.machine!.busyS + report.machine!.idleS;
  return (
    `Of the end to end's ${capacity(e2e).toFixed(1)} processor-seconds, Neo4j took ${fmt.pct(e2eNeo4j / capacity(e2e))} and the crawler and sandbox ${fmt.pct(others / capacity(e2e))}; ` +
    `of the store ceiling's ${capacity(store).toFixed(1)}, Neo4j took ${fmt.pct(storeNeo4j / capacity(store))}. ` +
    `Neo4j's time per record: ${((e2eNeo4j * 1000) / e2eRecords).toFixed(2)} ms end to end, ${((storeNeo4j * 1000) / storeRecords).toFixed(2)} ms in the store ceiling.`
  );
}
