import { describe, expect } from 'vitest';
import { ClientEventCounter } from '../../src/crawl/progress.js';
import { reachable } from '../../src/sandbox/index.js';
import { busiestWindow } from '../../src/sandbox/stats.js';
import { judgeClientPauses, recordClientPauses } from '../support/client-pauses.js';
import { recordDepartures } from '../support/departures.js';
import { type CrawlFixtures, crawlTest } from '../support/fixtures.js';
import { dumpBlockLayer, dumpGraph, expectedDump, statusesOnly } from '../support/graph-dump.js';
import { resetGraph } from '../support/neo4j.js';

const test = crawlTest({ records: 300, seed: 21 });

const RPS = 60;

/** Every fault class of the sandbox at once, under a rate limit: the graph must come out as a clean crawl's. */
describe('chaos: 10% 5xx, 3% time-outs, 2% cut, 2% truncated, 2% HTML 200, 429 bursts', () => {
  async function crawlOnce({ crawl, sandbox, driver, database }: Omit<CrawlFixtures, 'sandboxOptions'>) {
    await resetGraph(driver);
    const events = new ClientEventCounter();
    const pauseLog = recordClientPauses(sandbox.url, { connections: 8 });
    const seeds = sandbox.graph
      .ids('company')
      .slice(0, 2)
      .map((id) => ({ kind: 'company' as const, id }));
    const result = await crawl(
      seeds,
      { maxDepth: 2, commitIntervalMs: 50 },
      {
        client: {
          requestsPerSecond: RPS,
          maxConcurrent: 8,
          headersTimeoutMs: 400,
          bodyTimeoutMs: 400,
          retry: { baseDelayMs: 20, maxDelayMs: 200, maxAttempts: 15 },
          onEvent: events.onEvent,
          dispatcher: pauseLog.dispatcher,
        },
        deps: { events },
      },
    ).finally(() => pauseLog.close());
    return {
      result,
      seeds,
      events,
      pauseLog,
      list: await dumpGraph(driver, database),
      blocks: await dumpBlockLayer(driver, database),
    };
  }

  test('ends with the clean crawl graph, within the rate limit, never sending during a Retry-After pause', async ({
    crawl,
    sandbox,
    driver,
    database,
  }) => {
    const fixtures = { crawl, sandbox, driver, database };
    sandbox.setFaults({});
    const clean = await crawlOnce(fixtures);
    sandbox.stats.reset();
    sandbox.setFaults({
      errorRate: 0.1,
      timeoutRate: 0.03,
      cutRate: 0.02,
      truncatedRate: 0.02,
      htmlRate: 0.02,
      rateLimit429: { everyRequests: 40, burstLength: 3, retryAfterSeconds: 1 },
      faultSeed: 9,
    });
    const departures = recordDepartures(sandbox.url);
    const chaotic = await crawlOnce(fixtures).finally(() => departures.stop());
    const stats = sandbox.stats.snapshot();

    expect(chaotic.result.status).toBe('finished');
    expect(chaotic.result.totals.failed).toBe(0);
    expect(chaotic.list).toEqual(clean.list);
    expect(chaotic.blocks).toEqual(clean.blocks);
    expect(statusesOnly(chaotic.list)).toEqual(expectedDump(reachable(sandbox.graph, chaotic.seeds, 2)));
    for (const fault of ['error', 'timeout', 'cut', 'truncated', 'html', 'burst429'] as const)
      expect(stats.faults[fault], fault).toBeGreaterThan(0);
    // Every sliding second, on the departures undici reports. Not on the sandbox's arrival times: it runs in
    // this process, so a stall here (Neo4j's work included) delays its reading of requests already sent.
    expect(departures.times.length).toBeGreaterThanOrEqual(stats.total);
    expect(busiestWindow(departures.times)).toBeLessThanOrEqual(RPS);
    // Judged by when each 429 reached the client, not by arrivals: the sandbox reads requests on this process's loop.
    expect(stats.pauses.length).toBeGreaterThan(0);
    expect(chaotic.pauseLog.entries.filter((entry) => entry.what === 'request').length).toBeGreaterThanOrEqual(stats.total);
    expect(judgeClientPauses(stats.pauses, chaotic.pauseLog)).toEqual([]);
    expect(chaotic.events.retries).toBeGreaterThan(0);
    expect(chaotic.events.rateLimitWaits).toBeGreaterThan(0);
  });
});
