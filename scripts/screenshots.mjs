#!/usr/bin/env node
// Re-take the README's screenshots, docs/img/neo4j-browser.png and docs/img/case-file.png, from the demo graph.
// Needs the local Neo4j holding the demo graph (`npm run demo`), the built CLI, and a Chromium: CHROMIUM_PATH,
// else `chromium` on PATH (Debian: apt-get install chromium). Usage:
//   node scripts/screenshots.mjs [seed]        # default company:6603287918, the demo's first seed
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const seed = process.argv[2] ?? 'company:6603287918';
const [kind, key] = seed.split(':');
const label = kind[0].toUpperCase() + kind.slice(1);
const password = process.env.NEO4J_PASSWORD ?? readFileSync(path.join(root, '.neo4j/local/password'), 'utf8').trim();
const img = (name) => path.join(root, 'docs/img', name);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The case file, exactly as the README tells a newcomer to write it.
const caseFile = path.join(os.tmpdir(), 'landing-graph-case.html');
execFileSync('node', [path.join(root, 'dist/cli/main.js'), 'export', seed, '--depth', '2', '--format', 'html', '--out', caseFile], {
  stdio: 'inherit',
});

const onPath = (name) =>
  process.env.PATH.split(':')
    .map((dir) => path.join(dir, name))
    .find((file) => existsSync(file));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? onPath('chromium') ?? onPath('chromium-browser'),
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

  // Neo4j Browser: log in, load the project's style, run a query around the seed, show its frame alone.
  await page.goto('http://127.0.0.1:7474/browser/');
  await page.getByTestId('username').fill('neo4j');
  await page.getByTestId('password').fill(password);
  await page.getByTestId('connect').click();
  await page.getByTestId('disconnectedBannerCode').waitFor({ state: 'detached' });
  const run = async (command) => {
    await page.locator('.monaco-editor').first().click();
    await page.keyboard.insertText(command);
    await page.getByTestId('editor-Run').click();
    await pause(1500);
  };
  const grass = readFileSync(path.join(root, 'browser/landing-graph.grass'), 'utf8').replace(/\s+/g, ' ');
  await run(`:style ${grass}`);
  await run(':clear');
  await run(`MATCH p = (c:${label})-[*1..2]-() WHERE c.key = '${key}' RETURN p LIMIT 75`);
  await page.locator('svg .node').first().waitFor();
  await page.getByTestId('frame').first().locator('button[title="Fullscreen"]').click();
  await pause(6000); // let the force layout settle
  await page.screenshot({ path: img('neo4j-browser.png') });

  // The case file's first screen: the seed's networks (1440 wide: at 1280 the members table overlaps the picture).
  const report = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await report.goto(`file://${caseFile}`);
  await pause(2000);
  await report.screenshot({ path: img('case-file.png') });
} finally {
  await browser.close();
}
