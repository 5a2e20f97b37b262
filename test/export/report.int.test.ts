import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Driver } from 'neo4j-driver';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { refToString } from '../../src/api/refs.js';
import { SPECIALS } from '../../src/sandbox/index.js';
import { runCli } from '../support/cli.js';
import { openTestDriver } from '../support/neo4j.js';
import { guardedPage, launchChromium, waitInPage, type GuardedPage } from './browser.js';
import { buildExportGraph, HOSTILE_TITLE, type ExportGraph } from './fixture.js';

const OUT = path.join(import.meta.dirname, 'out');
const REPORT = path.join(OUT, 'report.html');
const SCREENSHOT = path.join(OUT, 'report.png');

/** Runs in the page: what the report shows (a string: the tests are type-checked without the DOM library). */
const READ_REPORT = `(() => {
  const tables = {};
  for (const h of document.querySelectorAll('h2')) {
    const table = h.nextElementSibling && h.nextElementSibling.tagName === 'TABLE' ? h.nextElementSibling : null;
    tables[h.firstChild.textContent.trim()] = table ? Array.from(table.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.cells).map((c) => c.textContent)) : [];
  }
  const canvases = Array.from(document.querySelectorAll('#graph canvas'));
  let painted = 0;
  for (const canvas of canvases) {
    const ctx = canvas.getContext('2d');
    if (!ctx || canvas.width === 0) continue;
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) painted++;
  }
  return { title: document.title, tables, report: window.landingGraphReport, painted, scripts: document.scripts.length, external: document.querySelectorAll('[src]:not([src^="data:"]), link[href]').length };
})()`;

interface ReportView {
  title: string;
  tables: Record<string, string[][]>;
  report: { nodes: number; edges: number; ready: boolean; error: string | null };
  painted: number;
  scripts: number;
  external: number;
}

