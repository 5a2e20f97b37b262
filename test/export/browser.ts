/**
 * Headless Chromium (found or installed by test/support/chromium.ts) through playwright-core, for opening
 * exports as a person would: the HTML report, and GraphML through the browser's XML parser. Every request
 * other than file: and data: is aborted and recorded.
 */
import { chromium, type Browser, type Page } from 'playwright-core';

/** `executablePath`: the one test/support/chromium-setup.ts found, i.e. `inject('chromiumPath')`. */
export async function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface GuardedPage {
  page: Page;
  /** URLs of requests that were not file: or data: (all aborted). */
  blocked: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
  /** Messages of alert/confirm/prompt dialogs (dismissed). */
  dialogs: string[];
}

/** A page whose network is cut off: only file: and data: load. */
export async function guardedPage(browser: Browser): Promise<GuardedPage> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const guarded: GuardedPage = { page, blocked: [], errors: [], dialogs: [] };
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('data:')) await route.continue();
    else {
      guarded.blocked.push(url);
      await route.abort('blockedbyclient');
    }
  });
  page.on('console', (m) => {
    if (m.type() === 'error') guarded.errors.push(m.text());
  });
  page.on('pageerror', (e) => guarded.errors.push(e.message));
  page.on('dialog', (d) => {
    guarded.dialogs.push(d.message());
    void d.dismiss();
  });
  return guarded;
}

/** What the browser's XML parser makes of a GraphML text: its error, or element counts and the <key>s. */
export interface ParsedGraphml {
  error: string | null;
  counts: Record<string, number>;
  keys: { id: string; for: string; name: string | null; type: string | null }[];
}

/** Runs in the page (a string: the tests are type-checked without the DOM library). */
const PARSE_GRAPHML = `(text) => {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) return { error: error.textContent, counts: {}, keys: [] };
  const ns = 'http://graphml.graphdrawing.org/xmlns';
  const counts = {};
  for (const name of ['graphml', 'graph', 'key', 'node', 'edge', 'data']) counts[name] = doc.getElementsByTagNameNS(ns, name).length;
  const keys = Array.from(doc.getElementsByTagNameNS(ns, 'key')).map((k) => ({ id: k.getAttribute('id'), for: k.getAttribute('for'), name: k.getAttribute('attr.name'), type: k.getAttribute('attr.type') }));
  return { error: null, counts, keys };
}`;

/** Parse GraphML with the browser's (strict, namespace-aware) XML parser. */
export async function parseGraphml(page: Page, xml: string): Promise<ParsedGraphml> {
  return page.evaluate(`(${PARSE_GRAPHML})(${JSON.stringify(xml)})`) as Promise<ParsedGraphml>;
}

/**
 * Wait until `expression` is truthy in the page, asking from here every 100 ms: page.waitForFunction polls
 * inside the page with eval, which the report's Content-Security-Policy (rightly) refuses.
 */
export async function waitInPage(page: Page, expression: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(`Boolean(${expression})`))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
