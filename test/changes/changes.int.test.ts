import neo4j from 'neo4j-driver';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import type { LandingRef } from '../../src/api/refs.js';
import type { ChangeReport, EdgeChange, FieldChange, PivotChange, RecordChange } from '../../src/changes/model.js';
import { evolveGraph, reachable } from '../../src/sandbox/index.js';
import { expectedChanges, type ExpectedChanges, type RecordChange as ExpectedRecord } from '../support/sandbox/expected-changes.js';
import { guardedPage, launchChromium } from '../export/browser.js';
import { runCli } from '../support/cli.js';
import { type CrawlSeeds, crawlTest, withSetUp } from '../support/fixtures.js';
import { resetGraph } from '../support/neo4j.js';
import { humanMoment } from '../../src/time/human-date.js';
import { cypher } from '../../src/store/cypher-files.js';
import { freshPlan } from '../store/plans.js';

const OUT = path.join(import.meta.dirname, 'out');
const HTML = path.join(OUT, 'changes.html');
const SCREENSHOT = path.join(OUT, 'changes.png');
const DEPTH = 2;
/** A company title no output may break on: markup, quotes, a terminal escape, a bidi override, Cyrillic, emoji. */
const HOSTILE = `<script>alert(1)</script> "ООО Кавычки" \u001b[31mred\u001b[0m \u202Eevil 🚀 ', ;`;

/** A pivot change as `changes --json` writes it: `role` only for officers. */
type JsonPivot = Omit<PivotChange, 'role'> & { role?: string | null };

