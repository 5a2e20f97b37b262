import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANDING_KINDS } from '../../src/api/kinds.js';
import { generateGraph } from '../../src/sandbox/generate-graph.js';
import { groundTruth } from '../../src/sandbox/ground-truth.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { SPECIALS } from '../../src/sandbox/specials.js';
import { byId, byKey, get, manualClock } from './helpers.js';

const graph = generateGraph({ records: 1000, seed: 5, specials: true });
const clock = manualClock();
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ graph, now: clock.now });
});
afterAll(async () => sandbox?.close());
beforeEach(() => sandbox.stats.reset());

const node = (id: number) => graph.node(id)!;
const firstWhere = (kind: 'domain' | 'email', test: (title: string, key: string) => boolean): number =>
  graph.ids(kind).find((id) => test(node(id).title, node(id).key ?? '')) as number;

describe('sandbox HTTP lookups', () => {
  it.each(LANDING_KINDS)('serves a %s record by page number, as JSON', async (kind) => {
    const id = graph.ids(kind)[2] as number;
    const res = await get(sandbox, byId(kind, id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.json()).toMatchObject({ id, title: node(id).title, href: `https://landing.example/${kind}/${id}` });
  });

  it('serves by natural key: e-mail with + and upper case, Cyrillic and upper-case domains, phone, INN, OGRN', async () => {
    const email = firstWhere('email', (title) => title.includes('+') && /[A-Z]/.test(title));
    const idn = firstWhere('domain', (_t, key) => key.endsWith('.рф'));
    const upper = firstWhere('domain', (title) => /[A-Z]/.test(title));
    const phone = graph.ids('phone')[0] as number;
    const company = graph.ids('company')[0] as number;
    const cases: [string, string, number][] = [
      ['email', node(email).title, email],
      ['email', node(email).key as string, email],
      ['domain', node(idn).key as string, idn],
      ['domain', new URL(`http://${node(idn).key}`).hostname, idn],
      ['domain', node(upper).title, upper],
      ['domain', node(upper).title.toLowerCase(), upper],
      ['phone', node(phone).key as string, phone],
      ['company', node(company).key as string, company],
      ['company', node(company).ogrn as string, company],
      ['company', SPECIALS.hostileTitle.inn, SPECIALS.hostileTitle.id],
    ];
    for (const [kind, key, id] of cases) {
      const res = await get(sandbox, byKey(kind, key));
      expect(res.status, `${kind} ${key}`).toBe(200);
      expect(res.json().id).toBe(id);
    }
    // A '+' left unencoded in the path is still a plus (paths do not use form encoding).
    expect((await get(sandbox, `/api/v1/landing/phone/${node(phone).key}?isKey=true`)).json().id).toBe(phone);
  });

  it('serves hostile titles intact', async () => {
    for (const special of [SPECIALS.hostileTitle, SPECIALS.quotesTitle, SPECIALS.emojiTitle]) {
      expect((await get(sandbox, byId('company', special.id))).json().title).toBe(special.title);
    }
  });

  it('answers 404 for unknown ids, dangling ids, branches, other kinds, keys without isKey, and unknown paths', async () => {
    const domain = graph.ids('domain')[0] as number;
    const paths = [
      byId('domain', 999_999),
      byId('domain', graph.danglingIds[0] as number),
      byId('company', graph.ids('branch')[0] as number),
      byId('branch', graph.ids('branch')[0] as number),
      byId('company', domain),
      byId('domain', `0${domain}`),
      byId('domain', encodeURIComponent(node(domain).key as string)),
      `${byId('domain', domain)}/extra`,
      byKey('domain', 'no-such-domain.example'),
      byKey('company', '12345'),
      '/api/v1/landing/person/1',
      '/api/v2/landing/domain/1',
      '/',
    ];
    for (const path of paths) {
      const res = await get(sandbox, path);
      expect(res.status, path).toBe(404);
      expect(res.json(), path).toEqual({ error: 'not found' });
    }
    expect((await get(sandbox, '/api/v1/landing/domain/%E0%A4%A?isKey=true')).status).toBe(400);
  });

  it('answers 401 without the key or with a wrong one, never echoing it; 405 for other methods', async () => {
    const path = byId('domain', graph.ids('domain')[0] as number);
    const missing = await get(sandbox, path, { key: null });
    expect(missing.status).toBe(401);
    expect(missing.json()).toEqual({ error: 'unauthorized' });
    const wrong = await get(sandbox, path, { key: 'let-me-in-please' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('let-me-in-please');
    expect((await get(sandbox, path, { key: sandbox.apiKey.toUpperCase() })).status).toBe(401);
    const post = await get(sandbox, path, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });

  it('serves stats and ground truth without a key, outside the counters', async () => {
    await get(sandbox, byId('domain', graph.ids('domain')[0] as number));
    const stats = await get(sandbox, '/__sandbox/stats', { key: null });
    expect(stats.status).toBe(200);
    expect(stats.json()).toMatchObject({ total: 1, byStatus: { '200': 1 } });
    const truth = await get(sandbox, '/__sandbox/ground-truth', { key: null });
    expect(truth.text).toBe(JSON.stringify(groundTruth(graph)));
    expect(sandbox.stats.total).toBe(1);
  });
});

describe('sandbox stats', () => {
  it('counts per status, kind, path (repeats visible) and one-second window', async () => {
    clock.set(Date.UTC(2026, 0, 1, 0, 0, 0, 100));
    const domain = byId('domain', graph.ids('domain')[0] as number);
    const company = byId('company', graph.ids('company')[0] as number);
    await get(sandbox, domain);
    await get(sandbox, domain);
    await get(sandbox, company);
    clock.advance(1000);
    await get(sandbox, byId('email', 999_999));
    await get(sandbox, company, { key: null });
    const s = sandbox.stats.snapshot();
    expect(s.total).toBe(5);
    expect(s.byStatus).toEqual({ '200': 3, '404': 1, '401': 1 });
    expect(s.byKind).toEqual({ domain: 2, company: 2, email: 1 });
    expect(s.byPath[domain]).toBe(2);
    expect(sandbox.stats.repeatedPaths()).toEqual({ [domain]: 2, [company]: 2 });
    const second = Math.floor(Date.UTC(2026, 0, 1) / 1000);
    expect(s.perSecond).toEqual([
      { second, count: 3 },
      { second: second + 1, count: 2 },
    ]);
    expect(s.maxPerSecond).toEqual({ second, count: 3 });
    // The sliding count uses the real (monotonic) arrival times, not the manual clock: all five or fewer.
    expect(s.busiestWindow).toBeGreaterThanOrEqual(1);
    expect(s.busiestWindow).toBeLessThanOrEqual(5);
    sandbox.stats.reset();
    expect(sandbox.stats.snapshot()).toMatchObject({
      total: 0,
      byStatus: {},
      perSecond: [],
      maxPerSecond: null,
      busiestWindow: 0,
      pauses: [],
    });
  });
});
