import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { generateGraph } from '../src/sandbox/index.js';
import { UNTHROTTLED_RPS } from './e2e.js';
import { resetGraph, type BenchNeo4j } from './lib/neo4j.js';
import { realtimePriority, startCrawl, startSandboxProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { fmt, log, projectRoot, sleep } from './lib/util.js';
import { writeSeedsFile } from './lib/workload.js';

const RECORDS = 20_000;
const RPS = 200;
const CONCURRENCY = 8;

/**
 * Workers on the record queue (issue 25): one crawl from one seed (depth 6, so it never runs out) for `windowMs` from
 * its first arrival, then SIGINT; as one process without Redis (the baseline), then on the queue with 1, 2, 4 and 8
 * workers (its own, plus `--workers N-1`), at --rps 200 and unthrottled. Records/s = arrivals at the sandbox in the
 * window / its length; utilisation = that / --rps.
 */
export async function workersBenchmark(neo: BenchNeo4j, windowMs: number): Promise<Section> {
  const section: Section = {
    title: '8. Workers on the record queue (BullMQ on Redis)',
    method: [
      `A sandbox of ${fmt.int(RECORDS)} records in its own process (real-time priority when allowed); one crawl from its first company at depth 6 with --concurrency ${CONCURRENCY} per process, measured for ${fmt.s(windowMs)} from the first arrival at the sandbox, then SIGINT. ` +
        `"1 process" has no Redis; "N workers" is \`crawl --redis-url … --workers N-1\` (its own worker and N-1 local worker processes), all on this machine's ${2} cores with the sandbox and Neo4j. Unthrottled: --rps ${fmt.int(UNTHROTTLED_RPS)}.`,
    ],
    figures: [],
    notes: [],
  };
  const home = path.join(projectRoot, '.redis/bench');
  const port = 6399;
  const redisUrl = `redis://127.0.0.1:${port}`;
  const redisLocal = (command: string) =>
    execFileSync('bash', [path.join(projectRoot, 'scripts/redis-local'), command, '--home', home, '--port', String(port)], {
      stdio: 'ignore',
    });
  redisLocal('start');
  try {
    const seed = { kind: 'company' as const, id: generateGraph({ records: RECORDS, seed: 8 }).ids('company')[0]! };
    const cases: { label: string; rps: number; workers: number }[] = [];
    for (const rps of [RPS, UNTHROTTLED_RPS]) for (const workers of [0, 1, 2, 4, 8]) cases.push({ label: '', rps, workers });
    const baselines = new Map<number, number>();
    for (const c of cases) {
      const rate = c.rps === RPS ? `--rps ${RPS}` : 'unthrottled';
      const who = c.workers === 0 ? '1 process, no Redis' : `${c.workers} worker${c.workers > 1 ? 's' : ''}`;
      const sandbox = await startSandboxProcess({ records: RECORDS, seed: 8 });
      const priority = realtimePriority(sandbox.pid);
      try {
        await resetGraph(neo);
        execFileSync('bash', ['-c', `redis-cli -p ${port} flushall`], { stdio: 'ignore' });
        log(`workers: ${who}, ${rate}`);
        const crawl = startCrawl({
          seedsFile: writeSeedsFile('workers', [seed]),
          depth: 6,
          rps: c.rps,
          concurrency: CONCURRENCY,
          service: sandbox,
          neo4jEnv: neo.env,
          ...(c.workers > 0 ? { env: { REDIS_URL: redisUrl }, extraArgs: ['--workers', String(c.workers - 1)] } : {}),
        });
        while ((await sandbox.stats()).total === 0) await sleep(20);
        const atStart = await sandbox.stats();
        const t0 = Date.now();
        await sleep(windowMs);
        const atEnd = await sandbox.stats();
        const elapsed = Date.now() - t0;
        await crawl.interrupt();
        const after = await sandbox.stats();
        const perSecond = ((atEnd.total - atStart.total) * 1000) / elapsed;
        if (c.workers === 0) baselines.set(c.rps, perSecond);
        const baseline = baselines.get(c.rps) ?? perSecond;
        const repeated = Object.values(after.byPath).reduce((sum, n) => sum + Math.max(0, n - 1), 0);
        section.figures.push({
          name: `${rate}, ${who}: records/s at the sandbox${c.rps === RPS ? `; utilisation of ${RPS}` : ''}; against 1 process; busiest sliding second; records asked twice`,
          value: `${fmt.num(perSecond, 1)}/s${c.rps === RPS ? `; ${fmt.num(perSecond / RPS, 3)}` : ''}; ${fmt.num(perSecond / baseline, 2)}x; ${after.busiestWindow}; ${repeated}`,
          ...(c.rps === RPS && c.workers > 0 ? { target: `busiest <= ${RPS}`, pass: after.busiestWindow <= RPS } : {}),
        });
        if (priority) section.notes.push(`${who}, ${rate}: sandbox at normal priority (${priority}).`);
      } finally {
        await sandbox.close();
      }
    }
    return section;
  } finally {
    redisLocal('stop');
  }
}
