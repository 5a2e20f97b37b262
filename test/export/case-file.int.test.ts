import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, inject } from 'vitest';
import { parseSeed } from '../../src/api/seeds.js';
import { runCli } from '../support/cli.js';
import { crawlSandbox, sandboxTest, withSetUp } from '../support/fixtures.js';
import { type CypherRows, cypherFixture } from '../support/neo4j.js';
import { printedPages, printedText } from '../support/pdf-pages.js';
import { guardedPage, launchChromium, waitInPage } from './browser.js';

const OUT = path.join(import.meta.dirname, 'out');
const REPORT = path.join(OUT, 'demo-case.html');
const WITH_APPENDIX = path.join(OUT, 'demo-case-appendix.html');
/** The demo (docs/sandbox.md): the 2,000-record world of seed 1, three seeds crawled to depth 2. */
const DEMO_SEEDS = ['company:6603287918', 'domain:school.ru', 'email:spavlov643@yandex.ru'];
const SEED = DEMO_SEEDS[0]!;

const PICTURE_READY =
  'window.landingGraphReport && window.landingGraphReport.networks.length > 0 && window.landingGraphReport.networks.every((n) => n.ready)';

interface Box {
  label: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The pairs of boxes that overlap by more than half a pixel each way. */
function overlapping(boxes: readonly Box[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const x = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
      const y = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
      if (x > 0.5 && y > 0.5) pairs.push(`${a.label} / ${b.label}`);
    }
  }
  return pairs;
}

/** The page printed to A4 as the page's own @page rule says (margins included). */
async function printToPdf(page: Page, file: string): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: file, format: 'A4', preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
}

