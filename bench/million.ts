import { execFileSync } from 'node:child_process';
import neo4j from 'neo4j-driver';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_CONCURRENCY, UNTHROTTLED_RPS } from './e2e.js';
import { graphCounts, resetGraph, type BenchNeo4j } from './lib/neo4j.js';
import { procMemory, runMeasuredCli, type SandboxProcess, startCrawl, startSandboxProcess } from './lib/processes.js';
import type { Figure, Section } from './lib/report.js';
import { fmt, log, outDir } from './lib/util.js';
import { coveringWorkload, type Workload, writeSeedsFile } from './lib/workload.js';
import { etaError, isJudged, type ReplayTimes } from './lib/eta-judge.js';

/** Where the crawl is killed with SIGKILL, as a share of the records to fetch. */
const KILL_AT = 0.6;
/** Requests a kill may cost (docs/crawl.md, "Resuming"): 3 x (W + 2 x --concurrency), W = 2,000 unthrottled. */
const KILL_BOUND = 3 * (2_000 + 2 * E2E_CONCURRENCY);

/** Two hops of a company in a million-record graph pass the default --max-nodes (5,000): measured, not refused. */
const EXPORT_LIMITS = ['--max-nodes', '100000', '--max-edges', '1000000'];

/** One progress line of the crawl (every 10 s without a terminal). */
interface Sample {
  atMs: number;
  run: 1 | 2;
  fetched: number;
  toFetch: number;
  etaMs: number | undefined;
}

/**
 * A million records (`BENCH_ONLY=million`, opt-in: about an hour): the sandbox at its largest, crawled
 * unthrottled from seeds that cover it into an empty Neo4j, killed with SIGKILL at 60 % and resumed by the same
 * command; then every analysis command over the graph, as a user runs it, with its wall time and peak RSS.
 */
export async function millionBenchmark(neo: BenchNeo4j, records: number, neo4jSize: string): Promise<Section> {
  const section: Section = {
    title: `10. A million records: ${fmt.int(records)}`,
    method: [
      `The sandbox of ${fmt.int(records)} records (seed 3, its own process) is crawled by the built CLI unthrottled (--concurrency ${E2E_CONCURRENCY} --rps ${UNTHROTTLED_RPS}) from seeds that cover it (as benchmark 2) into an empty Neo4j (${neo4jSize}). ` +
        `At ${fmt.pct(KILL_AT, 0)} of the records the crawler gets SIGKILL; the same command resumes. Records per second in each tenth of the records, from the progress lines (every 10 s); peak RSS of each crawling process (VmHWM, polled and at exit); extra requests = arrivals at the sandbox beyond one per path. ` +
        'Then each command as a user runs it (the built CLI with its own heap settings, no NODE_OPTIONS), one after another: wall time and peak RSS.',
    ],
    figures: [],
    notes: [],
  };
  const workload = coveringWorkload(records, 3);
  section.notes.push(`Seeds: ${workload.seeding}.`);
  const sandbox = await startSandboxProcess({ records, seed: 3 });
  try {
    await resetGraph(neo);
    const crawl = await crawlWithKill(neo, sandbox, workload, section);
    await commandsOverGraph(neo, workload, crawl.crawlId, section);
  } finally {
    await sandbox.close();
  }
  return section;
}

