import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { graphCounts, resetGraph, type BenchNeo4j } from './lib/neo4j.js';
import { procMemory, runMeasuredCli, startCrawl, startSandboxProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { fmt, log, outDir, tail } from './lib/util.js';
import { coveringWorkload, writeSeedsFile } from './lib/workload.js';
import { E2E_CONCURRENCY, UNTHROTTLED_RPS } from './e2e.js';

interface MemoryRun {
  records: number;
  fetched: number;
  status: string;
  elapsedMs: number;
  hwmKb: number;
  probe?: { maxRssKb: number; heapUsedKb: number; heapTotalKb: number; externalKb: number; arrayBuffersKb: number };
  /** RSS (kB) when the crawl reported N fetched (its progress lines, every 10 s). */
  series: { fetched: number; rssKb: number }[];
}

/**
 * Peak RSS of the crawling process (the CLI alone: the sandbox runs in another process) for crawls of two
 * sizes: VmHWM polled from /proc/<pid>/status every 250 ms, and the process's own VmHWM written at exit by
 * a preloaded probe (bench/rss-probe.ts).
 */
export async function memoryBenchmark(neo: BenchNeo4j, sizes: [number, number]): Promise<Section> {
  const section: Section = {
    title: '4. Memory of the crawling process',
    method: [
      `The CLI crawls a sandbox of N records (sandbox in its own process) into an empty Neo4j, unthrottled (--concurrency ${E2E_CONCURRENCY} --rps ${UNTHROTTLED_RPS}), seeded to cover the graph as in benchmark 2. ` +
        'Peak RSS = the larger of VmHWM polled from /proc/<pid>/status every 250 ms and VmHWM read at exit by a preloaded probe (`node --import bench/out/build/bench/rss-probe.js`); not process.resourceUsage().maxRSS, which Linux carries over fork and exec from the bench process (runs before 2026-11-24 23:00 took it: 284-289 MB for crawls whose own VmHWM was 171-175 MB). ' +
        '"Far from proportional" is taken as: peak RSS at the larger size at most 2 x the peak at the smaller one (proportional would be 10 x).',
    ],
    figures: [],
    notes: [],
  };
  const runs: MemoryRun[] = [];
  for (const records of sizes) {
    const run = await crawlForMemory(neo, records);
    runs.push(run);
    const peakKb = Math.max(run.hwmKb, run.probe?.maxRssKb ?? 0);
    section.figures.push({
      name: `peak RSS at ${fmt.int(records)} records`,
      value: `${fmt.mb(peakKb)} (${fmt.int(run.fetched)} fetched, ${run.status}, ${fmt.s(run.elapsedMs)})`,
      ...(records === sizes[1] ? { target: '<= 300 MB', pass: peakKb <= 300 * 1024 && run.fetched >= records * 0.95 } : {}),
    });
    section.notes.push(
      `${fmt.int(records)} records: VmHWM polled ${fmt.mb(run.hwmKb)}, at exit ${run.probe ? fmt.mb(run.probe.maxRssKb) : 'n/a'}; peak heap used ${run.probe ? fmt.mb(run.probe.heapUsedKb) : 'n/a'}, heap total ${run.probe ? fmt.mb(run.probe.heapTotalKb) : 'n/a'}, external ${run.probe ? fmt.mb(run.probe.externalKb) : 'n/a'}; RSS as the crawl went: ${run.series.map((s) => `${fmt.int(s.fetched)} → ${fmt.mb(s.rssKb)}`).join(', ') || 'n/a'}.`,
    );
  }
  // The graph of the larger crawl is still in Neo4j: group it into company networks, by each engine.
  for (const engine of ['gds', 'memory'] as const) {
    const networks = await networksOnGraph(neo, engine);
    section.figures.push({
      name: `\`landing-graph networks --json --engine ${engine}\` over the whole ${fmt.int(sizes[1])}-record graph: wall time, peak RSS, peak heap`,
      value:
        networks.error ??
        `${fmt.s(networks.wallMs)}, ${networks.maxRssKb ? fmt.mb(networks.maxRssKb) : 'n/a'}; heap total ${networks.heapTotalKb ? fmt.mb(networks.heapTotalKb) : 'n/a'} (sampled); ${fmt.int(networks.count)} networks`,
    });
    if (networks.timings) section.notes.push(`networks --engine ${engine}, its own timings: ${networks.timings}.`);
  }
  const [small, large] = runs as [MemoryRun, MemoryRun];
  const peak = (r: MemoryRun) => Math.max(r.hwmKb, r.probe?.maxRssKb ?? 0);
  const ratio = peak(large) / peak(small);
  const perRecord = ((peak(large) - peak(small)) * 1024) / Math.max(1, large.fetched - small.fetched);
  section.figures.push({
    name: `peak RSS ${fmt.int(sizes[1])} / peak RSS ${fmt.int(sizes[0])} (records ratio ${fmt.num(sizes[1] / sizes[0], 0)})`,
    value: `${fmt.num(ratio, 2)} x (${fmt.num(perRecord, 0)} bytes per extra record)`,
    target: '<= 2 x (far from proportional)',
    pass: ratio <= 2,
  });
  return section;
}

async function crawlForMemory(neo: BenchNeo4j, records: number): Promise<MemoryRun> {
  const workload = coveringWorkload(records, 3);
  const sandbox = await startSandboxProcess({ records, seed: 3 });
  try {
    await resetGraph(neo);
    const seedsFile = writeSeedsFile(`memory-${records}`, workload.seeds);
    const rssFile = path.join(outDir, `memory-${records}.rss.json`);
    rmSync(rssFile, { force: true });
    const probe = path.join(import.meta.dirname, 'rss-probe.js');
    log(`memory: crawling ${fmt.int(workload.records.length)} records (depth ${workload.depth}, ${workload.seeds.length} seeds)`);
    const crawl = startCrawl({
      seedsFile,
      depth: workload.depth,
      rps: UNTHROTTLED_RPS,
      concurrency: E2E_CONCURRENCY,
      service: sandbox,
      neo4jEnv: neo.env,
      nodeArgs: ['--import', probe],
      env: { BENCH_RSS_FILE: rssFile },
    });
    let hwmKb = 0;
    let rssKb = 0;
    const poll = setInterval(() => {
      const m = procMemory(crawl.pid);
      if (m) {
        hwmKb = Math.max(hwmKb, m.hwmKb);
        rssKb = m.rssKb;
      }
    }, 250);
    const series: MemoryRun['series'] = [];
    crawl.child.stderr!.on('data', (d: Buffer) => {
      for (const match of d.toString().matchAll(/\| fetched (\d+) reused/g)) series.push({ fetched: Number(match[1]), rssKb });
    });
    const capMs = Number(process.env.BENCH_MEMORY_CAP_S ?? 1800) * 1000;
    const cap = setTimeout(() => void crawl.interrupt(), capMs);
    const exit = await crawl.done;
    clearTimeout(cap);
    clearInterval(poll);
    const probeResult = existsSync(rssFile) ? (JSON.parse(readFileSync(rssFile, 'utf8')) as MemoryRun['probe']) : undefined;
    let fetched = exit.summary?.run.fetched;
    if (fetched === undefined) fetched = (await graphCounts(neo)).fetched;
    if (!exit.summary) log(`memory: the crawl of ${records} ended without a summary (exit ${exit.code}): ${tail(exit.stderr, 3)}`);
    return {
      records,
      fetched,
      status: exit.summary?.status ?? `exit ${exit.code}`,
      elapsedMs: exit.summary?.run.elapsedMs ?? NaN,
      hwmKb,
      probe: probeResult,
      series,
    };
  } finally {
    await sandbox.close();
  }
}

/** `landing-graph networks --json --engine E` over the whole graph as a child process: wall time, peak RSS (VmHWM) at exit. */
async function networksOnGraph(
  neo: BenchNeo4j,
  engine: 'gds' | 'memory',
): Promise<{ wallMs: number; maxRssKb?: number; heapTotalKb?: number; count: number; timings?: string; error?: string }> {
  const run = await runMeasuredCli(`networks-${engine}`, ['networks', '--json', '--engine', engine], neo.env);
  if (run.error) return { wallMs: run.wallMs, count: 0, error: run.error };
  const count = (JSON.parse(run.stdout) as { networks: unknown[] }).networks.length;
  const timings = run.stderr
    .split('\n')
    .filter((line) => /\d\s*(ms|s)\b/.test(line))
    .slice(-3)
    .join(' / ');
  return { wallMs: run.wallMs, maxRssKb: run.maxRssKb, heapTotalKb: run.heapTotalKb, count, timings: timings || undefined };
}
