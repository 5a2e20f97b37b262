#!/usr/bin/env node
// Re-take the README's screenshots from the demo graph:
//   docs/img/neo4j-browser.png        Neo4j Browser with the project's style and guide, the demo seed's neighbourhood (1400 px)
//   docs/img/neo4j-browser-1024.png   the same at 1024 px
//   docs/img/neo4j-browser-network.png, neo4j-browser-network-1024.png   the seed's network (`network-of`) in Browser
//   docs/img/case-file-1400.png       the case file's first screen at 1400 px
//   docs/img/case-file-1024.png       the same at 1024 px
//   docs/img/case-file-picture.png    the seed's network picture at 1400 px
//   docs/img/case-file-print.png      the first printed page (A4, printed to PDF by Chromium, rendered by pdftoppm)
//   docs/img/case-file-print-pages.png every printed page side by side
// or, with --case-file, only the case file's pictures (no Neo4j Browser); with --browser, only the Neo4j Browser
// pictures; or, with --flags, a planted network's case file, its red flags first, from the graph NEO4J_URI names
// (e.g. one crawled from `landing-graph sandbox --plant`): docs/img/case-file-flags.png (first screen at 1400 px),
// case-file-planted-1024.png and case-file-planted-print-pages.png. The printed pages need poppler's pdftoppm
// (scripts/test-setup installs it). Needs the local Neo4j holding the demo graph (`npm run demo`, then `networks`
// for the network node), the built CLI, and a Chromium: CHROMIUM_PATH, else `chromium` on PATH (Debian: apt-get
// install chromium). Browser is NEO4J_BROWSER_URL, else http://127.0.0.1:7474/browser/. Usage:
//   node scripts/screenshots.mjs [seed...]     # default company:6603287918, the demo's first seed
//   node scripts/screenshots.mjs --case-file [seed...]
//   node scripts/screenshots.mjs --flags <seed...>
//   node scripts/screenshots.mjs --browser [seed]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const cli = path.join(root, 'dist/cli/main.js');
const flagsOnly = process.argv[2] === '--flags';
const caseFileOnly = process.argv[2] === '--case-file';
const browserOnly = process.argv[2] === '--browser';
const seeds = process.argv.slice(flagsOnly || caseFileOnly || browserOnly ? 3 : 2);
const browserUrl = process.env.NEO4J_BROWSER_URL ?? 'http://127.0.0.1:7474/browser/';
if (seeds.length === 0) seeds.push('company:6603287918');
const seed = seeds[0];
const [kind, key] = seed.split(':');
const password = () => process.env.NEO4J_PASSWORD ?? readFileSync(path.join(root, '.neo4j/local/password'), 'utf8').trim();
const onPath = (name) =>
  process.env.PATH.split(':')
    .map((dir) => path.join(dir, name))
    .find((file) => existsSync(file));
const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? onPath('chromium') ?? onPath('chromium-browser'),
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
const img = (name) => path.join(root, 'docs/img', name);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The case file, exactly as the README tells a newcomer to write it.
const caseFile = path.join(os.tmpdir(), 'landing-graph-case.html');
if (!browserOnly)
  execFileSync('node', [cli, 'export', ...seeds, '--depth', flagsOnly ? '2' : '1', '--format', 'html', '--out', caseFile], {
    stdio: 'inherit',
  });

/**
 * The case file as printed: Chromium prints it to A4 (the page's own @page rule), pdftoppm renders the pages; the
 * first page alone (`print`, when named) and every page side by side (`pages`).
 */