describe('landing-graph export --format html (the built CLI), opened offline in headless Chromium', () => {
  let driver: Driver;
  let graph: ExportGraph;
  let browser: Browser;
  let env: Record<string, string>;
  let seedArgs: string[];

  beforeAll(async () => {
    driver = await openTestDriver();
    graph = await buildExportGraph(driver);
    browser = await launchChromium(inject('chromiumPath'));
    env = {};
    seedArgs = graph.seeds.map(refToString);
  });
  afterAll(async () => {
    await browser?.close();
    await driver?.close();
    await graph?.sandbox.close();
  });

  it('writes the report and says so in one line; a too-small --max-nodes is exit 2 with one line', async () => {
    const run = await runCli(['export', ...seedArgs, '--depth', '2', '--format', 'html', '--out', REPORT], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.trim().split('\n').pop()).toMatch(
      new RegExp(
        `^exported \\d+ nodes and \\d+ relationships \\(depth 2\\) as html to ${REPORT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\.\\d (KiB|MiB), \\d+ ms\\)$`,
      ),
    );
    expect((await stat(REPORT)).size).toBeGreaterThan(400_000); // the graph library is inlined
    const tooBig = await runCli(
      ['export', ...seedArgs, '--depth', '2', '--format', 'json', '--out', path.join(OUT, 'never.json'), '--max-nodes', '5'],
      env,
    );
    expect(tooBig.code).toBe(2);
    expect(tooBig.stderr.trim()).toMatch(
      /^landing-graph: EXPORT_TOO_LARGE: the export is too large: more than 5 nodes \(--max-nodes 5\)[^\n]*$/,
    );
    const badFormat = await runCli(['export', ...seedArgs, '--format', 'pdf', '--out', path.join(OUT, 'never.pdf')], env);
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toMatch(/CONFIG_INVALID: --format must be one of json, graphml, csv, cypher, html/);
  });

  it('renders its tables and draws every node with no network request, hostile strings as text', async () => {
    const html = await readFile(REPORT, 'utf8');
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link[^>]*\shref=|https?:\/\/[^"'\s]*\.(js|css|woff2?)\b/i);
    expect(html).not.toContain('<script>alert(1)</script>');
    const guarded: GuardedPage = await guardedPage(browser);
    const { page } = guarded;
    await page.goto(pathToFileURL(REPORT).href);
    // The whole neighbourhood is drawn only once its <details> is opened.
    expect(await page.evaluate('window.landingGraphReport.ready')).toBe(false);
    expect(await page.locator('#graph canvas').count()).toBe(0);
    await page.locator('#appendix > summary').click();
    await page.locator('#whole-graph > summary').click();
    await waitInPage(page, 'window.landingGraphReport && window.landingGraphReport.ready');
    const view = (await page.evaluate(READ_REPORT)) as ReportView;
    const json = JSON.parse(
      await readFile(REPORT, 'utf8').then((t) => /<script type="application\/json" id="graph-data">(.*?)<\/script>/s.exec(t)![1]!),
    ) as { nodes: unknown[]; edges: unknown[] };

    expect(guarded.blocked).toEqual([]);
    expect(guarded.dialogs).toEqual([]);
    expect(guarded.errors).toEqual([]);
    expect(view.external).toBe(0);
    expect(view.report).toMatchObject({ nodes: json.nodes.length, edges: json.edges.length, ready: true, error: null });
    expect(view.report.nodes).toBeGreaterThan(50);
    expect(view.painted).toBeGreaterThan(5_000);

    // The title names the seeds by name (the seeds' own titles, as the JSON data holds them), the keys follow.
    const seedNames = (json.nodes as { name: string; seed: boolean }[]).filter((n) => n.seed).map((n) => n.name);
    expect(seedNames.length).toBe(seedArgs.length);
    expect(view.title).toBe(`Case file: ${seedNames.join(', ')}`);
    expect(await page.locator('header p').textContent()).toMatch(
      new RegExp(`^${seedArgs.join(', ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `),
    );
    const kinds: Record<string, number> = Object.fromEntries(view.tables['Entities per kind']!.map((r) => [r[0]!, Number(r[2])]));
    expect(kinds.Company).toBeGreaterThan(3);
    expect(kinds.Domain).toBeGreaterThan(3);
    expect(Object.values(kinds).reduce((a, b) => a + b, 0)).toBe(json.nodes.length);
    const companies = view.tables.Companies!;
    expect(companies.length).toBe(kinds.Company);
    const hostile = companies.find((r) => r[1] === SPECIALS.hostileTitle.inn);
    expect(hostile?.[0]).toBe(SPECIALS.hostileTitle.title);
    expect(companies.map((r) => r[0])).toContain(SPECIALS.emojiTitle.title);
    expect(companies.some((r) => r[3] && r[4])).toBe(true); // status and registration date of fetched companies
    const domains = view.tables.Domains!;
    expect(domains.length).toBe(kinds.Domain);
    expect(domains.some((r) => r[1] && r[2] && /\d+\.\d+\.\d+\.\d+/.test(r[4]!))).toBe(true); // registrar, created, IPs
    const shared = view.tables['Shared values that may tie records']!;
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.every((r) => Number(r[2]) >= 2 && r[3]!.split('; ').length === Number(r[2]))).toBe(true);
    // Web technologies, registrars and activity codes say nothing about control: listed apart, with the reason.
    expect(shared.filter((r) => ['Technology', 'Registrar', 'Activity'].includes(r[1]!))).toEqual([]);
    const apart = view.tables['Shared, but saying nothing about control']!;
    expect(apart.length).toBeGreaterThan(0);
    expect(apart.every((r) => Number(r[2]) >= 2 && r[3]!.length > 10)).toBe(true);
    expect(new Set(apart.map((r) => r[1]))).toContain('Technology');

    // The domain titled HOSTILE_TITLE: its details show the title as text, exactly; no markup was made of it.
    const details = (await page.evaluate(`(() => {
      const shown = window.landingGraphReport.show(${JSON.stringify(graph.hostileDomain)});
      return { shown, values: Array.from(document.querySelectorAll('#details dd')).map((dd) => dd.textContent) };
    })()`)) as { shown: boolean; values: string[] };
    expect(details.shown).toBe(true);
    expect(details.values).toContain(HOSTILE_TITLE);
    expect(await page.locator('script').count()).toBe(3);
    expect(await page.locator('#details script, td script').count()).toBe(0);
    expect(guarded.dialogs).toEqual([]);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    await page.close();
  });
});
