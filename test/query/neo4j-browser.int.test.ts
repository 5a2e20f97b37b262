import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import type { LandingRef } from '../../src/api/refs.js';
import { pictureScript } from '../../src/query/browser-script.js';
import { findQuery, loadQueries } from '../../src/query/library.js';
import { resolveParams } from '../../src/query/params.js';
import { type BrowserServer, startBrowserServer } from '../../src/query/browser-server.js';
import { launchChromium } from '../export/browser.js';
import { computeNetworks } from '../../src/network/index.js';
import { crawlTest } from '../support/fixtures.js';
import { resetGraph, testConnection, testServer } from '../support/neo4j.js';

const OUT = path.join(import.meta.dirname, 'out');
/** The demo's world (`landing-graph demo`: 2,000 records, seed 1) and its first seed, as the README shows it. */
const test = crawlTest({ records: 2000, seed: 1 });
/** What the style draws each label in (browser/landing-graph.grass). */
const FILL = { company: '#F79767', phone: '#8DCC93', email: '#57C7E3', network: '#1F2A44' };
/** The most relationships the neighbourhood picture draws by default (docs/query.md). */
const MAX_LINKS = 60;

/**
 * Neo4j Browser as an analyst meets it: the real Browser of the test Neo4j in headless Chromium, the guide and
 * the style fetched from `landing-graph browser` (startBrowserServer) across origins, and a picture query drawn
 * as a graph. A screenshot of each step is kept in test/query/out/ for a person to look at.
 */
describe('Neo4j Browser takes the guide and the style and draws pictures', () => {
  test(":play and :style load from `landing-graph browser`; the library's picture of a neighbourhood is bounded, readable and shows the network", async ({
    crawl,
    driver,
    database,
  }) => {
    const browserUrl = testServer().browserUrl;
    if (!browserUrl)
      throw new Error(
        'no Neo4j Browser address for this Neo4j: with NEO4J_URI set NEO4J_BROWSER_URL too (e.g. http://127.0.0.1:7475/browser/)',
      );
    await resetGraph(driver);
    const seed: LandingRef = { kind: 'company', key: '6603287918' };
    const crawled = await crawl([seed], { maxDepth: 1 });
    expect(crawled.status).toBe('finished');
    await computeNetworks(driver, { type: 'crawl', crawlId: crawled.crawlId }, { database });
    const queries = loadQueries();
    const server: BrowserServer = await startBrowserServer(queries, { port: 0 });
    const chromium: Browser = await launchChromium(inject('chromiumPath'));
    mkdirSync(OUT, { recursive: true });
    try {
      const page = await chromium.newPage({ viewport: { width: 1400, height: 900 } });
      await login(page, browserUrl);

      await run(page, server.play);
      const guide = page.getByTestId('frame').first();
      await expect.poll(() => guide.textContent(), { timeout: 20_000 }).toContain('Entities sharing an IP address');
      expect(await guide.textContent()).not.toMatch(/No guide by that name|Failed to fetch/);
      await page.screenshot({ path: path.join(OUT, 'neo4j-browser-guide.png') });

      await run(page, server.style);
      const style = page.getByTestId('frame').first();
      await expect.poll(() => style.textContent(), { timeout: 20_000 }).toContain('Company');
      expect(await style.textContent()).not.toMatch(/InvalidGrassError|Failed to fetch/);

      // The library's picture of the seed's neighbourhood, as `landing-graph query neighbourhood --picture` prints it.
      const neighbourhood = findQuery(queries, 'neighbourhood');
      const script = pictureScript(neighbourhood, resolveParams(neighbourhood, ['kind=company', `key=${seed.key}`, 'hops=1']));
      const [params, statement] = [
        script.split('\n').filter((l) => l.startsWith(':param ')),
        script
          .split('\n')
          .filter((l) => l && !l.startsWith(':param '))
          .join('\n'),
      ];
      for (const line of params) await run(page, line);
      await run(page, statement);
      const picture = page.getByTestId('frame').first();
      await picture.locator('svg .node').first().waitFor({ timeout: 30_000 });
      expect(await picture.locator('svg .node').count()).toBeGreaterThan(1);
      // The style is in use: the seed company is drawn in the style's company colour, not Browser's own.
      const fills = await picture
        .locator('svg .node circle.b-outline')
        .evaluateAll((circles) => circles.map((c) => c.getAttribute('fill')));
      expect(fills.map((f) => f?.toUpperCase())).toContain(FILL.company);
      await page.waitForTimeout(2000); // let the force layout settle for the picture kept
      await page.screenshot({ path: path.join(OUT, 'neo4j-browser-picture.png') });

      // Bounded: Browser draws every relationship between the nodes shown, and they stay within the stated bound.
      const links = await picture.locator('svg g.relationship').count();
      expect(links).toBeGreaterThan(10);
      expect(links).toBeLessThanOrEqual(MAX_LINKS);
      // Readable: each node's caption lines, by the colour the node is drawn in. The company's phone, its short
      // name and an e-mail are whole, and no company, phone or e-mail caption is cut.
      const captions = await picture.locator('svg g.node').evaluateAll((nodes) =>
        nodes.map((node) => ({
          fill: node.querySelector('circle.b-outline')?.getAttribute('fill')?.toUpperCase(),
          text: [...node.querySelectorAll('text.caption')].map((line) => line.textContent?.trim()).join(' '),
        })),
      );
      const of = (fill: string) => captions.filter((c) => c.fill === fill).map((c) => c.text);
      expect(of(FILL.phone)).toContain('+79298449349');
      expect(of(FILL.company)).toContain('ОрионИнвест');
      expect(of(FILL.email).length).toBeGreaterThan(0);
      for (const text of of(FILL.email)) expect(text.replace(/ /g, '')).toMatch(/^[^@]+@[^@]+\.[^@.]+$/);
      for (const text of [...of(FILL.company), ...of(FILL.phone), ...of(FILL.email)]) expect(text).not.toContain('…');
      // The company's network, as `networks` wrote it: one large dark node captioned with its size.
      const networks = of(FILL.network);
      expect(networks).toHaveLength(1);
      expect(networks[0]).toMatch(/^\d+$/);
    } finally {
      await chromium.close();
      await server.close();
    }
  });
});

/** Log in to Browser with the test Neo4j's user; resolves once Browser says it is connected. */
async function login(page: Page, browserUrl: string): Promise<void> {
  const { username, password } = testConnection();
  await page.goto(browserUrl);
  await page.getByTestId('username').fill(username);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('connect').click();
  await page.getByText('You are connected as user').first().waitFor({ timeout: 30_000 });
}

/** Type a command in Browser's editor and run it. */
async function run(page: Page, command: string): Promise<void> {
  await page.locator('.monaco-editor').first().click();
  await page.keyboard.insertText(command);
  await page.getByTestId('editor-Run').click();
}
