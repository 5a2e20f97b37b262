import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { LandingKind } from '../../src/api/kinds.js';
import type { FrontierTask } from '../../src/crawl/frontier-store.js';
import type { CrawlFollow } from '../../src/crawl/options.js';
import { type SettlePolicy, settleFetched } from '../../src/crawl/settle.js';
import { inlineSettler, type Settler, type SettlerFactory } from '../../src/crawl/settler.js';
import { fullRecord } from '../api/schemas/records.js';

/**
 * One contract over every Settler: the settlement equals settleFetched's, whatever thread made it. The worker
 * thread runs built JavaScript (a thread cannot load TypeScript), so its case takes threadSettler from dist/, which
 * the README's test command builds first.
 */
const policy: SettlePolicy = {
  crawlId: 'c1',
  maxDepth: 2,
  follow: new Set<CrawlFollow>(['related', 'similar', 'competitor']),
  kinds: new Set<LandingKind>(['domain', 'company', 'email', 'phone']),
  maxFanout: undefined,
  skip: new Set(),
  aliasKeys: false,
};

const distSettler = async (): Promise<SettlerFactory> => {
  const file = path.resolve(import.meta.dirname, '../../dist/crawl/settle-thread.js');
  return ((await import(pathToFileURL(file).href)) as { threadSettler: SettlerFactory }).threadSettler;
};

const implementations: [string, () => Promise<SettlerFactory>][] = [
  ['inlineSettler', async () => inlineSettler],
  ['threadSettler (dist)', distSettler],
];

const taskOf = (kind: LandingKind, id: number, depth: number): FrontierTask => ({ uid: `c1|${kind}#${id}`, kind, id, key: null, depth });

describe.each(implementations)('%s', (_name, load) => {
  let settler: Settler | undefined;
  afterEach(async () => {
    await settler?.close();
    settler = undefined;
  });

  it.each(['company', 'domain', 'email', 'phone'] as const)('settles a %s record exactly as settleFetched does', async (kind) => {
    settler = (await load())(policy);
    const record = fullRecord(kind);
    const task = taskOf(kind, record.id as number, 1);
    const text = JSON.stringify(record);
    const fetched = { ref: { kind, id: record.id as number }, text, attempts: 2 };
    const settled = await settler.settle(task, fetched);
    expect(settled).toEqual(settleFetched(task, fetched, policy));
    expect(settled.queue.length).toBeGreaterThan(0);
  });

  it('keeps the order of many records settled at once', async () => {
    settler = (await load())(policy);
    const record = fullRecord('company');
    const text = JSON.stringify(record);
    const tasks = Array.from({ length: 50 }, (_, i) => taskOf('company', i + 1, i % 3));
    const settled = await Promise.all(
      tasks.map((task) => settler!.settle(task, { ref: { kind: 'company', id: task.id! }, text, attempts: 1 })),
    );
    expect(settled.map((s) => s.done[0]?.uid)).toEqual(tasks.map((t) => t.uid));
    expect(settled.map((s) => s.queue.length > 0)).toEqual(tasks.map((t) => t.depth < policy.maxDepth));
  });

  it('settles a record of more than a megabyte (20,000 related domains) exactly as settleFetched does', async () => {
    settler = (await load())(policy);
    const record = fullRecord('company');
    const [entry] = record.relatedDomains as Record<string, unknown>[];
    record.relatedDomains = Array.from({ length: 20_000 }, (_, i) => ({ ...entry, id: 1_000_000 + i, title: `site-${i}.example` }));
    const text = JSON.stringify(record);
    expect(text.length).toBeGreaterThan(1_000_000);
    const task = taskOf('company', record.id as number, 0);
    const fetched = { ref: { kind: 'company' as const, id: record.id as number }, text, attempts: 1 };
    const settled = await settler.settle(task, fetched);
    expect(settled).toEqual(settleFetched(task, fetched, policy));
    expect(settled.queue.filter((row) => row.kind === 'domain')).toHaveLength(20_000);
  });

  it('refuses work after close', async () => {
    const closed = (await load())(policy);
    await closed.close();
    const text = JSON.stringify(fullRecord('email'));
    await expect(closed.settle(taskOf('email', 1, 0), { ref: { kind: 'email', id: 1 }, text, attempts: 1 })).rejects.toMatchObject({
      code: 'INTERNAL',
    });
  });
});

describe('startSettleThread (dist)', () => {
  const load = async () => {
    const file = path.resolve(import.meta.dirname, '../../dist/crawl/settle-thread.js');
    return ((await import(pathToFileURL(file).href)) as typeof import('../../src/crawl/settle-thread.js')).startSettleThread;
  };

  it('starts the thread before the policy is known, serves one crawl with it, and discard leaves a taken thread alone', async () => {
    const started = (await load())();
    const settler = started(policy);
    expect(() => started(policy)).toThrow(/one crawl/);
    await started.discard();
    const record = fullRecord('company');
    const text = JSON.stringify(record);
    const task = taskOf('company', record.id as number, 1);
    const fetched = { ref: { kind: 'company' as const, id: record.id as number }, text, attempts: 1 };
    expect(await settler.settle(task, fetched)).toEqual(settleFetched(task, fetched, policy));
    await settler.close();
  });

  it('discard ends a thread no crawl took', async () => {
    const started = (await load())();
    await expect(started.discard()).resolves.toBeUndefined();
    await expect(started.discard()).resolves.toBeUndefined();
  });
});
