import { SharedWindow } from '../src/rate/shared-window.js';
import { generateGraph } from '../src/sandbox/index.js';
import { resetGraph, type BenchNeo4j } from './lib/neo4j.js';
import { realtimePriority, startCrawl, startSandboxProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { withBenchRedis } from './lib/redis.js';
import { fmt, log } from './lib/util.js';
import { measureWindow } from './lib/window.js';
import { writeSeedsFile } from './lib/workload.js';

const RPS = 20;
const RECORDS = 20_000;

/**
 * Crawls on one key (issue 25): three crawl processes of different seeds started together at --rps 20 against one
 * sandbox, without and with Redis (scripts/redis-local), and one crawl alone as the baseline, each for `windowMs`
 * then stopped; busiest sliding second and achieved rate at the sandbox. Then the cost of a turn in the shared window
 * (one Lua call and its `sent`), in-process against the same Redis, with no other client: p50 and p99.
 */
export async function sharedRateBenchmark(neo: BenchNeo4j, windowMs: number): Promise<Section> {
  const section: Section = {
    title: '7. One rate limit for crawls on one key (Redis)',
    method: [
      `A sandbox of ${fmt.int(RECORDS)} records in its own process (real-time priority when allowed, as benchmark 1); each case crawls from the first companies (one each, depth 6, so none runs out) for ${fmt.s(windowMs)} from the first request to arrive, then SIGINT. ` +
        "Busiest sliding second = the sandbox's most arrivals in any 1,000 ms (its receive times); achieved rate = arrivals in the window / its length. " +
        'Redis: scripts/redis-local on a loopback port; the crawls get REDIS_URL.',
    ],
    figures: [],
    notes: [],
  };
  return withBenchRedis(async ({ url: redisUrl }) => {
    const companies = generateGraph({ records: RECORDS, seed: 4 }).ids('company');
    const cases: { label: string; crawls: number; redis: boolean; target?: boolean }[] = [
      { label: `one crawl alone at --rps ${RPS} (baseline)`, crawls: 1, redis: false },
      { label: `three crawls at --rps ${RPS} on one key, no Redis`, crawls: 3, redis: false },
      { label: `three crawls at --rps ${RPS} on one key, Redis`, crawls: 3, redis: true, target: true },
    ];
    for (const c of cases) {
      const sandbox = await startSandboxProcess({ records: RECORDS, seed: 4 });
      const priority = realtimePriority(sandbox.pid);
      try {
        await resetGraph(neo);
        const firsts = companies.slice(0, c.crawls).map((id) => ({ kind: 'company' as const, id }));
        log(`shared rate: ${c.label}`);
        const crawls = firsts.map((seed, i) =>
          startCrawl({
            seedsFile: writeSeedsFile(`shared-rate-${i}`, [seed]),
            depth: 6,
            rps: RPS,
            concurrency: 4,
            service: sandbox,
            neo4jEnv: neo.env,
            ...(c.redis ? { env: { REDIS_URL: redisUrl } } : {}),
          }),
        );
        const { perSecond: achieved, after } = await measureWindow(sandbox, windowMs, () =>
          Promise.all(crawls.map((crawl) => crawl.interrupt())),
        );
        section.figures.push({
          name: `${c.label}: busiest sliding second at the sandbox; achieved rate / ${RPS}`,
          value: `${after.busiestWindow}; ${fmt.num(achieved, 2)}/s = ${fmt.num(achieved / RPS, 3)}`,
          ...(c.target ? { target: `<= ${RPS}; >= 0.95`, pass: after.busiestWindow <= RPS && achieved / RPS >= 0.95 } : {}),
        });
        if (priority) section.notes.push(`${c.label}: sandbox at normal priority (${priority}).`);
      } finally {
        await sandbox.close();
      }
    }

    // The cost of a turn: acquire (one Lua call) and sent (another), no contention, a limit never reached.
    const window = await SharedWindow.open({ redisUrl, baseUrl: 'http://bench.invalid', apiKey: 'bench', requestsPerSecond: 1_000_000 });
    try {
      const costs: number[] = [];
      for (let i = 0; i < 5_000; i++) {
        const started = performance.now();
        const ticket = await window.acquire();
        await window.sent(ticket);
        costs.push(performance.now() - started);
      }
      costs.sort((a, b) => a - b);
      const at = (q: number) => costs[Math.min(costs.length - 1, Math.floor(q * costs.length))] as number;
      section.figures.push({
        name: 'a turn in the shared window (acquire + sent, 5,000 in a row, no other client): p50 / p99',
        value: `${fmt.num(at(0.5), 3)} ms / ${fmt.num(at(0.99), 3)} ms`,
      });
    } finally {
      await window.close();
    }
    return section;
  });
}
