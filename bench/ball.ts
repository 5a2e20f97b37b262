import { E2E_CONCURRENCY, httpCeiling, UNTHROTTLED_RPS } from './e2e.js';
import { resetGraph, type BenchNeo4j } from './lib/neo4j.js';
import { realtimePriority, startCrawl, startSandboxProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { fmt, log, tail } from './lib/util.js';
import { singleSeedWorkload, writeSeedsFile } from './lib/workload.js';

/** Sandbox size: the first company's depth-3 ball in it holds 4,490 records over four levels (1, 73, 185, 4,231). */
const RECORDS = 5_000;
const DEPTH = 3;
/**
 * Crawl and ceiling alternate this many times per latency; the figure is the median pair's. Five where the ratio has
 * a target: single rounds of the same code spread over 86-94 % on this VM, and a median of three moved by 2 points.
 */
const ROUNDS = { judged: 5, unjudged: 3 };

interface Round {
  crawlRate: number;
  crawlMs: number;
  httpRate: number;
}

/**
 * A crawl the size of an analyst's first question (issue 25): one company's depth-3 ball of a few thousand
 * records, level transitions included, single process and unthrottled, against the HTTP ceiling on the same
 * records in the same run. With the sandbox answering at once, the store is the lower ceiling (section 2); with
 * a service's latency the HTTP ceiling is, and then the crawl must keep its 16 requests out across its levels.
 */
export async function ballBenchmark(neo: BenchNeo4j, latenciesMs: number[]): Promise<Section> {
  const workload = singleSeedWorkload(RECORDS, 1, DEPTH);
  const perLevel = [0, 0, 0, 0];
  for (const r of workload.records) perLevel[r.depth]! += 1;
  const section: Section = {
    title: '9. A depth-3 ball against the HTTP ceiling',
    method: [
      `A sandbox of ${fmt.int(RECORDS)} records in its own process (real-time priority when allowed, as benchmark 1: it stands in for a remote service); seed ${workload.seeding}: ${fmt.int(workload.records.length)} requests over levels of ${perLevel.join(', ')}. ` +
        `End to end: \`landing-graph crawl --depth ${DEPTH} --concurrency ${E2E_CONCURRENCY} --rps ${fmt.int(UNTHROTTLED_RPS)} --json\` into an empty Neo4j, rate = records settled / the crawl's own elapsed time (from its start to its last commit). ` +
        `HTTP ceiling: the same requests with LandingClient and parseLandingRecord, ${E2E_CONCURRENCY} at a time, no Neo4j. ` +
        `Crawl and ceiling alternate ${ROUNDS.judged} times at a latency the ratio is judged at (${ROUNDS.unjudged} at 0 ms); the figure is the round with the median ratio, all rounds in the notes.`,
    ],
    figures: [],
    notes: [],
  };
  for (const latencyMs of latenciesMs) {
    const sandbox = await startSandboxProcess({ records: RECORDS, seed: 1, latencyMs });
    // A stand-in for a remote service: it answers when requests arrive, not when the crawl and Neo4j leave it a core.
    const priority = realtimePriority(sandbox.pid);
    if (priority) section.notes.push(`Latency ${latencyMs} ms: sandbox at normal priority (${priority}).`);
    const rounds: Round[] = [];
    try {
      for (let round = 0; round < (latencyMs > 0 ? ROUNDS.judged : ROUNDS.unjudged); round++) {
        await resetGraph(neo);
        log(`ball: latency ${latencyMs} ms, round ${round + 1}: crawl`);
        const crawl = startCrawl({
          seedsFile: writeSeedsFile('ball', workload.seeds),
          depth: DEPTH,
          rps: UNTHROTTLED_RPS,
          concurrency: E2E_CONCURRENCY,
          service: sandbox,
          neo4jEnv: neo.env,
        });
        const exit = await crawl.done;
        const run = exit.summary?.run;
        if (!run || exit.summary?.status !== 'finished')
          throw new Error(`the ball crawl did not finish (exit ${exit.code}):\n${tail(exit.stderr)}`);
        const settled = run.fetched + run.missing + run.failed + run.invalid;
        if (settled !== workload.records.length)
          throw new Error(`the ball crawl settled ${settled} records, not the ${workload.records.length} of its ball`);
        log(`ball: latency ${latencyMs} ms, round ${round + 1}: HTTP ceiling`);
        const http = await httpCeiling(sandbox, workload.records);
        rounds.push({ crawlRate: (settled * 1000) / run.elapsedMs, crawlMs: run.elapsedMs, httpRate: http.rate });
      }
    } finally {
      await sandbox.close();
    }
    const sorted = [...rounds].sort((a, b) => a.crawlRate / a.httpRate - b.crawlRate / b.httpRate);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const ratio = median.crawlRate / median.httpRate;
    const bound = latencyMs > 0;
    section.figures.push({
      name: `service latency ${latencyMs} ms: end to end / HTTP ceiling (records per second)`,
      value: `${fmt.pct(ratio)} (${fmt.num(median.crawlRate)} / ${fmt.num(median.httpRate)}; crawl ${fmt.s(median.crawlMs)})`,
      ...(bound ? { target: '>= 90 %', pass: ratio >= 0.9 } : {}),
    });
    section.notes.push(
      `Latency ${latencyMs} ms, every round (end to end / HTTP ceiling): ${rounds.map((r) => `${fmt.num(r.crawlRate)} / ${fmt.num(r.httpRate)} = ${fmt.pct(r.crawlRate / r.httpRate)}`).join('; ')}.` +
        (bound ? '' : ' With no latency the HTTP ceiling is far above the store ceiling (section 2), so this ratio has no target.'),
    );
  }
  return section;
}
