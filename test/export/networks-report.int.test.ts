import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, inject } from 'vitest';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';
import { personOf } from '../../src/sandbox/shared-values.js';
import { runCli } from '../support/cli.js';
import { sandboxTest, withSetUp } from '../support/fixtures.js';
import { type CypherRows, cypherFixture, resetGraph } from '../support/neo4j.js';
import { guardedPage, launchChromium, waitInPage } from './browser.js';
import { crawlSandbox } from '../support/fixtures.js';

const OUT = path.join(import.meta.dirname, 'out');
const REPORT = path.join(OUT, 'networks-report.html');
/** The screenshot of the networks section; also copied where the notes keep their evidence, when that folder exists. */
const SCREENSHOT = path.join(OUT, 'networks-report.png');
const NOTES_SCREENSHOT = '/work/notes/casefile.png';

/** Runs in the page: the networks section as a reader sees it (a string: the tests are type-checked without the DOM library). */
const READ_NETWORKS = `(() => {
  const rows = (table) => table ? Array.from(table.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.cells).map((c) => c.textContent)) : [];
  const main = document.querySelector('main > .investigation');
  const articles = Array.from(document.querySelectorAll('#networks article.network')).map((a) => ({
    heading: a.querySelector('h3').textContent,
    members: rows(a.querySelector('table.members')),
    evidence: rows(a.querySelector('table.evidence')),
    hubs: rows(a.querySelector('table.hubs')),
    timeline: a.querySelectorAll('svg.timeline circle').length,
    canvases: a.querySelectorAll('.net-graph canvas').length,
    painted: Array.from(a.querySelectorAll('.net-graph canvas')).reduce((sum, canvas) => {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0) return sum;
      const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) n++;
      return sum + n;
    }, 0),
  }));
  return {
    first: main.firstElementChild && main.firstElementChild.id,
    second: main.children[1] && main.children[1].id,
    flags: rows(document.querySelector('#flags table.flags')),
    firstHeading: document.querySelector('h2').firstChild.textContent.trim(),
    articles,
    report: window.landingGraphReport,
    wholeOpen: document.getElementById('whole-graph').open,
    wholeCanvases: document.querySelectorAll('#graph canvas').length,
  };
})()`;

interface NetworksView {
  first: string;
  second: string;
  flags: string[][];
  firstHeading: string;
  articles: {
    heading: string;
    members: string[][];
    evidence: string[][];
    hubs: string[][];
    timeline: number;
    canvases: number;
    painted: number;
  }[];
  report: { nodes: number; ready: boolean; error: string | null; networks: { id: string; nodes: number; edges: number; ready: boolean }[] };
  wholeOpen: boolean;
  wholeCanvases: number;
}