/** The report the sandbox's expectedChanges implies, in the report's shape (see the comments for what is compared). */
interface Expected {
  kind: string;
  id: number;
  key: string | null;
  change: string;
  edgesAdded: EdgeChange[];
  edgesRemoved: EdgeChange[];
  /** Only for changed records: pivots and block links follow the crawler's mapping of the changed blocks. */
  pivotsAdded?: JsonPivot[];
  pivotsRemoved?: JsonPivot[];
  fields?: FieldChange[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sortEdges = (edges: EdgeChange[]) =>
  edges.sort((a, b) => byText(a.type, b.type) || byText(a.list, b.list) || byText(a.to.kind, b.to.kind) || (a.to.id ?? 0) - (b.to.id ?? 0));
const sortPivots = (pivots: JsonPivot[]) =>
  pivots.sort(
    (a, b) =>
      byText(a.type, b.type) ||
      byText(a.pivot.kind, b.pivot.kind) ||
      byText(a.pivot.key ?? '', b.pivot.key ?? '') ||
      byText(a.role ?? '', b.role ?? ''),
  );

/**
 * What `changes --json` must list for a window holding exactly one re-crawl of a changed world: every
 * record of expectedChanges (kind, id, key, change, edges). For changed records also their pivot and block
 * links and their fields (title and analyst properties, before and after). For new, back and gone records
 * expectedChanges leaves pivots out (the report lists them all as added or removed), so they are not
 * compared. A changed record whose difference lies only in block fields that map to no property, pivot
 * or link would be raw-only for the graph and not reported; none is expected from these worlds.
 */
function expectedReport(expected: ExpectedChanges): Expected[] {
  return expected.records.map((r: ExpectedRecord) => {
    const edges = (list: ExpectedRecord['edgesAdded']) =>
      sortEdges(list.map((e) => ({ type: e.type, list: e.list, to: { kind: e.to.kind, id: e.to.id } })));
    const base: Expected = {
      kind: r.kind,
      id: r.id,
      key: r.key,
      change: r.change,
      edgesAdded: edges(r.edgesAdded),
      edgesRemoved: edges(r.edgesRemoved),
    };
    if (r.change !== 'changed') return base;
    const pivots = (side: 'added' | 'removed') =>
      sortPivots([
        // The JSON names a role only for officers (HAS_OFFICER, one link per role).
        ...r.pivots.flatMap((p) => p[side].map((key) => ({ type: p.relation, pivot: { kind: p.kind, key }, ...roleOf(p) }))),
        ...r.keyLinks.flatMap((k) => k[side].map((key) => ({ type: k.type, pivot: { kind: k.toKind, key }, ...roleOf(k) }))),
      ]);
    const fields: FieldChange[] = r.properties.map((p) => ({
      name: p.name,
      before: (p.before ?? null) as never,
      after: (p.after ?? null) as never,
    }));
    if (r.titleAfter !== undefined) fields.push({ name: 'title', before: r.titleBefore ?? null, after: r.titleAfter });
    fields.sort((a, b) => byText(a.name, b.name));
    return { ...base, pivotsAdded: pivots('added'), pivotsRemoved: pivots('removed'), fields };
  });
}

/** The report's records cut to what `expectedReport` states. */
function comparable(report: ChangeReport): Expected[] {
  return report.records.map((r: RecordChange) => {
    const base: Expected = {
      kind: r.kind,
      id: r.id!,
      key: r.key,
      change: r.change,
      edgesAdded: r.edgesAdded,
      edgesRemoved: r.edgesRemoved,
    };
    return r.change === 'changed' ? { ...base, pivotsAdded: r.pivotsAdded, pivotsRemoved: r.pivotsRemoved, fields: r.fields } : base;
  });
}

describe('landing-graph changes (the built CLI) after re-crawls of a changing sandbox world', () => {
  let seeds: LandingRef[];
  let crawlB: string;
  let crawlC: string;
  let beforeA: string;
  let afterB: string;
  let afterC: string;
  let expected1: ExpectedChanges;
  let expected2: ExpectedChanges;
  /** Records fetched by the first crawl that the second one did not reach (see the third window's test). */
  let unreachedInB: Set<string>;
  let hostileId: number;
  let managerId: number;

  const crawlWorld = async (crawl: CrawlSeeds, refresh: boolean) => {
    const result = await crawl(seeds, { maxDepth: DEPTH, commitIntervalMs: 20, refresh });
    expect(result.status).toBe('finished');
    return result.crawlId;
  };
  const changes = (...args: string[]) => runCli(['changes', ...args]);
  const json = async (...args: string[]) => {
    const run = await changes(...args, '--json');
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as ChangeReport;
  };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 15));

  // Three crawls of a changing world, once before the file's tests.
  const test = withSetUp(crawlTest({ records: 400, seed: 21 }), async ({ crawl, sandbox, driver }) => {
    await resetGraph(driver);
    const world0 = sandbox.graph;
    seeds = world0
      .ids('company')
      .slice(0, 2)
      .map((id) => ({ kind: 'company' as const, id }));
    const refs = seeds.map((s) => ({ kind: s.kind, id: s.id as number }));

    beforeA = new Date().toISOString();
    await tick();
    await crawlWorld(crawl, false);

    // World 1: random changes inside the ball, plus a company retitled with a hostile title and one with a new manager.
    const companies = reachable(world0, refs, DEPTH)
      .fetched.filter((r) => r.kind === 'company' && r.depth === 1)
      .map((r) => r.id);
    hostileId = companies[0]!;
    managerId = companies[1]!;
    const world1 = evolveGraph(world0, {
      seed: 4,
      within: { seeds: refs, depth: DEPTH },
      removeEntries: 4,
      addEntries: 3,
      retitle: 2,
      changeFields: 3,
      gone: 1,
      newRecords: 2,
      changes: [
        { type: 'retitle', id: hostileId, title: HOSTILE },
        { type: 'setShared', id: managerId, identifier: 'manager' },
      ],
    });
    sandbox.setGraph(world1);
    expected1 = expectedChanges(world0, world1, refs, DEPTH);
    const ballB = reachable(world1, refs, DEPTH);
    const reachedB = new Set([...ballB.fetched, ...ballB.notFound].map((r) => `${r.kind}#${r.id}`));
    unreachedInB = new Set(
      reachable(world0, refs, DEPTH)
        .fetched.map((r) => `${r.kind}#${r.id}`)
        .filter((r) => !reachedB.has(r)),
    );
    crawlB = await crawlWorld(crawl, true);
    await tick();
    afterB = new Date().toISOString();
    await tick();

    // World 2: the gone record comes back, an entry removed in world 1 returns, a few random changes.
    const gone = expected1.records.find((r) => r.change === 'gone')!;
    const lost = expected1.records.find((r) => r.change === 'changed' && r.edgesRemoved.length > 0)!;
    const world2 = evolveGraph(world1, {
      seed: 9,
      within: { seeds: refs, depth: DEPTH },
      removeEntries: 2,
      addEntries: 1,
      retitle: 1,
      changeFields: 1,
      gone: 0,
      newRecords: 1,
      changes: [
        { type: 'back', id: gone.id },
        { type: 'addEntry', id: lost.id, field: lost.edgesRemoved[0]!.list, toId: lost.edgesRemoved[0]!.to.id },
      ],
    });
    sandbox.setGraph(world2);
    expected2 = expectedChanges(world1, world2, refs, DEPTH);
    crawlC = await crawlWorld(crawl, true);
    await tick();
    afterC = new Date().toISOString();
  });

  test('the window of the second crawl lists exactly the changes of world 1', async () => {
    const byChange = (change: string) => expected1.records.filter((r) => r.change === change).length;
    expect(byChange('changed')).toBeGreaterThan(3);
    expect(byChange('gone')).toBe(1);
    expect(byChange('new')).toBeGreaterThanOrEqual(2);
    const report = await json('--since', crawlB, '--until', afterB);
    expect(report.until).toBe(afterB);
    expect(comparable(report)).toEqual(expectedReport(expected1));
    // The two explicit changes: a hostile title, and an officer replaced.
    const hostile = report.records.find((r) => r.kind === 'company' && r.id === hostileId);
    expect(hostile?.fields.find((f) => f.name === 'title')?.after).toBe(HOSTILE);
    const manager = report.records.find((r) => r.kind === 'company' && r.id === managerId);
    expect(manager?.pivotsAdded.filter((p) => p.type === 'HAS_OFFICER')).toHaveLength(1);
    expect(manager?.pivotsRemoved.filter((p) => p.type === 'HAS_OFFICER')).toHaveLength(1);
    expect(manager?.fields.map((f) => f.name)).toContain('managers');
    console.log(`[changes] report of world 1 (${report.records.length} records):\n${JSON.stringify(report, null, 1).slice(0, 6000)}`);
  });

  test('the window of the third crawl lists the record back, the entry returned and world 2 changes; --fail-on-change exits 8 after the report', async () => {
    expect(expected2.records.filter((r) => r.change === 'back')).toHaveLength(1);
    const run = await changes('--since', crawlC, '--json', '--fail-on-change');
    expect(run.code).toBe(8);
    expect(run.stderr.trim()).toMatch(/^landing-graph: CHANGES_FOUND: \d+ records changed from \S+Z to \S+Z \(--fail-on-change\)$/);
    const report = JSON.parse(run.stdout) as ChangeReport;
    // expectedChanges compares two worlds only: a record the first crawl fetched, the second did not reach and
    // the third reaches again is new to it, not to the graph (fetched before). Such records are left out of
    // both sides; the graph must not call them new.
    const skipped = (r: { kind: string; id: number | null }) => unreachedInB.has(`${r.kind}#${r.id}`);
    expect(report.records.filter((r) => skipped(r) && r.change === 'new')).toEqual([]);
    expect(expected2.records.filter((r) => !skipped(r)).length).toBeGreaterThan(3);
    expect(comparable({ ...report, records: report.records.filter((r) => !skipped(r)) })).toEqual(
      expectedReport({ ...expected2, records: expected2.records.filter((r) => !skipped(r)) }),
    );
  });

  test('a window without changes prints so and --fail-on-change exits 0', async () => {
    const run = await changes('--since', afterC, '--fail-on-change');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^No changes from \S+ to \S+\.\n$/);
    const none = await json('--since', '1ms');
    expect(none.records).toEqual([]);
  });

