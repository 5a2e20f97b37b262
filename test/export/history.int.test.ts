import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LandingRef } from '../../src/api/refs.js';
import { EXPORT_FORMATS, exportSubgraph, readSubgraph, type ExportRequest, type Subgraph } from '../../src/export/index.js';
import { runNamed } from '../../src/store/executor.js';
import { ALPHA, IDS, NEW_IP, OLD_IP, record, recordCrawl, T1, T2, T3, writeAnswers, writeCommit } from '../query/history-fixture.js';
import { runCli } from '../support/cli.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';
import { importIntoSpareNeo4j } from './spare-neo4j.js';

const OUT = path.join(import.meta.dirname, 'out');
const SEEDS: LandingRef[] = [{ kind: ALPHA.kind, id: ALPHA.id }];
const DEPTH = 3;

interface JsonExport {
  provenance: {
    parameters: Record<string, unknown> & { asOf: string | null };
    state: string;
    crawl: { id: string } | null;
    crawls: { id: string; records: number }[];
    nodesByHop: number[];
    counts: { nodes: number; edges: number };
    query: { method: string; statements: string[] };
  };
  propertyTypes: unknown;
  nodes: { elementKey: string; labels: string[]; properties: Record<string, unknown> }[];
  edges: { type: string; from: string; to: string; properties: Record<string, unknown> }[];
}

/** A second after `iso`. */
const justAfter = (iso: string) => new Date(Date.parse(iso) + 1000).toISOString();
/** Neo4j's text of a datetime written from `iso` (whole seconds). */
const dt = (iso: string) => iso.replace('.000Z', 'Z');
const key = (kind: string, id: number) => `${kind}#${id}`;
const alpha = key('domain', IDS.alpha);
const gamma = key('domain', IDS.gamma);

/**
 * `export` on a graph whose records were fetched at T1, T2 and T3 (test/query/history-fixture.ts): the
 * current state by default; with --as-of, the graph as it was then, which is checked against the exports
 * taken at those times before the next answers were written.
 */