describe('the case file leads with the seed’s network as `networks` wrote it (planted networks crawled from the sandbox, opened in headless Chromium)', () => {
  const { graph, truth } = plantNetworks();
  const planted = truth.networks[2]!.members;
  const seed = planted.find((m) => m.kind === 'company')!;
  const others = new Set(truth.networks.filter((_, i) => i !== 2).flatMap((n) => n.members.map((m) => m.key)));
  let browser: Browser;

  let crawlId: string;

  const test = withSetUp(sandboxTest({ graph }), async ({ sandbox, driver }) => {
    await resetGraph(driver);
    crawlId = await crawlSandbox(driver, sandbox, truth.seeds, 1);
    browser = await launchChromium(inject('chromiumPath'));
  }).extend<{ cypher: CypherRows }>(cypherFixture);
  afterAll(async () => {
    await browser?.close();
  });

  test('before `networks` ran, the case file says how to compute the network', async ({ cypher }) => {
    expect(await cypher('MATCH (n:Network) RETURN count(n) AS n', {})).toEqual([{ n: 0 }]);
    const run = await runCli(['export', `company:${seed.key}`, '--depth', '2', '--format', 'html', '--out', REPORT]);
    expect(run.code, run.stderr).toBe(0);
    const html = await readFile(REPORT, 'utf8');
    expect(html).toContain('No networks computed yet over the whole graph or a crawl');
    expect(html).toContain('<code>landing-graph networks --crawl &lt;id&gt;</code>');
    expect(html).not.toContain('<article class="network"');
  });

  test('after `networks --crawl`, the case file at depth 1 and at depth 2 shows the network it wrote, every member', async ({ cypher }) => {
    const networks = await runCli(['networks', '--crawl', crawlId]);
    expect(networks.code, networks.stderr).toBe(0);
    // What the run wrote, read from the graph: the :Network holding the seed, and its members.
    const [written] = await cypher(
      `MATCH (:Company {key: $key})-[:IN_NETWORK]->(n:Network) WHERE $scope IN n.scopes
       MATCH (m:Landing)-[:IN_NETWORK]->(n)
       RETURN n.id AS id, collect(m.key) AS members`,
      { key: seed.key, scope: `crawl:${crawlId}` },
    );
    if (!written) throw new Error('networks --crawl wrote no network holding the seed');
    expect((written.members as string[]).length).toBeGreaterThanOrEqual(planted.length * 0.9);
    for (const depth of ['1', '2']) {
      const out = depth === '2' ? REPORT : path.join(OUT, 'networks-report-depth1.html');
      const run = await runCli(['export', `company:${seed.key}`, '--depth', depth, '--format', 'html', '--out', out]);
      expect(run.code, run.stderr).toBe(0);
      const html = await readFile(out, 'utf8');
      const articles = html.split('<article class="network"').slice(1);
      expect(articles, `depth ${depth}`).toHaveLength(1);
      expect(articles[0]).toContain(`<span class="netid">${written.id}</span>`);
      expect(articles[0]).toContain(`computed over crawl ${crawlId}`);
      const members = /<table class="members">(.*?)<\/table>/s.exec(articles[0]!)![1]!;
      const keys = [...members.matchAll(/<tr>(?:<td[^>]*>.*?<\/td>){2}<td>([^<]*)<\/td>/g)].map((m) => m[1]);
      expect([...keys].sort(), `depth ${depth}`).toEqual([...(written.members as string[])].sort());
    }
  });

  test('opens with the network: members, the shared officer, address and phone with their counts, the hubs ignored, a picture', async ({
    cypher,
  }) => {
    const html = await readFile(REPORT, 'utf8');
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link[^>]*\shref=/i);
    const guarded = await guardedPage(browser);
    const { page } = guarded;
    await page.goto(pathToFileURL(REPORT).href);
    await waitInPage(
      page,
      'window.landingGraphReport && window.landingGraphReport.networks.length > 0 && window.landingGraphReport.networks.every((n) => n.ready)',
    );
    const view = (await page.evaluate(READ_NETWORKS)) as NetworksView;

    // The red flags first, then the networks: the seed has the nominee director as a founder.
    expect(view.first).toBe('flags');
    expect(view.second).toBe('networks');
    expect(view.firstHeading).toBe('Red flags');
    // The nominee's companies are one finding, each named with its key.
    expect(view.flags.find((r) => r[1] === 'mass-officer')?.[4]).toContain(`(company:${seed.key})`);
    for (const row of view.flags) expect(row[4]?.length, row.join(' ')).toBeGreaterThan(10);
    expect(view.articles).toHaveLength(1);
    const [network] = view.articles;
    if (!network) throw new Error('no network article');

    // Members: >= 90 % of the planted network's records, nobody of another one; the seed first and marked. The
    // network is the one `networks --crawl` wrote, whatever the export's depth.
    const inScope = planted;
    const keys = network.members.map((r) => r[2]);
    expect(inScope.filter((m) => keys.includes(m.key)).length / inScope.length).toBeGreaterThanOrEqual(0.9);
    expect(keys.filter((k) => others.has(k!))).toEqual([]);
    expect(network.members[0]?.[2]).toBe(seed.key);
    expect(network.members[0]?.[0]).toMatch(/ seed$/);

    // The shared identifiers, counted independently in the graph: the members holding the network's officer, address
    // and phones. An identifier that is a member itself (a phone the sites list) is marked so, and counts itself.
    const evidence = new Map(network.evidence.map((r) => [`${r[1]}|${r[0]?.replace(/ \(member\)$/, '')}`, Number(r[2])]));
    const companyKeys = planted.filter((m) => m.kind === 'company').map((m) => m.key);
    const officer = personOf(7, 1004);
    const [officerCount] = await cypher(
      'MATCH (p:Person {key: $key}) RETURN p.value AS name, COUNT { MATCH (c:Company)-[r:HAS_OFFICER]->(p) WHERE r.removedAt IS NULL AND c.key IN $keys RETURN DISTINCT c } AS n',
      { key: `inn:${officer.inn}`, keys },
    );
    expect(evidence.get(`officer (manager or founder)|${officerCount?.name} (INN ${officer.inn})`)).toBe(Number(officerCount?.n));
    const addresses = await cypher(
      `MATCH (c:Company)-[:REGISTERED_AT]->(a:Address) WHERE c.key IN $keys
       WITH DISTINCT a WITH a, COUNT { MATCH (x:Company)-[r:REGISTERED_AT]->(a) WHERE r.removedAt IS NULL RETURN DISTINCT x } AS n
       WHERE n <= 20
       RETURN a.value AS value, COUNT { MATCH (x:Company)-[r:REGISTERED_AT]->(a) WHERE r.removedAt IS NULL AND x.key IN $members RETURN DISTINCT x } AS n`,
      { keys: companyKeys, members: keys },
    );
    expect(addresses).toHaveLength(1);
    expect(evidence.get(`registration address|${addresses[0]?.value}`)).toBe(Number(addresses[0]?.n));
    const phones = await cypher(
      `MATCH (p:Phone) WHERE p.key IN $keys
       RETURN p.key AS key,
              COUNT { MATCH (x:Landing)-[r:LISTS_CONTACT]->(p) WHERE r.removedAt IS NULL AND x.key IN $members RETURN DISTINCT x }
              + CASE WHEN p.key IN $members THEN 1 ELSE 0 END AS n`,
      { keys: planted.filter((m) => m.kind === 'phone').map((m) => m.key), members: keys },
    );
    expect(phones.length).toBe(3);
    expect(phones.some((phone) => Number(phone.n) >= 2)).toBe(true);
    for (const phone of phones) {
      expect(evidence.get(`phone|${phone.key}`), String(phone.key)).toBe(Number(phone.n) >= 2 ? Number(phone.n) : undefined);
    }

    // The noise: the nominee director, the mass-registration address, the webmail and the hosting IP, ignored.
    const hubs = network.hubs.map((r) => `${r[1]}|${r[0]}`);
    const nominee = personOf(7, 0);
    expect(hubs).toContainEqual(expect.stringMatching(new RegExp(`^officer \\(manager or founder\\)\\|.* \\(INN ${nominee.inn}\\)$`)));
    expect(hubs).toContain(`registration address|${truth.noise.massAddress.text}`);
    expect(hubs).toContain(`e-mail|${truth.noise.webmail.key}`);
    expect(hubs).toContain(`IP address (weak)|${truth.noise.hostingIp.key}`);
    // Each hub is shared by more than 20 records, or is listed public infrastructure (Cloudflare's name servers).
    for (const row of network.hubs) expect(Number(row[2]) > 20 || row[0]?.endsWith('.cloudflare.com'), row.join(' ')).toBe(true);
    // Cloudflare's name server, when two members in scope use it (one member alone ties nothing, hub or not).
    const [cloudflare] = await cypher(
      `MATCH (d:Domain)-[r:USES_NAME_SERVER]->(n:NameServer) WHERE d.key IN $keys AND r.removedAt IS NULL AND n.key = 'anna.ns.cloudflare.com'
       RETURN count(DISTINCT d) AS n`,
      { keys },
    );
    if (Number(cloudflare?.n) >= 2) expect(hubs).toContain('name server (weak)|anna.ns.cloudflare.com');

    // The picture: members and their shared identifiers, drawn; the timeline has a dot per dated member.
    const [picture] = view.report.networks;
    expect(picture?.nodes).toBeGreaterThan(network.members.length);
    expect(picture?.nodes).toBeLessThanOrEqual(network.members.length + network.evidence.length);
    expect(picture?.edges).toBeGreaterThanOrEqual(network.members.length - 1);
    expect(network.canvases).toBeGreaterThan(0);
    expect(network.painted).toBeGreaterThan(2_000);
    expect(network.timeline).toBeGreaterThanOrEqual(inScope.filter((m) => m.kind !== 'phone' && m.kind !== 'email').length * 0.8);

    // The whole neighbourhood waits until asked for.
    expect(view.wholeOpen).toBe(false);
    expect(view.wholeCanvases).toBe(0);
    expect(view.report.ready).toBe(false);

    // The page as an analyst sees it: the header, then the networks section whole.
    const box = await page.locator('#networks').boundingBox();
    if (!box) throw new Error('no networks section on the page');
    await page.screenshot({ path: SCREENSHOT, fullPage: true, clip: { x: 0, y: 0, width: 1400, height: box.y + box.height + 16 } });
    await copyFile(SCREENSHOT, NOTES_SCREENSHOT).catch(() => undefined);
    await page
      .locator('.net-graph')
      .first()
      .screenshot({ path: path.join(OUT, 'network-picture.png') });

    await page.locator('#appendix > summary').click();
    await page.locator('#whole-graph > summary').click();
    await waitInPage(page, 'window.landingGraphReport.ready');
    expect(((await page.evaluate('window.landingGraphReport')) as { nodes: number }).nodes).toBeGreaterThan(5);

    expect(guarded.blocked).toEqual([]);
    expect(guarded.errors).toEqual([]);
    expect(guarded.dialogs).toEqual([]);
    await page.close();
  });
});