async function crawlWithKill(neo: BenchNeo4j, sandbox: SandboxProcess, workload: Workload, section: Section): Promise<{ crawlId: string }> {
  // The records the sandbox answers; those it answers 404 are asked once and not counted as fetched.
  const total = workload.records.filter((r) => !r.notFound).length;
  const seedsFile = writeSeedsFile('million', workload.seeds);
  const samples: Sample[] = [];
  const peaks: number[] = [];
  const started = Date.now();
  let killedAtMs = 0;
  let fetchedAtKill = 0;
  let crawlId = '';
  for (const run of [1, 2] as const) {
    const rssFile = path.join(outDir, `million-crawl-${run}.rss.json`);
    rmSync(rssFile, { force: true });
    // Every progress line with its time, for studying the estimate of the time left after the run.
    const progressFile = path.join(outDir, `million-crawl-${run}.progress.log`);
    rmSync(progressFile, { force: true });
    // And what the estimate was made from, to replay it (bench/eta-replay.ts).
    const workSamplesFile = path.join(outDir, `million-crawl-${run}.samples.jsonl`);
    rmSync(workSamplesFile, { force: true });
    log(`million: crawl run ${run} (${fmt.int(total)} records to fetch, depth ${workload.depth})`);
    const child = startCrawl({
      seedsFile,
      depth: workload.depth,
      rps: UNTHROTTLED_RPS,
      concurrency: E2E_CONCURRENCY,
      service: sandbox,
      neo4jEnv: neo.env,
      nodeArgs: ['--import', path.join(import.meta.dirname, 'rss-probe.js')],
      env: { BENCH_RSS_FILE: rssFile, LANDING_GRAPH_WORK_SAMPLES: workSamplesFile },
    });
    let hwmKb = 0;
    const poll = setInterval(() => {
      hwmKb = Math.max(hwmKb, procMemory(child.pid)?.hwmKb ?? 0);
    }, 250);
    child.child.stderr!.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) {
        if (line.includes(' left')) appendFileSync(progressFile, `${Date.now()} ${line}\n`);
        const sample = progressSample(line, run);
        if (!sample) continue;
        // A resumed run counts what it fetches itself: the crawl's records are those written before, plus these.
        if (run === 2) sample.fetched += fetchedAtKill;
        samples.push(sample);
        if (run === 1 && killedAtMs === 0 && sample.fetched >= total * KILL_AT) {
          killedAtMs = Date.now();
          child.child.kill('SIGKILL');
        }
      }
    });
    const exit = await child.done;
    clearInterval(poll);
    const probe = existsSync(rssFile) ? (JSON.parse(readFileSync(rssFile, 'utf8')) as { maxRssKb: number }) : undefined;
    peaks.push(Math.max(hwmKb, probe?.maxRssKb ?? 0));
    if (run === 1) {
      fetchedAtKill = (await graphCounts(neo)).fetched;
      if (killedAtMs === 0)
        throw new Error(`the first run ended before ${fmt.pct(KILL_AT, 0)} (exit ${exit.code}): ${exit.stderr.slice(-500)}`);
    } else {
      if (!exit.summary) throw new Error(`the resumed crawl ended without a summary (exit ${exit.code}): ${exit.stderr.slice(-500)}`);
      crawlId = exit.summary.crawlId;
      section.notes.push(
        `Resumed run: ${exit.summary.status}, ${fmt.int(exit.summary.run.fetched)} fetched in ${fmt.s(exit.summary.run.elapsedMs)}; the crawl's totals ${fmt.int(exit.summary.totals.fetched)} fetched.`,
      );
    }
  }
  const endedMs = Date.now();
  const stats = await sandbox.stats();
  const extra = Object.values(stats.byPath).reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const counts = await graphCounts(neo);
  const disk = neo.home ? storeOnDisk(neo.home) : undefined;
  const gds = await gdsEstimates(neo).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));

  // The resumed run ends between two progress lines: its end, with the graph's count, is the last sample, so that
  // the last tenth is read to its end.
  section.figures.push(
    ...tenthsFigures([...samples, { atMs: endedMs, run: 2, fetched: counts.fetched, toFetch: 0, etaMs: undefined }], total),
  );
  section.figures.push({
    name: 'peak RSS of the crawling process (first run; resumed run)',
    value: `${fmt.mb(peaks[0] ?? 0)}; ${fmt.mb(peaks[1] ?? 0)}`,
    target: '<= 300 MB',
    pass: Math.max(...peaks) <= 300 * 1024,
  });
  section.figures.push({
    name: 'the graph against the sandbox: fetched records; list edges',
    value: `${fmt.int(counts.fetched)} of ${fmt.int(total)}; ${fmt.int(counts.listEdges)} of ${fmt.int(workload.expectedListEdges)} (${fmt.int(counts.landing)} Landing nodes, ${fmt.int(counts.pivots)} pivots, ${fmt.int(counts.relationships)} relationships)`,
    target: 'equal',
    pass: counts.fetched === total && counts.listEdges === workload.expectedListEdges,
  });
  section.figures.push({
    name: "Graph Data Science's own estimate of networks' projection and WCC (the most memory): for this graph's nodes and relationships; for ten times as many",
    value: typeof gds === 'string' ? `not available: ${oneLine(gds)}` : `${fmt.mb(gds.now / 1024)}; ${fmt.mb(gds.tenTimes / 1024)}`,
  });
  if (disk)
    section.figures.push({
      name: "Neo4j's database on disk: the store; its transaction logs",
      value: `${fmt.mb(disk.storeKb)}; ${fmt.mb(disk.transactionsKb)}`,
    });
  section.figures.push({
    name: `SIGKILL at ${fmt.int(fetchedAtKill)} records written: extra requests (beyond one per record)`,
    value: `${fmt.int(extra)} (${fmt.int(stats.total)} requests in all)`,
    target: `<= ${fmt.int(KILL_BOUND)} (3 x (2,000 + 2 x --concurrency), docs/crawl.md)`,
    pass: extra <= KILL_BOUND,
  });
  const firstOfRun2Ms = samples.find((s) => s.run === 2)?.atMs ?? endedMs;
  const times: ReplayTimes = { total, killedAtMs, endedMs, resumedMs: endedMs - firstOfRun2Ms };
  writeFileSync(path.join(outDir, 'million-crawl.times.json'), `${JSON.stringify(times)}\n`);
  section.figures.push(...honestyFigures(samples, times));
  section.notes.push(`Crawl in all (both runs and the restart): ${fmt.s(endedMs - started)}.`);
  return { crawlId };
}