describe('landing-graph export of a graph with history', () => {
  let driver: Driver;
  const database = () => testConnection().database;
  const snapshots: JsonExport[] = [];
  let n = 0;
  const exportJson = async (extra: Partial<ExportRequest> = {}): Promise<JsonExport> => {
    const out = path.join(OUT, `history-${n++}.json`);
    await exportSubgraph(driver, { seeds: SEEDS, depth: DEPTH, ...extra, format: 'json', out }, { database: database() });
    return JSON.parse(await readFile(out, 'utf8')) as JsonExport;
  };
  /** What an export at a time and one as of that time must share: everything but when and how it was asked. */
  const comparable = (e: JsonExport) => {
    const { asOf: _asOf, ...parameters } = e.provenance.parameters;
    const { nodesByHop, counts, crawl } = e.provenance;
    return { parameters, nodesByHop, counts, crawl, propertyTypes: e.propertyTypes, nodes: e.nodes, edges: e.edges };
  };
  const edgesFrom = (e: JsonExport, from: string) => e.edges.filter((x) => x.from === from).map((x) => `${x.type} ${x.to}`);

  /** crawl-history fetched every record: its tasks are done (uid `<crawl>|<kind>#<id>`, as the crawler names them). */
  const markFetchedByCrawl = async () => {
    await driver.executeQuery(
      `MATCH (c:Crawl {id: 'crawl-history'}) MATCH (n:Landing) WHERE n.fetchedAt IS NOT NULL AND n.id IS NOT NULL
       MERGE (t:CrawlTask {uid: c.id + '|' + n.kind + '#' + toString(n.id)})
       SET t.crawlId = c.id, t.kind = n.kind, t.id = n.id, t.state = 'done', t.depth = 0`,
      {},
      { database: database() },
    );
  };

  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
    await recordCrawl(driver);
    for (const step of [0, 1, 2] as const) {
      await writeAnswers(driver, step);
      await markFetchedByCrawl();
      if (step < 2) snapshots.push(await exportJson());
    }
    // A later crawl that fetched none of them: the provenance of a past state names the crawl of that time, and of
    // the current state the crawl that fetched the records, never merely the latest.
    await runNamed(
      driver,
      'crawl-create',
      {
        crawl: {
          id: 'crawl-later',
          fingerprint: 'fp-later',
          seeds: ['domain:beta-tea.ru'],
          maxDepth: 1,
          options: '{}',
          baseUrl: 'https://landing.example',
        },
        tasks: [{ uid: 'crawl-later|beta', kind: 'domain', id: null, key: 'beta-tea.ru' }],
        now: T3,
      },
      { database: database() },
    );
  });
  afterAll(async () => driver?.close());

  it('the snapshots differ: the graph changed between T1 and T2', () => {
    expect(comparable(snapshots[0]!)).not.toEqual(comparable(snapshots[1]!));
    expect(snapshots[0]!.nodes.map((x) => x.elementKey)).toContain(key('company', IDS.beta2));
    expect(snapshots[1]!.nodes.map((x) => x.elementKey)).not.toContain(key('company', IDS.beta2));
  });

  it('--as-of just after T1 is the export taken at T1, property for property', async () => {
    const past = await exportJson({ asOf: justAfter(T1) });
    expect(comparable(past)).toEqual(comparable(snapshots[0]!));
    expect(past.provenance.parameters.asOf).toBe(justAfter(T1));
    expect(past.provenance.state).toBe(`as of ${justAfter(T1)}`);
    expect(past.provenance.query.method).toMatch(/^the graph as of 2026-10-01T10:00:01\.000Z: /);
    expect(past.provenance.query.statements).toContain('cypher/export/nodes-as-of.cypher');
    // The renamed company has its old name and its founder, the domain its old IP and phone.
    expect(past.nodes.find((x) => x.elementKey === key('company', IDS.alfa))?.properties.title).toBe('ООО "Альфа"');
    expect(edgesFrom(past, alpha)).toContain(`RESOLVES_TO pivot:ip:${OLD_IP}`);
    expect(past.nodes.some((x) => x.labels.includes('RecordVersion'))).toBe(false);
  });

  it('--as-of between T2 and T3 is the export taken at T2, but for the lastSeenAt of pivots seen again at T3 (a lower bound)', async () => {
    const past = await exportJson({ asOf: justAfter(T2) });
    const then = snapshots[1]!;
    // Pivots keep no record of their sightings between their first and their last: after T3 the
    // graph only knows they were seen at T1.
    const lowered = past.nodes.filter(
      (x) =>
        x.labels.includes('Pivot') &&
        x.properties.lastSeenAt !== then.nodes.find((y) => y.elementKey === x.elementKey)?.properties.lastSeenAt,
    );
    expect(lowered.map((x) => x.elementKey).sort()).toEqual([
      'pivot:mailServer:mx.alpha-host.ru',
      'pivot:nameServer:ns1.alpha-host.ru',
      'pivot:registrar:ru-center-ru',
    ]);
    for (const x of lowered) {
      expect(x.properties.lastSeenAt).toBe(x.properties.firstSeenAt);
      expect(x.properties.lastSeenAt).toBe(dt(T1));
      x.properties.lastSeenAt = then.nodes.find((y) => y.elementKey === x.elementKey)?.properties.lastSeenAt;
    }
    expect(comparable(past)).toEqual(comparable(then));
    expect(past.provenance.crawl?.id).toBe('crawl-history');
  });

  it('a link removed at T2 and back at T3 exists before T2 and from T3 on, not in between', async () => {
    const at = async (asOf: string) => edgesFrom(await exportJson({ asOf }), alpha);
    expect(await at(T1)).toContain(`RELATED ${gamma}`);
    expect(await at(justAfter(T1))).toContain(`RELATED ${gamma}`);
    expect(await at(T2)).not.toContain(`RELATED ${gamma}`);
    expect(await at(justAfter(T2))).not.toContain(`RELATED ${gamma}`);
    const back = await exportJson({ asOf: justAfter(T3) });
    expect(edgesFrom(back, alpha)).toContain(`RELATED ${gamma}`);
    expect(back.edges.find((x) => x.from === alpha && x.to === gamma)?.properties).toMatchObject({
      firstSeenAt: dt(T1),
      lastSeenAt: dt(T3),
      removals: [dt(T2)],
      returns: [dt(T3)],
    });
    // Before its return the relationship carries only the history of that time.
    const between = await exportJson({ asOf: justAfter(T1) });
    const first = between.edges.find((x) => x.from === alpha && x.to === gamma)?.properties;
    expect(first).toEqual({ firstSeenAt: dt(T1), lastSeenAt: dt(T1), list: 'relatedDomains' });
  });

  it('without --as-of: the current state, removed relationships and earlier answers left out', async () => {
    const now = await exportJson();
    expect(now.provenance.state).toBe('current state');
    expect(now.provenance.parameters.asOf).toBeNull();
    expect(now.provenance.crawl?.id).toBe('crawl-history');
    expect(now.provenance.crawls.map((c) => [c.id, c.records])).toEqual([
      ['crawl-history', now.nodes.filter((x) => x.properties.fetchedAt).length],
    ]);
    expect(now.edges.filter((x) => 'removedAt' in x.properties)).toEqual([]);
    expect(now.nodes.every((x) => x.labels.includes('Landing') || x.labels.includes('Pivot'))).toBe(true);
    expect(edgesFrom(now, alpha).sort()).toEqual(
      [
        `RELATED ${key('domain', IDS.beta)}`,
        `RELATED ${gamma}`,
        `RELATED ${key('company', IDS.alfa)}`,
        `RESOLVES_TO pivot:ip:${NEW_IP}`,
        'USES_NAME_SERVER pivot:nameServer:ns1.alpha-host.ru',
        'USES_MAIL_SERVER pivot:mailServer:mx.alpha-host.ru',
        'REGISTERED_WITH pivot:registrar:ru-center-ru',
      ].sort(),
    );
    expect(now.nodes.find((x) => x.elementKey === key('company', IDS.alfa))?.properties.title).toBe('ООО "Альфа Плюс"');
    const keys = now.nodes.map((x) => x.elementKey);
    for (const gone of [key('domain', IDS.delta), key('company', IDS.beta2)]) expect(keys).not.toContain(gone);
    // The same walk as of a time after the last write is the current state.
    const later = await exportJson({ asOf: '2030-01-01T00:00:00Z' });
    expect({ nodes: later.nodes.map((x) => x.elementKey), edges: later.edges.map((x) => `${x.from} ${x.type} ${x.to}`) }).toEqual({
      nodes: keys,
      edges: now.edges.map((x) => `${x.from} ${x.type} ${x.to}`),
    });
  });

  it('csv and cypher of the current state carry the history lists (removals, returns) into an empty database', async () => {
    const csv = path.join(OUT, 'history-roundtrip.csv.d');
    const request = { seeds: SEEDS, depth: DEPTH };
    const { subgraph } = await exportSubgraph(driver, { ...request, format: 'csv', out: csv }, { database: database() });
    const script = (
      await exportSubgraph(
        driver,
        { ...request, format: 'cypher', out: path.join(OUT, 'history-roundtrip.cypher') },
        { database: database() },
      )
    ).written.path;
    const returned = subgraph.edges.find((x) => x.from === alpha && x.to === gamma)?.properties;
    expect(returned?.removals).toEqual({ type: 'datetime', list: true, value: [dt(T2)] });
    const comparable = (s: Subgraph) => ({ nodes: s.nodes, edges: s.edges });
    const spare = await importIntoSpareNeo4j(csv);
    try {
      expect(comparable(await readSubgraph(spare.driver, request))).toEqual(comparable(subgraph));
      await spare.driver.executeQuery('MATCH (n) DETACH DELETE n');
      for (const statement of (await readFile(script, 'utf8')).split(/;\n\n/).map((s) => s.trim())) {
        if (statement && !/^(\/\/[^\n]*\n?)+$/.test(statement)) await spare.driver.executeQuery(statement);
      }
      expect(comparable(await readSubgraph(spare.driver, request))).toEqual(comparable(subgraph));
    } finally {
      await spare.stop();
    }
  });

  it('a seed first seen after --as-of is not in the graph then', async () => {
    await expect(exportJson({ asOf: '2026-09-01T00:00:00Z' })).rejects.toMatchObject({
      code: 'SEED_INVALID',
      message: `not in the graph as of 2026-09-01T00:00:00.000Z: "domain#${IDS.alpha}" (first seen later, or check the kind and key)`,
    });
    await expect(exportJson({ asOf: 'last week' })).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });

  it('the CLI: every format takes --as-of and says so; a bad date is one line and exit 2', async () => {
    const asOf = '2026-10-15T13:00:01+03:00'; // just after T2
    const seed = `domain#${IDS.alpha}`;
    for (const format of EXPORT_FORMATS) {
      const out = path.join(OUT, `history-cli.${format === 'csv' ? 'csv.d' : format}`);
      const run = await runCli(['export', seed, '--depth', String(DEPTH), '--format', format, '--out', out, '--as-of', asOf]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr.trim().split('\n').pop()).toMatch(
        new RegExp(
          `^exported \\d+ nodes and \\d+ relationships \\(depth 3, as of ${justAfter(T2).replace(/[.]/g, '\\.')}\\) as ${format} to `,
        ),
      );
      // FtM has no domains and no header to name the state in: test/export/ftm-followthemoney.int.test.ts reads its --as-of export.
      if (format === 'ftm') continue;
      const files = format === 'csv' ? (await readdir(out)).map((f) => path.join(out, f)) : [out];
      const text = (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n');
      expect(text, format).toContain(`as of ${justAfter(T2)}`);
      // delta-tea.ru was listed at T2 only, gamma-tea.ru from T1 to T2 and again from T3.
      expect(text, format).toContain('delta-tea.ru');
      expect(text, format).not.toContain('gamma-tea.ru');
    }
    for (const bad of ['2026-02-30T00:00:00Z', '2026-10-15T10:00', 'yesterday']) {
      const run = await runCli(['export', seed, '--format', 'json', '--out', path.join(OUT, 'never.json'), '--as-of', bad]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `landing-graph: CONFIG_INVALID: --as-of must be an ISO date-time with a time zone (2026-11-21T12:00:00Z, 2026-11-21T15:00+03:00) or a date (2026-11-21, UTC); got "${bad}"\n`,
      );
    }
  });
});