async function printedPages(browser, { print, pages }) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`file://${caseFile}`);
  await pause(3000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'landing-graph-print-'));
  try {
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ path: path.join(dir, 'case.pdf'), format: 'A4', preferCSSPageSize: true, printBackground: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', path.join(dir, 'case.pdf'), path.join(dir, 'page')]);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort();
    if (print) {
      const first = img(print).replace(/\.png$/, '');
      execFileSync('pdftoppm', ['-png', '-r', '96', '-f', '1', '-l', '1', '-singlefile', path.join(dir, 'case.pdf'), first]);
    }
    const sheet = await browser.newPage({ viewport: { width: 1800, height: 800 } });
    const html = `<body style="margin:0;padding:8px;background:#9aa0a6;display:flex;flex-wrap:wrap;gap:8px">${files
      .map((f) => `<img src="file://${path.join(dir, f)}" style="height:520px;background:#fff">`)
      .join('')}</body>`;
    // Opened as a file, so the page may show the files beside it.
    const file = path.join(dir, 'sheet.html');
    writeFileSync(file, html);
    await sheet.goto(`file://${file}`);
    await pause(500);
    await sheet.screenshot({ path: img(pages), fullPage: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await page.close();
  }
}

if (flagsOnly) {
  const browser = await launch();
  try {
    for (const width of [1400, 1024]) {
      const report = await browser.newPage({ viewport: { width, height: 1100 } });
      await report.goto(`file://${caseFile}`);
      await pause(3000);
      await report.screenshot({ path: img(width === 1400 ? 'case-file-flags.png' : 'case-file-planted-1024.png') });
      await report.close();
    }
    await printedPages(browser, { pages: 'case-file-planted-print-pages.png' });
  } finally {
    await browser.close();
  }
  process.exit(0);
}

async function caseFileShots(browser) {
  // The case file: its first screen at the two widths people use, the network picture, the printed pages.
  for (const width of [1400, 1024]) {
    const report = await browser.newPage({ viewport: { width, height: 900 } });
    await report.goto(`file://${caseFile}`);
    await pause(3000);
    await report.screenshot({ path: img(`case-file-${width}.png`) });
    if (width === 1400)
      await report
        .locator('.net-picture')
        .first()
        .screenshot({ path: img('case-file-picture.png') });
    await report.close();
  }
  await printedPages(browser, { print: 'case-file-print.png', pages: 'case-file-print-pages.png' });
}

if (caseFileOnly) {
  const browser = await launch();
  try {
    await caseFileShots(browser);
  } finally {
    await browser.close();
  }
  process.exit(0);
}

// `landing-graph browser` on a free port: the style and the guide as Browser fetches them.
const server = spawn('node', [cli, 'browser', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const printed = await new Promise((resolve, reject) => {
  let text = '';
  server.stdout.on('data', (chunk) => {
    text += chunk;
    if (/:style \S+/.test(text)) resolve(text);
  });
  server.once('exit', (code) => reject(new Error(`landing-graph browser exited ${code}`)));
});
const play = /:play \S+/.exec(printed)[0];
const style = /:style \S+/.exec(printed)[0];

const browser = await launch();
try {
  // Neo4j Browser at the two widths people use: log in, load the style and the guide, draw the library's pictures
  // of the seed's neighbourhood and of its network, each full screen.
  const pictures = [
    ['neighbourhood', ['hops=1'], 'neo4j-browser'],
    ['network-of', [], 'neo4j-browser-network'],
  ];
  for (const width of [1400, 1024]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(browserUrl, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    await page.getByTestId('username').fill('neo4j');
    await page.getByTestId('password').fill(password());
    await page.getByTestId('connect').click();
    await page.getByText('You are connected as user').first().waitFor();
    const run = async (command) => {
      await page.locator('.monaco-editor').first().click();
      await page.keyboard.insertText(command);
      await page.getByTestId('editor-Run').click();
      await pause(1500);
    };
    await run(style);
    await run(play);
    for (const [query, extra, name] of pictures) {
      const params = ['--param', `kind=${kind}`, '--param', `key=${key}`, ...extra.flatMap((p) => ['--param', p])];
      const script = execFileSync('node', [cli, 'query', query, '--picture', ...params], { encoding: 'utf8' });
      const lines = script.split('\n');
      await run(':clear');
      for (const line of lines.filter((l) => l.startsWith(':param '))) await run(line);
      await run(':clear');
      await run(lines.filter((l) => l && !l.startsWith(':param ')).join('\n'));
      await page.locator('svg .node').first().waitFor();
      await page.getByTestId('frame').first().locator('button[title="Fullscreen"]').click();
      await pause(6000); // let the force layout settle
      // At 1024 px Browser's overview panel would cover part of the picture: it is collapsed there.
      if (width < 1400) await page.getByTestId('frame').first().locator('button[title="Collapse the node properties display"]').click();
      await page.getByTestId('frame').first().locator('button[aria-label="zoom-to-fit"]').click();
      await pause(1500);
      await page.screenshot({ path: img(width === 1400 ? `${name}.png` : `${name}-${width}.png`) });
      await page.getByTestId('frame').first().locator('button[title="Close fullscreen"]').click();
    }
    await page.close();
  }
  if (!browserOnly) await caseFileShots(browser);
} finally {
  await browser.close();
  server.kill();
}
