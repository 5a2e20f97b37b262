import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LandingClient, type LandingClientOptions } from '../../src/client/client.js';
import type { LandingKind } from '../../src/api/kinds.js';
import { refPath, type LandingRef } from '../../src/api/refs.js';
import { SPECIALS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { busiestWindow } from '../../src/sandbox/stats.js';
import { judgeClientPauses, recordClientPauses } from '../support/client-pauses.js';
import { recordDepartures } from '../support/departures.js';

const KEY = 'test-key-0123456789';

describe('LandingClient against the sandbox over real HTTP', () => {
  let sandbox: Sandbox;
  const clients: LandingClient[] = [];
  const client = (options: Partial<LandingClientOptions> = {}) => {
    const c = new LandingClient({
      baseUrl: sandbox.url,
      apiKey: KEY,
      requestsPerSecond: Infinity,
      maxConcurrent: 8,
      retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 6 },
      headersTimeoutMs: 1_000,
      ...options,
    });
    clients.push(c);
    return c;
  };
  const ids = (kind: LandingKind, n: number) => sandbox.graph.ids(kind).slice(0, n);
  const served = async (ref: LandingRef) => (await request(sandbox.url + refPath(ref), { headers: { 'x-api-key': KEY } })).body.text();

  beforeAll(async () => {
    sandbox = await startSandbox({ records: 400, seed: 7, apiKey: KEY, specials: true });
  });
  beforeEach(() => {
    sandbox.setFaults({});
    sandbox.stats.reset();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await sandbox?.close();
  });

  it('fetches by page number: the exact text as served and its JSON', async () => {
    const id = ids('company', 1)[0]!;
    const got = await client().fetch({ kind: 'company', id });
    expect(got.text).toBe(await served({ kind: 'company', id }));
    expect((JSON.parse(got.text) as { id: number }).id).toBe(id);
    expect(got.attempts).toBe(1);
  });

  it('fetches by natural key, encoding what needs it (+, upper case, Cyrillic, INN and OGRN)', async () => {
    const nodes = sandbox.graph.ids().map((id) => sandbox.graph.node(id)!);
    const email = nodes.find((n) => n.kind === 'email' && n.title.includes('+') && n.title !== n.title.toLowerCase())!;
    const cyrillic = nodes.find((n) => n.kind === 'domain' && /[а-я]/.test(n.key ?? ''))!;
    const phone = nodes.find((n) => n.kind === 'phone')!;
    const company = nodes.find((n) => n.kind === 'company' && n.ogrn)!;
    const c = client();
    for (const [kind, key, id] of [
      ['email', email.title, email.id],
      ['email', SPECIALS.quotedEmail.title, SPECIALS.quotedEmail.id],
      ['domain', cyrillic.key!.toUpperCase(), cyrillic.id],
      ['phone', phone.key!, phone.id],
      ['company', company.key!, company.id],
      ['company', company.ogrn!, company.id],
    ] as const) {
      const got = await c.fetch({ kind, key });
      expect((JSON.parse(got.text) as { id: number }).id, `${kind}:${key}`).toBe(id);
    }
    expect(Object.keys(sandbox.stats.snapshot().byPath).some((p) => p.includes('%2B') && p.endsWith('?isKey=true'))).toBe(true);
  });

  it('stops at once on a refused key (401), without retrying, and never shows the key', async () => {
    const c = client({ apiKey: 'wrong-key-TOPSECRET' });
    const error = await c.fetch({ kind: 'domain', id: ids('domain', 1)[0]! }).then(
      () => new Error('expected a failure'),
      (e: unknown) => e as Error,
    );
    expect(error).toMatchObject({ code: 'API_AUTH', kind: 'stop' });
    expect(sandbox.stats.snapshot().total).toBe(1);
    const shown = `${error.message} ${error.stack} ${JSON.stringify(error)} ${JSON.stringify(c)} ${String(error.cause ?? '')}`;
    expect(shown).not.toContain('TOPSECRET');
  });

  it('refuses a key an HTTP header cannot carry before any request', () => {
    expect(() => client({ apiKey: 'ключ с пробелом' })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
    expect(() => client({ apiKey: '' })).toThrow(/LANDING_API_KEY/);
  });

  it('reports an unknown page number as not found (404), once', async () => {
    await expect(client().fetch({ kind: 'domain', id: 987_654_321 })).rejects.toMatchObject({ code: 'API_NOT_FOUND', kind: 'skip' });
    await expect(client().fetch({ kind: 'email', key: 'nobody@nowhere.invalid' })).rejects.toMatchObject({ code: 'API_NOT_FOUND' });
    expect(sandbox.stats.snapshot().total).toBe(2);
  });

  it('gives up on a record after maxAttempts transient failures, with the cause kept', async () => {
    sandbox.setFaults({ errorRate: 1 });
    const error = await client({ retry: { baseDelayMs: 1, maxAttempts: 3 } })
      .fetch({ kind: 'domain', id: ids('domain', 1)[0]! })
      .then(
        () => new Error('expected a failure'),
        (e: unknown) => e as Error,
      );
    expect(error).toMatchObject({ code: 'API_RETRIES_EXHAUSTED', kind: 'skip' });
    expect(error.cause).toMatchObject({ code: 'API_TRANSIENT' });
    expect(sandbox.stats.snapshot().total).toBe(3);
  });

  it.each([
    ['5xx', { errorRate: 0.5 }, 'error'],
    ['time-outs', { timeoutRate: 0.3 }, 'timeout'],
    ['cut connections', { cutRate: 0.4 }, 'cut'],
    ['truncated JSON', { truncatedRate: 0.4 }, 'truncated'],
    ['HTML pages with status 200', { htmlRate: 0.4 }, 'html'],
  ] as const)('survives %s and returns the clean record', async (_name, faults, counter) => {
    const refs = ids('domain', 12).map((id) => ({ kind: 'domain' as const, id }));
    const clean = await Promise.all(refs.map(served));
    sandbox.setFaults({ ...faults, faultSeed: 3 });
    const c = client({ headersTimeoutMs: 300, bodyTimeoutMs: 300, retry: { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 12 } });
    const got = await Promise.all(refs.map((r) => c.fetch(r)));
    expect(got.map((g) => g.text)).toEqual(clean);
    expect(sandbox.stats.snapshot().faults[counter]).toBeGreaterThan(0);
  });

  it.each([false, true])('waits out 429 bursts (Retry-After as date: %s): every request pauses, no retry budget used', async (asDate) => {
    // One burst of two 429s among the first eight requests, answered at once while the 200s take 50 ms: the
    // pause begins before a place frees, so the three requests not yet sent and the two retries wait for it.
    // One pause only, waited in real time (the next burst would be at the 14th request; there are 13).
    sandbox.setFaults({
      latencyMs: 50,
      rateLimit429: { everyRequests: 7, burstLength: 2, retryAfterSeconds: 1, retryAfterAsDate: asDate },
    });
    const pauseLog = recordClientPauses(sandbox.url, { connections: 8 });
    const c = client({ retry: { maxAttempts: 1 }, dispatcher: pauseLog.dispatcher });
    const refs = ids('phone', 11).map((id) => ({ kind: 'phone' as const, id }));
    const got = await Promise.all(refs.map((r) => c.fetch(r))).finally(() => pauseLog.close());
    expect(got).toHaveLength(11);
    const stats = sandbox.stats.snapshot();
    expect(stats.faults.burst429).toBe(2);
    expect(stats.total).toBe(13);
    expect(stats.pauses).toHaveLength(1);
    expect(pauseLog.entries.filter((entry) => entry.what === 'request')).toHaveLength(13);
    expect(judgeClientPauses(stats.pauses, pauseLog)).toEqual([]);
  });

  it('keeps every sliding one-second window within --rps, at the departures and at the server', async () => {
    const c = client({ requestsPerSecond: 20, maxConcurrent: 8 });
    // 30 at 20 per second: a run of 1.5 s, so the window binds and slides.
    const refs = sandbox.graph
      .ids('domain')
      .slice(0, 30)
      .map((id) => ({ kind: 'domain' as const, id }));
    const departures = recordDepartures(sandbox.url);
    try {
      await Promise.all(refs.map((r) => c.fetch(r)));
    } finally {
      departures.stop();
    }
    const stats = sandbox.stats.snapshot();
    expect(stats.total).toBe(30);
    // The limiter saw every departure on undici's channel (none counted only when its request ended).
    expect(c.limiter.unseenDepartures).toBe(0);
    expect(departures.times).toHaveLength(30);
    expect(busiestWindow(departures.times)).toBeLessThanOrEqual(20);
    expect(stats.busiestWindow).toBeLessThanOrEqual(20);
  });

  it('refuses a body over maxBodyBytes and reads a 5 MB record whole under the default', async () => {
    const ref = { kind: 'domain' as const, id: SPECIALS.hugeRecord.id };
    await expect(client({ maxBodyBytes: 1_000_000 }).fetch(ref)).rejects.toMatchObject({ code: 'API_CLIENT' });
    const got = await client().fetch(ref);
    expect(got.text.length).toBeGreaterThan(4_500_000);
  });
});