/**
 * Status and first fetches as of a time: xray-tea.ru, fetched at T1 listing yankee-tea.ru, answers 404 at T2
 * and comes back at T3 with another registrar; yankee-tea.ru, a stub at T1, is first fetched at T2.
 */
describe('landing-graph export --as-of: records that went missing, came back, or were fetched later', () => {
  let driver: Driver;
  const database = () => testConnection().database;
  const X = 3100001;
  const Y = 3100002;
  const xray = (registrar: string) =>
    record('domain', X, 'xray-tea.ru', { relatedDomains: [{ id: Y, title: 'yankee-tea.ru' }], whoIs: { registrar } });
  const yankee = record('domain', Y, 'yankee-tea.ru', { dns: { a: ['185.71.67.40'] } });
  const snapshots: JsonExport[] = [];
  let n = 0;
  const exportJson = async (asOf?: string): Promise<JsonExport> => {
    const out = path.join(OUT, `history-status-${n++}.json`);
    await exportSubgraph(driver, { seeds: [{ kind: 'domain', id: X }], depth: 2, asOf, format: 'json', out }, { database: database() });
    return JSON.parse(await readFile(out, 'utf8')) as JsonExport;
  };
  const nodeOf = (e: JsonExport, id: number) => e.nodes.find((x) => x.elementKey === key('domain', id))?.properties;
  const graphOf = (e: JsonExport) => ({ nodes: e.nodes, edges: e.edges });

  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
    await writeCommit(driver, T1, [xray('REG-ONE')]);
    snapshots.push(await exportJson());
    await writeCommit(driver, T2, [yankee], [{ kind: 'domain', id: X }]);
    snapshots.push(await exportJson());
    await writeCommit(driver, T3, [xray('REG-TWO')]);
  });
  afterAll(async () => driver?.close());

  it('now: back, with its new answer; its time away kept', async () => {
    const now = await exportJson();
    expect(nodeOf(now, X)).toMatchObject({ status: 'fetched', registrar: 'REG-TWO', goneAt: dt(T2), backAt: dt(T3), fetchedAt: dt(T3) });
    expect(nodeOf(now, Y)).toMatchObject({ status: 'fetched', firstFetchedAt: dt(T2) });
  });

  it('as of T2: missing since T2 with the data it had, the stub of T1 fetched', async () => {
    const past = await exportJson(justAfter(T2));
    expect(nodeOf(past, X)).toMatchObject({
      status: 'missing',
      goneAt: dt(T2),
      error: 'API_NOT_FOUND',
      registrar: 'REG-ONE',
      fetchedAt: dt(T1),
    });
    expect(graphOf(past)).toEqual(graphOf(snapshots[1]!));
  });

  it('as of T1: fetched, nothing of its absence; the record fetched only later is the stub it was, with the header it was fetched with', async () => {
    const past = await exportJson(justAfter(T1));
    const x = nodeOf(past, X)!;
    expect(x).toMatchObject({ status: 'fetched', registrar: 'REG-ONE', fetchedAt: dt(T1), lastSeenAt: dt(T1) });
    for (const later of ['goneAt', 'backAt', 'checkedAt', 'error', 'changedAt']) expect(x).not.toHaveProperty(later);
    const y = nodeOf(past, Y)!;
    expect(y).toEqual({
      kind: 'domain',
      id: Y,
      key: 'yankee-tea.ru',
      title: 'yankee-tea.ru',
      href: `https://landing.example/domain/${Y}`,
      provider: 'test',
      status: 'stub',
      firstSeenAt: dt(T1),
      lastSeenAt: dt(T1),
    });
    // The list entry of T1 named no href nor provider: the only difference from the export taken then.
    const { href: _href, provider: _provider, ...stub } = y;
    past.nodes.find((node) => node.elementKey === key('domain', Y))!.properties = stub;
    expect(graphOf(past)).toEqual(graphOf(snapshots[0]!));
  });
});
