import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ClientEvent, LandingClient, type LandingClientOptions } from '../../src/client/client.js';
import { refPath, type LandingRef } from '../../src/api/refs.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

/**
 * LandingClient over real HTTP while the sandbox goes down and comes back. The outages are short and the
 * gate probes after PROBE_MS (its default is 1 s): the first probe falls inside an outage, the second after it.
 * No assertion here reads the clock: when the gate gives up and how it spaces probes is proved on fake time
 * (service-gate.test.ts); here, over real sockets, what comes back and which events were seen.
 */
const PROBE_MS = 250;
const OUTAGE_MS = 500;

describe('LandingClient when the service goes away', () => {
  let sandbox: Sandbox;
  const clients: LandingClient[] = [];
  const client = (events: ClientEvent[], options: Partial<LandingClientOptions> = {}) => {
    const c = new LandingClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      requestsPerSecond: 200,
      maxConcurrent: 8,
      headersTimeoutMs: 1_000,
      retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 3 },
      serviceGate: { minProbeDelayMs: PROBE_MS },
      onEvent: (e) => events.push(e),
      ...options,
    });
    clients.push(c);
    return c;
  };
  const refs = (n: number): LandingRef[] =>
    sandbox.graph
      .ids('domain')
      .slice(0, n)
      .map((id) => ({ kind: 'domain' as const, id }));
  const served = async (ref: LandingRef) => (await fetch(sandbox.url + refPath(ref), { headers: { 'x-api-key': sandbox.apiKey } })).text();

  beforeAll(async () => {
    sandbox = await startSandbox({ records: 400, seed: 5 });
  });
  beforeEach(async () => {
    await sandbox.comeBack();
    sandbox.setFaults({});
    sandbox.stats.reset();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await sandbox?.close();
  });

  it.each(['refuse', 'reset'] as const)(
    'down (%s) for 500 ms in the middle of a batch: every fetch succeeds, no attempts spent while it is down',
    async (mode) => {
      const batch = refs(60);
      const clean = await Promise.all(batch.map(served));
      sandbox.stats.reset();
      sandbox.setFaults({ outage: { afterRequests: 20, forMs: OUTAGE_MS, mode } });
      const events: ClientEvent[] = [];
      const c = client(events);
      const got = await Promise.all(batch.map((r) => c.fetch(r)));
      // Forty of them were asked after the outage began: they are answered, so they waited it out.
      expect(got.map((g) => g.text)).toEqual(clean);
      const kinds = events.map((e) => e.type).filter((t) => t.startsWith('service-'));
      expect(kinds).toEqual(['service-down', 'service-back']);
      // Only failures before the gate closed (requests under way when the connections dropped, or the
      // run of resets that closes it) and failed probes spent attempts: at most one each.
      expect(Math.max(...got.map((g) => g.attempts))).toBeLessThanOrEqual(2);
    },
  );

  it('a run of 5xx across records (every answer 5xx for 500 ms) closes the gate too; every fetch succeeds', async () => {
    const batch = refs(60);
    const clean = await Promise.all(batch.map(served));
    sandbox.stats.reset();
    const events: ClientEvent[] = [];
    const c = client(events, { retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 4 } });
    const pending = Promise.all(batch.map((r) => c.fetch(r)));
    while (sandbox.stats.total < 20) await new Promise((r) => setTimeout(r, 5));
    sandbox.setFaults({ errorRate: 1 });
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    sandbox.setFaults({});
    const got = await pending;
    expect(got.map((g) => g.text)).toEqual(clean);
    const down = events.filter((e) => e.type === 'service-down');
    expect(down).toHaveLength(1);
    expect(down[0]).toMatchObject({ reason: expect.stringMatching(/^HTTP 50[023]; 5 failures in a row over \d+ records$/) });
    // 4 failures before the gate closed, then one per failed probe (a different record each time).
    expect(events.filter((e) => e.type === 'retry').length).toBeLessThanOrEqual(4 + 3);
  });

  it('down from the start (never reached): stops after firstContactTimeoutMs with API_UNREACHED, not serviceWaitMs', async () => {
    await sandbox.goDown();
    const events: ClientEvent[] = [];
    const c = client(events, { serviceGate: { minProbeDelayMs: PROBE_MS, serviceWaitMs: 600_000, firstContactTimeoutMs: 2 * PROBE_MS } });
    const outcomes = await Promise.all(
      refs(5).map((r) =>
        c.fetch(r).then(
          () => undefined,
          (e: unknown) => e as Error,
        ),
      ),
    );
    for (const error of outcomes) expect(error).toMatchObject({ code: 'API_UNREACHED', kind: 'stop' });
    expect(outcomes[0]!.message).toBe(
      `no request reached the service at ${sandbox.url} within ${2 * PROBE_MS}ms (connection refused): check LANDING_BASE_URL (or --base-url), and that the service runs there`,
    );
    expect(events.filter((e) => e.type === 'retry')).toEqual([]);
    await expect(c.fetch(refs(1)[0]!)).rejects.toMatchObject({ code: 'API_UNREACHED' });
  });

  it('down after one answer: waits serviceWaitMs, then every fetch fails with API_UNAVAILABLE naming the origin', async () => {
    const events: ClientEvent[] = [];
    // One probe (refused) before the wait runs out; the first-contact bound no longer applies once it answered.
    const c = client(events, { serviceGate: { minProbeDelayMs: PROBE_MS, serviceWaitMs: 2 * PROBE_MS, firstContactTimeoutMs: 1 } });
    await c.fetch(refs(6)[5]!);
    await sandbox.goDown();
    const outcomes = await Promise.all(
      refs(5).map((r) =>
        c.fetch(r).then(
          () => undefined,
          (e: unknown) => e as Error,
        ),
      ),
    );
    for (const error of outcomes) expect(error).toMatchObject({ code: 'API_UNAVAILABLE', kind: 'stop' });
    expect(outcomes[0]!.message).toBe(`the service at ${sandbox.url} has not answered for ${2 * PROBE_MS}ms (connection refused)`);
    expect(events.filter((e) => e.type === 'retry')).toEqual([]);
    expect(events.filter((e) => e.type === 'service-down')).toHaveLength(1);
    // Once given up, later requests fail at once until the service answers again.
    await expect(c.fetch(refs(1)[0]!)).rejects.toMatchObject({ code: 'API_UNAVAILABLE' });
  });

  it('an aborted signal ends the wait: waiting fetches fail with CRAWL_ABORTED at once', async () => {
    await sandbox.goDown();
    const abort = new AbortController();
    const c = client([], { signal: abort.signal });
    const pending = Promise.all(
      refs(3).map((r) =>
        c.fetch(r).then(
          () => undefined,
          (e: unknown) => e as Error,
        ),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    abort.abort();
    // The service stays down and the wait is the default ten minutes: only the abort can end these.
    const outcomes = await pending;
    for (const error of outcomes) expect(error).toMatchObject({ code: 'CRAWL_ABORTED' });
  });

  it('one record failing with 5xx on its own spends its attempts and fails as before: no outage', async () => {
    sandbox.setFaults({ errorRate: 1 });
    const events: ClientEvent[] = [];
    const error = await client(events, { retry: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 6 } })
      .fetch(refs(1)[0]!)
      .then(
        () => new Error('expected a failure'),
        (e: unknown) => e as Error,
      );
    expect(error).toMatchObject({ code: 'API_RETRIES_EXHAUSTED' });
    expect(sandbox.stats.snapshot().total).toBe(6);
    expect(events.some((e) => e.type === 'service-down')).toBe(false);
  });
});