/** `depth 3/12 | fetched 1234 … | to fetch 567 …, ~4m10s left (~900 records)` -> a sample. */
function progressSample(line: string, run: 1 | 2): Sample | undefined {
  const fetched = /\bfetched (\d+)/.exec(line);
  const toFetch = /\bto fetch (\d+)/.exec(line);
  if (!fetched || !toFetch) return undefined;
  const eta = /~(\?|(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?) left/.exec(line);
  let etaMs: number | undefined;
  if (eta && eta[1] !== '?') etaMs = ((Number(eta[2] ?? 0) * 60 + Number(eta[3] ?? 0)) * 60 + Number(eta[4] ?? 0)) * 1000;
  return { atMs: Date.now(), run, fetched: Number(fetched[1]), toFetch: Number(toFetch[1]), etaMs };
}

/**
 * Records per second in each tenth of the records, the last against the first. The progress lines give (time,
 * fetched) every 10 s; the moment each tenth was crossed is interpolated between the two lines around it, on a
 * clock that stops from the kill to the resumed run's first line (a restart is not the crawl's pace).
 */
function tenthsFigures(samples: readonly Sample[], total: number): Figure[] {
  const timeline: { activeMs: number; fetched: number }[] = [];
  let pausedMs = 0;
  samples.forEach((s, i) => {
    const previous = samples[i - 1];
    if (previous && previous.run !== s.run) pausedMs += s.atMs - previous.atMs;
    timeline.push({ activeMs: s.atMs - pausedMs, fetched: s.fetched });
  });
  const crossedAt = (records: number): number => {
    const after = timeline.findIndex((p) => p.fetched >= records);
    if (after < 0) return NaN;
    const [a, b] = [timeline[after - 1], timeline[after] as { activeMs: number; fetched: number }];
    if (!a || b.fetched === a.fetched) return b.activeMs;
    return a.activeMs + ((records - a.fetched) / (b.fetched - a.fetched)) * (b.activeMs - a.activeMs);
  };
  const rates: number[] = [];
  for (let tenth = 0; tenth < 10; tenth++) {
    const [from, to] = [(tenth * total) / 10, ((tenth + 1) * total) / 10];
    // The first tenth from the first line (the seeds' own start is not in the lines).
    const fromMs = tenth === 0 ? (timeline[0]?.activeMs ?? NaN) : crossedAt(from);
    const fromRecords = tenth === 0 ? (timeline[0]?.fetched ?? NaN) : from;
    rates.push(((to - fromRecords) * 1000) / (crossedAt(to) - fromMs));
  }
  const [first, last] = [rates[0] ?? NaN, rates[9] ?? NaN];
  return [
    { name: 'records per second in each tenth of the records', value: rates.map((r) => fmt.num(r, 0)).join(', ') },
    {
      name: 'the last tenth against the first',
      value: `${fmt.num(last, 0)} / ${fmt.num(first, 0)} = ${fmt.pct(last / first)}`,
      target: '>= 90 %',
      pass: last / first >= 0.9,
    },
  ];
}

/** "queued" never above what the world holds; the ETA within 20 % of the real remaining time once a tenth is done. */
function honestyFigures(samples: readonly Sample[], times: ReplayTimes): Figure[] {
  const total = times.total;
  const judged = samples.filter((s) => s.etaMs !== undefined && isJudged(s.fetched, total));
  const errors = judged.map((s) => etaError(s.etaMs as number, s.atMs, s.run, times));
  const within = errors.filter((e) => e <= 0.2).length;
  const maxToFetch = Math.max(0, ...samples.map((s) => s.fetched + s.toFetch));
  return [
    {
      name: 'progress: fetched + still to fetch, at most',
      value: `${fmt.int(maxToFetch)} (the world: ${fmt.int(total)})`,
      target: `<= ${fmt.int(total)}`,
      pass: maxToFetch <= total,
    },
    {
      name: 'progress: ETA within 20 % of the real remaining time, once a tenth is done (until 95 %)',
      value: `${within} of ${errors.length} lines (largest error ${fmt.pct(Math.max(0, ...errors))})`,
      target: 'all',
      pass: errors.length > 0 && within === errors.length,
    },
  ];
}

/** Every analysis command over the crawled graph, as users run them. */
async function commandsOverGraph(neo: BenchNeo4j, _workload: Workload, crawlId: string, section: Section): Promise<void> {
  const seed = await seedKeys(neo);
  const runs: [string, string[], string?][] = [
    ['networks, gds engine, whole graph', ['networks', '--engine', 'gds', '--json'], '<= 5 min'],
    ['networks, memory engine, whole graph', ['networks', '--engine', 'memory', '--json', '--no-write']],
    ['networks --crawl, gds engine', ['networks', '--crawl', crawlId, '--json', '--no-write']],
    ['flags', ['flags', '--json'], '<= 2 min'],
    ['resolve', ['resolve', '--json']],
    ['changes --since 1d', ['changes', '--since', '1d', '--json']],
    [
      'export html, two hops of a seed',
      [
        'export',
        `company:${seed.company}`,
        '--depth',
        '2',
        '--format',
        'html',
        ...EXPORT_LIMITS,
        '--out',
        path.join(outDir, 'million-case.html'),
      ],
    ],
    [
      'export graphml, two hops of a seed',
      [
        'export',
        `company:${seed.company}`,
        '--depth',
        '2',
        '--format',
        'graphml',
        ...EXPORT_LIMITS,
        '--out',
        path.join(outDir, 'million.graphml'),
      ],
    ],
  ];
  for (const [name, args, target] of runs) {
    const run = await runMeasuredCli(`million-${name.replace(/\W+/g, '-')}`, args, neo.env, { timeoutMs: COMMAND_TIME_BOX_MS });
    const minutes = target ? Number(/(\d+) min/.exec(target)?.[1]) : undefined;
    const wrote = run.stdoutBytes >= 1024 * 1024 ? `; wrote ${fmt.mb(run.stdoutBytes / 1024)} to stdout` : '';
    section.figures.push({
      name: `\`landing-graph ${args.filter((a) => !a.startsWith(outDir)).join(' ')}\`: wall time, peak RSS`,
      value: run.timedOut
        ? `not finished: stopped at the bench's time box of ${fmt.s(COMMAND_TIME_BOX_MS)}`
        : run.error
          ? oneLine(run.error)
          : `${fmt.s(run.wallMs)}, ${run.maxRssKb ? fmt.mb(run.maxRssKb) : 'n/a'}${wrote}`,
      ...(minutes ? { target, pass: !run.error && !run.timedOut && run.wallMs <= minutes * 60_000 } : {}),
    });
  }
  const queries = libraryQueries(seed);
  for (const [query, params] of queries) {
    const run = await runMeasuredCli(
      `million-query-${query}`,
      ['query', query, ...params.flatMap((p) => ['--param', p]), '--json'],
      neo.env,
    );
    section.figures.push({
      name: `\`landing-graph query ${query}\`: wall time (the CLI's start included), peak RSS`,
      value: run.error ? oneLine(run.error) : `${fmt.s(run.wallMs)}, ${run.maxRssKb ? fmt.mb(run.maxRssKb) : 'n/a'}`,
      target: '<= 2 s',
      pass: !run.error && run.wallMs <= 2_000,
    });
  }
  section.notes.push(
    `Library queries started from company:${seed.company}, phone ${seed.phone}, domain ${seed.domain} (records the seed lists).`,
  );
  // Last: it rewrites every record's nodes and edges, and a time box may stop it half-way (each answer is its own
  // write, so the graph stays whole), after everything else has read the graph.
  const load = await runMeasuredCli('million-load-from-graph', ['load', '--from-graph'], neo.env, { timeoutMs: LOAD_TIME_BOX_MS });
  const loaded = [...load.stderr.matchAll(/loaded (\d+) answers/g)].at(-1)?.[1];
  section.figures.push({
    name: '`landing-graph load --from-graph`: wall time, peak RSS',
    value: load.timedOut
      ? `not finished: stopped at the bench's time box of ${fmt.s(LOAD_TIME_BOX_MS)} after ${loaded === undefined ? 'an unknown number of' : fmt.int(Number(loaded))} answers re-mapped (${loaded === undefined ? '?' : fmt.num((Number(loaded) * 1000) / LOAD_TIME_BOX_MS, 0)} answers/s), peak RSS ${load.maxRssKb ? fmt.mb(load.maxRssKb) : 'n/a'}`
      : load.error
        ? oneLine(load.error)
        : `${fmt.s(load.wallMs)}, ${load.maxRssKb ? fmt.mb(load.maxRssKb) : 'n/a'}`,
  });
}

/** A command that runs longer is stopped and reported unfinished: the bench must end, and a miss stays a miss. */
const COMMAND_TIME_BOX_MS = 5 * 60_000;
/** load --from-graph re-maps every answer (about 2 ms each at 300,000 records): its rate is what a time box shows. */
const LOAD_TIME_BOX_MS = 3 * 60_000;

/**
 * GDS's estimate (bytesMax) of a projection of every node and relationship plus WCC over it, as networks checks it
 * before it projects (cypher/network/gds/estimate.cypher), for the graph's counts and for ten times them.
 */
async function gdsEstimates(neo: BenchNeo4j): Promise<{ now: number; tenTimes: number }> {
  const database = neo.connection.database ? { database: neo.connection.database } : {};
  const counts = await neo.driver.executeQuery(
    'CALL () { MATCH (n) RETURN count(n) AS nodes } CALL () { MATCH ()-[r]->() RETURN count(r) AS relationships } RETURN nodes, relationships',
    {},
    database,
  );
  const nodes = neo4j.integer.toNumber(counts.records[0]?.get('nodes') ?? 0);
  const relationships = neo4j.integer.toNumber(counts.records[0]?.get('relationships') ?? 0);
  const estimate = async (factor: number): Promise<number> => {
    const result = await neo.driver.executeQuery(
      `CALL gds.graph.project.estimate('*', '*', {nodeCount: $nodes, relationshipCount: $relationships}) YIELD bytesMax AS projection
       CALL gds.wcc.stream.estimate({nodeProjection: '*', relationshipProjection: '*', nodeCount: $nodes, relationshipCount: $relationships}, {})
       YIELD bytesMax AS wcc
       RETURN projection + wcc AS bytes`,
      { nodes: neo4j.int(nodes * factor), relationships: neo4j.int(relationships * factor) },
      database,
    );
    return neo4j.integer.toNumber(result.records[0]?.get('bytes') ?? 0);
  };
  return { now: await estimate(1), tenTimes: await estimate(10) };
}

/** What the `neo4j` database of a local server takes on disk (du), its store and its transaction logs apart. */
function storeOnDisk(home: string): { storeKb: number; transactionsKb: number } {
  const du = (dir: string) => Number(execFileSync('du', ['-sk', path.join(home, dir)], { encoding: 'utf8' }).split(/\s/)[0]);
  return { storeKb: du('data/databases/neo4j'), transactionsKb: du('data/transactions/neo4j') };
}

/** A table cell: the error's lines joined, pipes escaped. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' / ').replace(/\|/g, '\\|');
}

interface SeedKeys {
  company: string;
  phone: string;
  domain: string;
  name: string;
}

/** A company with a phone and a site, for the commands and queries that start from a record. */
async function seedKeys(neo: BenchNeo4j): Promise<SeedKeys> {
  const result = await neo.driver.executeQuery(
    `MATCH (c:Company)-[:RELATED]-(p:Phone), (d:Domain)-[:NAMES_COMPANY]->(c)
     WHERE c.key IS NOT NULL AND c.title IS NOT NULL AND p.key IS NOT NULL AND d.key IS NOT NULL
     RETURN c.key AS company, p.key AS phone, d.key AS domain, c.title AS name ORDER BY c.id LIMIT 1`,
    {},
    neo.connection.database ? { database: neo.connection.database } : {},
  );
  const row = result.records[0];
  if (!row) throw new Error('no company with a phone and a site in the graph');
  return { company: row.get('company'), phone: row.get('phone'), domain: row.get('domain'), name: String(row.get('name')) };
}

/** Every query of the library (cypher/queries), with the parameters those that start from a record need. */
function libraryQueries(seed: SeedKeys): [string, string[]][] {
  const from = ['fromKind=company', `fromKey=${seed.company}`, 'toKind=domain', `toKey=${seed.domain}`];
  const params: Record<string, string[]> = {
    'companies-behind-contact': ['kind=phone', `key=${seed.phone}`],
    'find-entity': [`text=${seed.name.replace(/["«»]/g, ' ').trim().split(/\s+/).pop() ?? seed.name}`],
    neighbourhood: ['kind=company', `key=${seed.company}`, 'hops=1'],
    'network-of': ['kind=company', `key=${seed.company}`],
    'recent-domains': ['asOf=2025-01-01', 'days=365'],
    'shortest-paths': from,
    'what-ties': from,
  };
  const names = readdirSync(path.join(import.meta.dirname, '..', 'cypher', 'queries'))
    .filter((f) => f.endsWith('.cypher'))
    .map((f) => f.replace(/\.cypher$/, ''))
    .sort();
  return names.map((name) => [name, params[name] ?? []]);
}