  test('a window over all three crawls: every record new, except the one gone and back', async ({ driver, database }) => {
    const report = await json('--since', beforeA);
    const changesSeen = new Set(report.records.map((r) => r.change));
    expect([...changesSeen].sort()).toEqual(['back', 'new']);
    const back = report.records.filter((r) => r.change === 'back');
    expect(back.map((r) => r.id)).toEqual(expected2.records.filter((r) => r.change === 'back').map((r) => r.id));
    // It was not served at since: all its links are added.
    expect(back[0]!.edgesRemoved).toEqual([]);
    expect(back[0]!.edgesAdded.length).toBeGreaterThan(0);
    // A new record is named by its title, as the graph holds it now (the statement reads no other field of it).
    const summary = await changes('--since', beforeA);
    expect(summary.code, summary.stderr).toBe(0);
    const named = [...summary.stdout.matchAll(/^\+ new company (\d+) "(.*)" \(company#(\d+)\):/gm)].map(([, key, title, id]) => ({
      key,
      title,
      id: Number(id),
    }));
    expect(named.length).toBeGreaterThan(5);
    const held = await driver.executeQuery(
      'UNWIND $ids AS id MATCH (n:Company:Landing {id: id}) RETURN n.id AS id, n.key AS key, n.title AS title ORDER BY id',
      { ids: named.map((n) => neo4j.int(n.id)) },
      { database },
    );
    const plain = (title: unknown) => typeof title === 'string' && !/[\u0000-\u001F\u007F-\u009F\u202E]/.test(title);
    const expected = held.records
      .map((r) => ({ key: r.get('key'), title: r.get('title'), id: Number(r.get('id')) }))
      .filter((r) => plain(r.title));
    expect(expected.length).toBeGreaterThan(5);
    expect(named.filter((n) => expected.some((e) => e.id === n.id)).sort((a, b) => a.id - b.id)).toEqual(expected);
  });