describe('the demo company’s case file reads as a report (the demo crawled, `networks` run, opened in headless Chromium)', () => {
  let browser: Browser;

  const test = withSetUp(sandboxTest({ records: 2000, seed: 1 }), async ({ sandbox, driver }) => {
    await crawlSandbox(driver, sandbox, DEMO_SEEDS.map(parseSeed), 2);
    for (const args of [
      ['networks'],
      ['export', SEED, '--depth', '1', '--format', 'html', '--out', REPORT],
      ['export', SEED, '--depth', '1', '--format', 'html', '--appendix', '--out', WITH_APPENDIX],
    ]) {
      const run = await runCli(args);
      if (run.code !== 0) throw new Error(`${args.join(' ')}: exit ${run.code}: ${run.stderr}`);
    }
    browser = await launchChromium(inject('chromiumPath'));
  }).extend<{ cypher: CypherRows }>(cypherFixture);
  afterAll(async () => {
    await browser?.close();
  });

  // The first test waits for the set-up too: the demo's crawl of 1,100 records and `networks` over the whole graph.
  test('its network is the one `networks` wrote over the whole graph, every member listed, with when it was computed', async ({
    cypher,
  }) => {
    const [written] = await cypher(
      `MATCH (:Company {key: $key})-[:IN_NETWORK]->(n:Network) WHERE 'all' IN n.scopes
       MATCH (m:Landing)-[:IN_NETWORK]->(n)
       RETURN n.id AS id, collect(coalesce(m.key, m.kind + '#' + toString(m.id))) AS members`,
      { key: '6603287918' },
    );
    if (!written) throw new Error('networks wrote no network holding the demo company');
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(pathToFileURL(REPORT).href);
    const shown = (await page.evaluate(`(() => {
      const article = document.querySelector('#networks article.network');
      return {
        articles: document.querySelectorAll('#networks article.network').length,
        id: article.querySelector('.netid').textContent,
        facts: article.querySelector('.facts').textContent,
        keys: Array.from(article.querySelectorAll('table.members tbody tr')).map((tr) => tr.cells[2].textContent),
      };
    })()`)) as { articles: number; id: string; facts: string; keys: string[] };
    expect(shown.articles).toBe(1);
    expect(shown.id).toBe(written.id);
    expect([...shown.keys].sort()).toEqual([...(written.members as string[])].sort());
    expect(shown.facts).toMatch(/computed over the whole graph, \d+ \w+ \d{4}/);
    await page.close();
  });

  test('the appendix is collapsed on screen and left out of print; --appendix prints it', async () => {
    const guarded = await guardedPage(browser);
    const { page } = guarded;
    await page.goto(pathToFileURL(REPORT).href);
    await waitInPage(page, PICTURE_READY);
    expect(await page.evaluate(`document.getElementById('appendix').open`)).toBe(false);
    expect(await page.locator('#appendix > summary').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: /^Companies/ }).isVisible()).toBe(false);
    // The investigation comes before it: flags, the network, then the provenance.
    expect(await page.evaluate(`Array.from(document.querySelectorAll('main > .investigation > section')).map((s) => s.id)`)).toEqual([
      'flags',
      'networks',
      'provenance',
    ]);
    await page.locator('#appendix > summary').click();
    expect(await page.getByRole('heading', { name: /^Companies/ }).isVisible()).toBe(true);

    const pdf = path.join(OUT, 'demo-case.pdf');
    await page.goto(pathToFileURL(REPORT).href);
    await waitInPage(page, PICTURE_READY);
    await printToPdf(page, pdf);
    const printed = await printedText(pdf);
    expect(printed).toContain('Provenance');
    expect(printed).not.toMatch(/Entities per kind|Companies \(\d+\)|Domains \(\d+\)/);
    const appendixPdf = path.join(OUT, 'demo-case-appendix.pdf');
    await page.goto(pathToFileURL(WITH_APPENDIX).href);
    await waitInPage(page, PICTURE_READY);
    await printToPdf(page, appendixPdf);
    const withAppendix = await printedText(appendixPdf);
    expect(withAppendix).toMatch(/Entities per kind/);
    expect(withAppendix).toMatch(/Companies \(\d+\)/);
    expect(guarded.blocked).toEqual([]);
    expect(guarded.errors).toEqual([]);
    await page.close();
  });

  test('prints in at most 8 A4 pages, none blank or cut short, no cell’s text running past its column', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(pathToFileURL(REPORT).href);
    await waitInPage(page, PICTURE_READY);
    const pdf = path.join(OUT, 'demo-case-pages.pdf');
    await printToPdf(page, pdf);
    const pages = await printedPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.length).toBeLessThanOrEqual(8);
    // A page that stops in its top third (the title and one line, then nothing) is a page wasted by a forced break.
    for (const [i, p] of pages.slice(0, -1).entries()) expect(p.inkedTo, `page ${i + 1}`).toBeGreaterThan(1 / 3);
    expect(pages.at(-1)!.inkedTo).toBeGreaterThan(0.02);

    // At the printed width (A4 less its margins), laid out for print: every table cell holds its text.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 700, height: 1000 });
    const spilling = (await page.evaluate(`Array.from(document.querySelectorAll('.investigation td'))
      .filter((td) => td.scrollWidth > td.clientWidth + 1)
      .map((td) => td.textContent)`)) as string[];
    expect(spilling).toEqual([]);
    await page.close();
  });

  test('the network picture’s labels overlap nothing at 1024 px and 1400 px (print shows the same drawing)', async () => {
    for (const width of [1024, 1400]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(pathToFileURL(REPORT).href);
      await waitInPage(page, PICTURE_READY);
      const boxes = (await page.evaluate('window.landingGraphReport.networks[0].boxes()')) as Box[];
      expect(boxes.length).toBeGreaterThan(20);
      expect(boxes.some((b) => b.label.includes('ОрионИнвест'))).toBe(true);
      // Readable: a label at least 9 px tall on the page.
      expect(Math.min(...boxes.map((b) => b.y2 - b.y1))).toBeGreaterThan(9);
      expect(overlapping(boxes), `at ${width} px`).toEqual([]);
      await page.close();
    }
  });
});
