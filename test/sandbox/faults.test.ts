import { CROSSING_MS, pauseArrivals, type StatsSnapshot } from '../../src/sandbox/stats.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FaultPlan } from '../../src/sandbox/faults.js';
import { generateGraph } from '../../src/sandbox/generate-graph.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { byId, get, manualClock } from './helpers.js';

const graph = generateGraph({ records: 300, seed: 2 });
const clock = manualClock();
const domainPath = byId('domain', graph.ids('domain')[0] as number);
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ graph, now: clock.now });
});
afterAll(async () => sandbox?.close());
beforeEach(() => {
  sandbox.setFaults({});
  sandbox.stats.reset();
  clock.set(Date.UTC(2026, 10, 21, 12, 0, 0));
});

async function statuses(n: number, path = domainPath): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await get(sandbox, path)).status);
  return out;
}

describe('sandbox faults', () => {
  it('errorRate: 500, 502 (an HTML page from a proxy) and 503', async () => {
    sandbox.setFaults({ errorRate: 1 });
    const seen = new Map<number, string | null>();
    for (let i = 0; i < 30; i++) {
      const res = await get(sandbox, domainPath);
      seen.set(res.status, res.headers.get('content-type'));
    }
    expect([...seen.keys()].sort()).toEqual([500, 502, 503]);
    expect(seen.get(502)).toMatch(/^text\/html/);
    expect(sandbox.stats.faults.error).toBe(30);
  });

  it('a fault is a draw per request: the same record fails sometimes, not forever', async () => {
    sandbox.setFaults({ errorRate: 0.5, faultSeed: 9 });
    const codes = await statuses(30);
    expect(codes).toContain(200);
    expect(codes.some((c) => c >= 500)).toBe(true);
  });

  it('is reproducible: the same faults and requests give the same answers', async () => {
    sandbox.setFaults({ errorRate: 0.3, htmlRate: 0.2, faultSeed: 4 });
    const first = await statuses(20);
    sandbox.setFaults({ errorRate: 0.3, htmlRate: 0.2, faultSeed: 4 });
    expect(await statuses(20)).toEqual(first);
    sandbox.setFaults({ errorRate: 0.3, htmlRate: 0.2, faultSeed: 5 });
    expect(await statuses(20)).not.toEqual(first);
  });

  it('latencyMs delays answers', async () => {
    sandbox.setFaults({ latencyMs: 120 });
    const started = performance.now();
    expect((await get(sandbox, domainPath)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(sandbox.stats.faults.latency).toBe(1);
  });

  it('timeoutRate: the request is held until the client gives up', async () => {
    sandbox.setFaults({ timeoutRate: 1 });
    await expect(get(sandbox, domainPath, { signal: AbortSignal.timeout(150) })).rejects.toThrow(/abort|timeout/i);
    expect(sandbox.stats.faults.timeout).toBe(1);
    expect(sandbox.stats.byStatus).toEqual({});
  });

  it('cutRate: headers, part of the body, then the connection is destroyed', async () => {
    sandbox.setFaults({ cutRate: 1 });
    const res = await fetch(`${sandbox.url}${domainPath}`, { headers: { 'x-api-key': sandbox.apiKey } });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(sandbox.stats.faults.cut).toBe(1);
  });

  it('truncatedRate: a 200 whose JSON is cut short, with a matching Content-Length or chunked', async () => {
    sandbox.setFaults({ truncatedRate: 1 });
    const forms = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const res = await get(sandbox, domainPath);
      expect(res.status).toBe(200);
      expect(() => JSON.parse(res.text)).toThrow();
      const length = res.headers.get('content-length');
      if (length === null) forms.add('chunked');
      else {
        expect(Number(length)).toBe(Buffer.byteLength(res.text));
        forms.add('content-length');
      }
    }
    expect(forms).toEqual(new Set(['chunked', 'content-length']));
  });

  it('htmlRate: a 200 with an HTML page', async () => {
    sandbox.setFaults({ htmlRate: 1 });
    const res = await get(sandbox, domainPath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toMatch(/^<!DOCTYPE html>/);
  });

  it('rateLimit429: every Nth request starts a burst of 429 with Retry-After in seconds', async () => {
    sandbox.setFaults({ rateLimit429: { everyRequests: 3, burstLength: 2, retryAfterSeconds: 7 } });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await get(sandbox, domainPath));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429, 429, 200, 429, 429]);
    expect(answers[2]?.headers.get('retry-after')).toBe('7');
    expect(answers[2]?.json()).toEqual({ error: 'too many requests' });
    expect(sandbox.stats.faults.burst429).toBe(4);
  });

  it('rateLimit429 with retryAfterAsDate: Retry-After is an HTTP-date', async () => {
    clock.set(Date.UTC(2026, 10, 21, 12, 0, 0, 250));
    sandbox.setFaults({ rateLimit429: { everyRequests: 1, retryAfterSeconds: 30, retryAfterAsDate: true } });
    const res = await get(sandbox, domainPath);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('Sat, 21 Nov 2026 12:00:31 GMT');
    expect(Date.parse(res.headers.get('retry-after') ?? '')).toBeGreaterThanOrEqual(clock.now() + 30_000);
  });

  it('limitRps: above N requests in the current one-second window, 429 with Retry-After: 1', async () => {
    sandbox.setFaults({ limitRps: 3 });
    const codes = await statuses(5);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    clock.advance(1000);
    expect(await statuses(1)).toEqual([200]);
    expect(sandbox.stats.faults.rps429).toBe(2);
  });

  it('counts requests that arrive while an announced Retry-After is in force', async () => {
    sandbox.setFaults({ rateLimit429: { everyRequests: 2, retryAfterSeconds: 2 } });
    expect(await statuses(2)).toEqual([200, 429]);
    const until = sandbox.stats.retryAfterUntil as number;
    expect(until).toBe(clock.now() + 2000);
    clock.advance(500);
    await statuses(1);
    expect(pauseArrivals(sandbox.stats.pauses).during).toBe(1);
    clock.set(until);
    await statuses(1);
    expect(pauseArrivals(sandbox.stats.pauses).during).toBe(1);
    expect(pauseArrivals(sandbox.stats.pauses).crossing).toBe(0);
    const served = (await get(sandbox, '/__sandbox/stats', { key: null })).json() as unknown as StatsSnapshot;
    expect(pauseArrivals(served.pauses).during).toBe(1);
  });

  it('keeps each pause, extended by the 429s answered during it, with every arrival during it', async () => {
    sandbox.setFaults({ rateLimit429: { everyRequests: 2, burstLength: 2, retryAfterSeconds: 2 } });
    const startedAtMs = clock.now();
    expect(await statuses(2)).toEqual([200, 429]);
    clock.advance(10);
    expect(await statuses(1)).toEqual([429]);
    clock.advance(2500);
    expect(await statuses(1)).toEqual([429]);
    clock.advance(10);
    expect(await statuses(1)).toEqual([429]);
    expect((await get(sandbox, '/__sandbox/stats', { key: null })).json().pauses).toEqual([
      { startedAtMs, untilMs: startedAtMs + 2010, arrivalsAtMs: [startedAtMs + 10] },
      { startedAtMs: startedAtMs + 2510, untilMs: startedAtMs + 4520, arrivalsAtMs: [startedAtMs + 2520] },
    ]);
    sandbox.stats.reset();
    expect(sandbox.stats.snapshot().pauses).toEqual([]);
  });

  it('counts a request within CROSSING_MS of the first 429 of a pause as crossing, not as disobeying', async () => {
    sandbox.setFaults({ rateLimit429: { everyRequests: 2, burstLength: 3, retryAfterSeconds: 2 } });
    expect(await statuses(3)).toEqual([200, 429, 429]);
    expect(pauseArrivals(sandbox.stats.pauses).crossing).toBe(1);
    clock.advance(CROSSING_MS);
    await statuses(1);
    expect(pauseArrivals(sandbox.stats.pauses).during).toBe(1);
  });

  it('faults can be changed at run time and read back; bad faults are refused', () => {
    sandbox.setFaults({ errorRate: 0.1, rateLimit429: { everyRequests: 5 } });
    expect(sandbox.faults()).toEqual({ errorRate: 0.1, rateLimit429: { everyRequests: 5 } });
    expect(() => sandbox.setFaults({ errorRate: 2 })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
    expect(() => sandbox.setFaults({ errorRate: 0.6, cutRate: 0.6 })).toThrow(/must not exceed 1/);
    expect(() => new FaultPlan({ latencyMs: -1 })).toThrow(/latencyMs/);
  });

  it('a sandbox in another process is driven over HTTP: faults set, counters reset, the busiest window of any length', async () => {
    const post = async (path: string, body: string) => {
      const res = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    expect(await post('/__sandbox/faults', JSON.stringify({ htmlRate: 1 }))).toEqual({ status: 200, json: { htmlRate: 1 } });
    expect(sandbox.faults()).toEqual({ htmlRate: 1 });
    expect((await get(sandbox, domainPath)).headers.get('content-type')).toMatch(/^text\/html/);
    expect((await post('/__sandbox/faults', JSON.stringify({ errorRate: 2 }))).status).toBe(400);
    expect((await post('/__sandbox/faults', 'not json')).json).toEqual({ error: 'the body is not JSON' });
    expect(sandbox.faults()).toEqual({ htmlRate: 1 });
    await post('/__sandbox/faults', '{}');

    expect(sandbox.stats.total).toBe(1);
    expect((await post('/__sandbox/stats/reset', '')).json.total).toBe(0);
    expect(sandbox.stats.total).toBe(0);
    expect((await post('/__sandbox/stats/reset', JSON.stringify({ crossingMs: 150 }))).status).toBe(400);

    // Arrivals 0, 600 and 1,100 ms apart on the monotonic clock: two in any 1,000 ms, three in 1,200.
    for (const atMs of [0, 600, 1100]) sandbox.stats.arrive('/x', 'domain', clock.now(), 50_000 + atMs);
    const windowOf = async (query: string) => (await get(sandbox, `/__sandbox/stats${query}`, { key: null })).json();
    expect((await windowOf('')).busiestWindow).toBe(2);
    expect((await windowOf('?windowMs=1200')).busiestWindow).toBe(3);
    expect((await windowOf('?windowMs=500')).busiestWindow).toBe(1);
    expect(await windowOf('?windowMs=soon')).toEqual({ error: 'windowMs: not a whole number of ms from 1: soon' });
  });

  it('close() ends held requests', async () => {
    const own = await startSandbox({ graph, faults: { timeoutRate: 1 } });
    const pending = get(own, domainPath).then(
      () => 'answered',
      () => 'failed',
    );
    await vi.waitFor(() => expect(own.stats.faults.timeout).toBe(1));
    await own.close();
    expect(await pending).toBe('failed');
  });
});