  test('seeds limit the report to records within --depth hops (removed relationships walked too)', async ({ driver, database }) => {
    const full = await json('--since', crawlB, '--until', afterB);
    const only = await json('--since', crawlB, '--until', afterB, `company#${managerId}`, '--depth', '0');
    expect(only.records.map((r) => `${r.kind}#${r.id}`)).toEqual([`company#${managerId}`]);
    const near = await json('--since', crawlB, '--until', afterB, `company#${managerId}`, '--depth', '1');
    const fullIds = new Set(full.records.map((r) => `${r.kind}#${r.id}`));
    for (const r of near.records) expect(fullIds.has(`${r.kind}#${r.id}`)).toBe(true);
    const neighbours = await driver.executeQuery(
      'MATCH (:Company {id: $id})--(m:Landing) RETURN collect(DISTINCT m.kind + "#" + m.id) AS near',
      { id: managerId },
      { database },
    );
    const allowed = new Set([`company#${managerId}`, ...((neighbours.records[0]?.get('near') as string[] | undefined) ?? [])]);
    expect(near.records.every((r) => allowed.has(`${r.kind}#${r.id}`))).toBe(true);
    expect(near.records.length).toBeGreaterThanOrEqual(1);
  });

  test('the summary and CSV say the same as the JSON', async () => {
    const report = await json('--since', crawlB, '--until', afterB);
    const summary = await changes('--since', crawlB, '--until', afterB);
    expect(summary.code, summary.stderr).toBe(0);
    const counts = (c: string) => report.records.filter((r) => r.change === c).length;
    expect(summary.stdout.split('\n')[0]).toBe(
      `Changes from ${report.since} to ${report.until}: ${report.records.length} records (new ${counts('new')}, changed ${counts('changed')}, gone ${counts('gone')}, back ${counts('back')})`,
    );
    console.log(`[changes] summary:\n${summary.stdout}`);
    expect(summary.stdout).toMatch(/^- gone /m);
    expect(summary.stdout).toMatch(/^\+ officer \(manager\) of company /m);
    expect(summary.stdout).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202E]/);
    const csv = await changes('--since', crawlB, '--until', afterB, '--csv');
    expect(csv.code, csv.stderr).toBe(0);
    const items = report.records.reduce(
      (n, r) => n + 1 + r.fields.length + r.edgesAdded.length + r.edgesRemoved.length + r.pivotsAdded.length + r.pivotsRemoved.length,
      0,
    );
    // Records of the CSV: lines minus the header; a quoted title may hold a line break, so count record rows by their CRLF.
    expect(csv.stdout.split('\r\n').length - 2).toBe(items);
  });

  test('refuses bad values with one line naming the flag and value (exit 2)', async () => {
    const cases: [string[], RegExp][] = [
      [['--since', 'yesterday'], /^landing-graph: CONFIG_INVALID: --since "yesterday" is not a crawl in the graph/],
      [['--since', '2026-02-30'], /^landing-graph: CONFIG_INVALID: --since must be .* got "2026-02-30"/],
      [['--since', '1d', '--until', 'soon'], /^landing-graph: CONFIG_INVALID: --until must be .* got "soon"$/],
      [['--since', '1h', '--until', '2d'], /^landing-graph: CONFIG_INVALID: --since \(\S+\) must be before --until \(\S+\)$/],
      [['--until', '1d'], /^landing-graph: CONFIG_INVALID: --since is required/],
      [['--since', '1d', '--html'], /^landing-graph: CONFIG_INVALID: --html needs --out <file>$/],
      [['--since', '1d', '--json', '--csv'], /^landing-graph: CONFIG_INVALID: give one of --json, --csv and --html$/],
      [['--since', '1d', 'domain:nowhere.invalid'], /^landing-graph: SEED_INVALID: not in the graph: "domain:nowhere.invalid"/],
      [
        ['--since', '1d', 'company#1', '--depth', 'two'],
        /^landing-graph: CONFIG_INVALID: --depth must be a whole number from 0 to 100, got "two"$/,
      ],
    ];
    for (const [args, message] of cases) {
      const run = await changes(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.stderr.trim(), args.join(' ')).toMatch(message);
    }
  });

  test('--html writes an offline page that shows the changes, hostile titles as text, with no script and no request', async () => {
    const run = await changes('--since', crawlB, '--until', afterB, '--html', '--out', HTML);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.trim().split('\n').pop()).toMatch(/^wrote the change report \(\d+ records, \S+ to \S+\) to .*changes\.html$/);
    const report = await json('--since', crawlB, '--until', afterB);
    const html = await readFile(HTML, 'utf8');
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=/i);
    const browser: Browser = await launchChromium(inject('chromiumPath'));
    try {
      const guarded = await guardedPage(browser);
      const { page } = guarded;
      await page.goto(pathToFileURL(HTML).href);
      const view = (await page.evaluate(`(() => {
        const tables = {};
        for (const h of document.querySelectorAll('h2')) {
          const table = h.nextElementSibling && h.nextElementSibling.tagName === 'TABLE' ? h.nextElementSibling : null;
          tables[h.firstChild.textContent.trim()] = table ? Array.from(table.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.cells).map((c) => c.textContent)) : [];
        }
        return { title: document.title, tables, scripts: document.scripts.length };
      })()`)) as { title: string; tables: Record<string, string[][]>; scripts: number };
      expect(guarded.blocked).toEqual([]);
      expect(guarded.errors).toEqual([]);
      expect(guarded.dialogs).toEqual([]);
      expect(view.scripts).toBe(0);
      expect(view.title).toBe(`Changes ${humanMoment(report.since)} → ${humanMoment(report.until)}`);
      expect(view.title).toMatch(/^Changes \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC → /);
      const count = (c: string) => report.records.filter((r) => r.change === c).length;
      expect(Object.fromEntries(view.tables['Records per change']!.map((r) => [r[0], Number(r[1])]))).toEqual({
        new: count('new'),
        changed: count('changed'),
        gone: count('gone'),
        back: count('back'),
      });
      expect(view.tables['New records']!.length).toBe(count('new'));
      expect(view.tables['Records gone (now 404)']!.length).toBe(count('gone'));
      const fields = view.tables['Field changes']!;
      expect(fields.length).toBe(report.records.reduce((n, r) => n + r.fields.length, 0));
      // The hostile title arrives as text, exactly (escaped markup, no script run), in the title and after columns.
      const hostileRow = fields.find((r) => r[2] === 'title' && r[4]?.includes('ООО Кавычки'));
      expect(hostileRow?.[4]).toBe(HOSTILE.replace(/\u001b/g, '\uFFFD').replace('\u202E', '[U+202E]'));
      expect(view.tables['Officers gained']!.some((r) => r[0] === view.tables['Officers lost']![0]?.[0])).toBe(true);
      const lost = view.tables['Links lost']!.length;
      const changed = report.records.filter((r) => r.change === 'changed' || r.change === 'back');
      expect(lost).toBe(
        changed.reduce((n, r) => n + r.edgesRemoved.length + r.pivotsRemoved.filter((p) => p.type !== 'HAS_OFFICER').length, 0),
      );
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
      await page.close();
    } finally {
      await browser.close();
    }
  });

  test("the records' versions and links are built after the sort, so that the server never holds a report's lists at once", async ({
    driver,
    database,
  }) => {
    // A sort keeps every row it has passed on until the statement ends: lists written into those rows held a whole
    // first report (every link of a million-record graph) in Neo4j's heap. Nothing above the subquery may sort.
    const plan = await freshPlan(
      driver,
      cypher('changes/records'),
      { since: new Date(0).toISOString(), until: new Date().toISOString(), fields: ['title'], scope: null },
      database,
    );
    const chain: string[] = [];
    for (let op = plan as { operatorType: string; children: unknown[] } | undefined; op; ) {
      chain.push(op.operatorType.replace(/@.*/, ''));
      op = op.children[0] as typeof op | undefined;
    }
    const apply = chain.indexOf('Apply');
    expect(apply, chain.join(' < ')).toBeGreaterThan(0);
    expect(chain.slice(0, apply), chain.join(' < ')).not.toContain('Sort');
    expect(chain.slice(apply), chain.join(' < ')).toContain('Sort');
  });
});

const roleOf = ({ role }: { role: string | null }) => (role === null ? {} : { role });
