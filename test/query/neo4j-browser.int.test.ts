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
import { crawlTest } from '../support/fixtures.js';
import { resetGraph, testConnection, testServer } from '../support/neo4j.js';

const OUT = path.join(import.meta.dirname, 'out');
const test = crawlTest({ records: 300, seed: 7 });

/**
 * Neo4j Browser as an analyst meets it: the real Browser of the test Neo4j in headless Chromium, the guide and
 * the style fetched from `landing-graph browser` (startBrowserServer) across origins, and a picture query drawn
 * as a graph. A screenshot of each step is kept in test/query/out/ for a person to look at.
 */
describe('Neo4j Browser takes the guide and the style and draws pictures', () => {
  test(":play and :style load from `landing-graph browser`; the library's picture of a neighbourhood draws nodes coloured by kind", async ({
    crawl,
    driver,
    sandbox,
  }) => {
    const browserUrl = testServer().browserUrl;
    if (!browserUrl)
      throw new Error(
        'no Neo4j Browser address for this Neo4j: with NEO4J_URI set NEO4J_BROWSER_URL too (e.g. http://127.0.0.1:7475/browser/)',
      );
    await resetGraph(driver);
    const seed = { kind: 'company', id: sandbox.graph.ids('company')[0] } as LandingRef;
    expect((await crawl([seed], { maxDepth: 1 })).status).toBe('finished');
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
      const script = pictureScript(neighbourhood, resolveParams(neighbourhood, ['kind=company', `id=${seed.id}`, 'hops=1']));
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
      expect(fills.map((f) => f?.toUpperCase())).toContain('#F79767');
      await page.waitForTimeout(2000); // let the force layout settle for the picture kept
      await page.screenshot({ path: path.join(OUT, 'neo4j-browser-picture.png') });
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
