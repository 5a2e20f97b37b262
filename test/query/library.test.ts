import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELATIONSHIP_GROUPS } from '../../src/graph/relationship-groups.js';
import { LABEL_OF_KIND } from '../../src/graph/model.js';
import { renderBrowserGuide } from '../../src/query/browser-guide.js';
import { formatQueryList } from '../../src/query/format.js';
import { findQuery, loadQueries, queriesFolder } from '../../src/query/library.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const queries = loadQueries();

/** The questions the library must answer (file names). */
const REQUIRED = [
  'neighbourhood',
  'shortest-paths',
  'shared-ip',
  'shared-name-server',
  'shared-registrant',
  'shared-address',
  'shared-phone',
  'shared-email',
  'shared-officer',
  'companies-behind-contact',
  'hubs',
  'crawl-clusters',
  'recent-domains',
  'graph-overview',
  'crawls',
  'network-of',
  'what-ties',
  'networks-by-size',
];

const PIVOT_LABELS = ['IP', 'NameServer', 'MailServer', 'Registrar', 'Technology', 'Person', 'Address', 'SocialProfile', 'Activity'];
/** The relationships a record's answer states (the graph's fixed list). */
const RELATIONSHIP_TYPES: readonly string[] = RELATIONSHIP_GROUPS.stated;

/** Every relationship pattern of a statement filtered by removedAt (see the test that uses it). */
function expectCurrentState(name: string, statement: string): void {
  // Relationship patterns: -[r:TYPE]-, -[:TYPE*..8]-, --. Each names a variable that a `<var>.removedAt IS
  // NULL` filters, or is a path whose relationships are all filtered so; only the history's VERSION_OF
  // (counted in graph-overview) and FLAGS (a flag is retired on its node, `f.removedAt`) are read unfiltered, and the links of a node (all, or
  // of some types) are counted only as a cheap bound of its current degree (the store's count, COUNT { (n)--() } or COUNT { (n)<-[:TYPE]-() },
  // named `links` or compared with a parameter, a number or a computed floor, inline or named), beside the exact count read link by link.
  const bounds = /COUNT \{ \((\w+)\)<?-(?:\[:[\w|]+\])?->?\(\) \}(?: AS links| (?:>|>=|<=) (?:\$\w+|\d+|[a-z]\w*|CASE [^\n]* END))/g;
  // The exact count: link by link, or the store's count of each type (a total, below: the removed ones taken off).
  for (const [, node] of statement.matchAll(bounds))
    expect(statement.replace(bounds, '')).toMatch(new RegExp(`(COUNT \\{ |MATCH )\\(${node}\\)<?-\\[(\\w+|:[\\w|]+\\]-\\(\\) \\})`));
  // A total from the count store (`COUNT { ()-[:T]->() }`, towards one label, or of one node's links of some types)
  // counts removed relationships too: allowed only where the statement also counts the removed ones
  // (`removedAt IS NOT NULL`) to take them off.
  const totals = /COUNT \{ \((?:\w+)?\)-\[:[\w|]+\]->?\((?::\w+)?\) \}/g;
  const hasTotals = totals.test(statement.replace(bounds, ''));
  if (hasTotals) expect(statement, `${name} counts from the count store`).toMatch(/\b\w+\.removedAt IS NOT NULL/);
  const patterns = [
    ...statement
      .replace(bounds, '')
      .replace(totals, '')
      .matchAll(/-\[([^\]]*)\]-|\)<?-->?\(/g),
  ].map((m) => m[1] ?? '');
  for (const inside of patterns) {
    const variable = /^\s*([A-Za-z_]\w*)/.exec(inside)?.[1];
    // `drawn` counts what Browser itself draws between the nodes it shows ("Connect result nodes"), removed or not.
    if (variable === 'drawn') continue;
    // The removed ones that a count store's total takes off.
    if (variable && hasTotals && new RegExp(`\\b${variable}\\.removedAt IS NOT NULL`).test(statement)) continue;
    if (variable) expect(statement, inside).toMatch(new RegExp(`\\b${variable}\\.removedAt IS NULL`));
    else if (inside.includes('*')) expect(statement).toMatch(/all\((\w+) IN relationships\(p\) WHERE \1\.removedAt IS NULL\)/);
    else if (inside === ':FLAGS') expect(statement, 'a flag is current by its node').toMatch(/\bf\.removedAt IS NULL/);
    else expect(inside, `an unfiltered relationship pattern in ${name}`).toBe(':VERSION_OF');
  }
}

describe('the query library in cypher/queries', () => {
  it('answers every required question, one parsed file per query, in name order', () => {
    const names = queries.map((q) => q.name);
    expect(names).toEqual(expect.arrayContaining(REQUIRED));
    expect(names).toEqual([...names].sort());
    expect(queriesFolder()).toBe(path.join(ROOT, 'cypher/queries/'));
  });

  it.each(queries.map((q) => [q.name, q] as const))('%s: documented, ordered, bounded', (_name, q) => {
    expect(q.title.length).toBeGreaterThan(5);
    expect(q.description.length).toBeGreaterThan(20);
    for (const p of q.params) expect(p.description.length).toBeGreaterThan(3);
    expect(new Set(q.columns).size).toBe(q.columns.length);
    expect(q.statement).toMatch(/ORDER BY/);
    if (q.params.some((p) => p.name === 'limit')) expect(q.statement).toMatch(/\bLIMIT \$limit\b/);
    // Plain Cypher that only reads: no procedures (APOC may be missing), no writes.
    expect(q.statement).not.toMatch(/\bapoc\.|\bCALL\s+\w+\.|\b(CREATE|MERGE|DELETE|SET|REMOVE|FOREACH)\b/);
  });

  it.each(queries.map((q) => [q.name, q] as const))(
    '%s: shows the current state, every relationship it reads without removedAt',
    (_name, q) => expectCurrentState(q.name, q.statement),
  );

  it('names unknown queries with the known ones', () => {
    expect(() => findQuery(queries, 'shared-ipp')).toThrow(/no query "shared-ipp"; the library has: companies-behind-contact, /);
  });

  it('lists name, title and parameters, or the full definitions as JSON', () => {
    const table = formatQueryList(queries, 'table');
    expect(table).toMatch(/^name\s+title\s+parameters\n/);
    expect(table).toMatch(/\nshared-ip\s+Entities sharing an IP address\s+ip\? maxShared=200 limit=50 maxListed=100\n/);
    expect(table).toMatch(/\nneighbourhood\s+Neighbourhood of an entity\s+kind! key\? id\? hops=2 /);
    const json = JSON.parse(formatQueryList(queries, 'json')) as { name: string; params: unknown[] }[];
    expect(json.map((q) => q.name)).toEqual(queries.map((q) => q.name));
    expect(json.find((q) => q.name === 'shared-ip')?.params).toContainEqual({
      name: 'limit',
      type: 'integer',
      required: false,
      default: 50,
      description: 'Most rows',
      min: 1,
    });
  });
});

describe('the picture forms in cypher/queries/pictures', () => {
  const picturesOf = queries.flatMap((q) => (q.picture ? [[q.name, q, q.picture.statement] as const] : []));

  it('every query of the library has a picture, and every picture file draws a query', () => {
    expect(queries.filter((q) => !q.picture).map((q) => q.name)).toEqual([]);
    expect(picturesOf).toHaveLength(queries.length);
  });

  it.each(picturesOf)('%s: described, bounded, only reads', (_name, q, statement) => {
    expect(q.picture?.description.length).toBeGreaterThan(20);
    if (q.params.some((p) => p.name === 'limit')) expect(statement).toMatch(/\bLIMIT \$limit\b/);
    expect(statement).toMatch(/\bRETURN\b/);
    expect(statement).not.toMatch(/\bapoc\.|\bCALL\s+\w+\.|\b(CREATE|MERGE|DELETE|SET|REMOVE|FOREACH)\b/);
  });

  it.each(picturesOf)('%s: draws the current state, every relationship it reads without removedAt', (name, _q, statement) =>
    expectCurrentState(name, statement),
  );

  it('graph-overview draws a sample of every relationship type the table form counts', () => {
    const statement = findQuery(queries, 'graph-overview').picture?.statement ?? '';
    for (const type of RELATIONSHIP_TYPES) expect(statement).toContain(`-[r:${type}]->`);
  });

  it("hubs counts a node's links of every type that joins two records or pivots, from the store", () => {
    const statement = findQuery(queries, 'hubs').statement;
    const counted = new Set([...statement.matchAll(/COUNT \{ \(n\)-\[:(\w+)\]-\(\) \}/g)].map((m) => m[1]));
    expect([...counted].sort()).toEqual([...RELATIONSHIP_GROUPS.degree].sort());
  });

  it('the loader refuses a picture of an unknown query, or one with a parameter its query does not declare', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'pictures-'));
    try {
      writeFileSync(
        path.join(folder, 'q.cypher'),
        '// title: Q\n// description: D\n// param: limit integer default 5  L\n// columns: x\nRETURN 1 AS x LIMIT $limit\n',
      );
      mkdirSync(path.join(folder, 'pictures'));
      const picture = (name: string, statement: string) =>
        writeFileSync(path.join(folder, 'pictures', `${name}.cypher`), `// picture of: ${name}\n// description: D\n${statement}\n`);
      picture('q', 'MATCH (n) RETURN n LIMIT $limit');
      expect(loadQueries(folder)[0]?.picture?.statement).toBe('MATCH (n) RETURN n LIMIT $limit');
      picture('q', 'MATCH (n) WHERE n.key = $key RETURN n');
      expect(() => loadQueries(folder)).toThrow(
        expect.objectContaining({
          code: 'CONFIG_INVALID',
          message: expect.stringMatching(/pictures\/q\.cypher: the statement uses \$key, which query q does not declare/),
        }),
      );
      picture('q', 'MATCH (n) RETURN n');
      picture('r', 'MATCH (n) RETURN n');
      expect(() => loadQueries(folder)).toThrow(
        expect.objectContaining({
          code: 'CONFIG_INVALID',
          message: expect.stringMatching(/pictures\/r\.cypher: picture of "r", which is no query of the library \(q\)/),
        }),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('Neo4j Browser assets in browser/', () => {
  const unescapeHtml = (html: string) => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

  it('browser/guide.html is the guide of the current library (regenerate: landing-graph query --browser-guide > browser/guide.html)', () => {
    expect(readFileSync(path.join(ROOT, 'browser/guide.html'), 'utf8')).toBe(renderBrowserGuide(queries));
  });

  it('the guide has a slide per query with runnable :param lines and the statement, escaped', () => {
    const guide = renderBrowserGuide(queries);
    expect(guide.match(/<slide class="row-fluid">/g)).toHaveLength(queries.length + 2); // the intro and the networks slide
    const networks = /<h3>Company networks<\/h3>[\s\S]*?<\/slide>/.exec(guide)?.[0] ?? '';
    for (const name of ['networks-by-size', 'network-of', 'what-ties']) {
      const slide = queries.findIndex((q) => q.name === name) + 3;
      expect(networks).toContain(`<code>${name}</code>, slide ${slide}`);
      expect(guide.split('<slide class="row-fluid">')[slide]).toContain(`<code>landing-graph query ${name}</code>`);
    }
    const blocks = [...guide.matchAll(/<pre class="pre-scrollable code runnable">([\s\S]*?)<\/pre>/g)].map((m) =>
      unescapeHtml(m[1] as string),
    );
    for (const q of queries) expect(blocks).toContain(q.statement);
    // On each query's slide the picture comes first, labelled, then the table.
    const slides = guide.split('<slide class="row-fluid">').slice(3);
    queries.forEach((q, i) => {
      const captions = [...(slides[i] ?? '').matchAll(/<figcaption>(Picture|Table)\b/g)].map((m) => m[1]);
      expect(captions, q.name).toEqual(['Picture', 'Table']);
      const own = [...(slides[i] ?? '').matchAll(/<pre class="pre-scrollable code runnable">([\s\S]*?)<\/pre>/g)].map((m) =>
        unescapeHtml(m[1] as string),
      );
      expect(own.slice(-2), q.name).toEqual([q.picture?.statement, q.statement]);
    });
    expect(blocks).toContain(':param ip => null;\n:param maxShared => 200;\n:param limit => 50;\n:param maxListed => 100;');
    // A walk's block ends with the public-infrastructure lists the program supplies, as they are.
    const walk = blocks.find((b) => b.startsWith(":param fromKind => 'company';"));
    expect(walk?.split('\n').slice(0, 9).join('\n')).toBe(
      ":param fromKind => 'company';\n:param fromKey => '6603287918';\n:param fromId => null;\n:param toKind => 'email';\n:param toKey => 'spavlov643@yandex.ru';\n:param toId => null;\n:param maxPivotDegree => 50;\n:param skipHubRecords => false;\n:param limit => 10;",
    );
    expect(
      walk
        ?.split('\n')
        .slice(9)
        .map((l) => l.split(' => ')[0]),
    ).toEqual([':param webmailDomains', ':param nameServerSuffixes', ':param mailServerSuffixes']);
    expect(walk).toContain(":param nameServerSuffixes => ['awsdns', 'azure-dns.com',");
    expect(guide).not.toMatch(/<pre[^>]*>[^<]*<-/);
    expect(guide).toContain('<title>landing-graph queries</title>');
  });

  it('the GraSS style gives every label a colour, size and caption, and every relationship type a caption, in the syntax Browser parses', () => {
    const grass = readFileSync(path.join(ROOT, 'browser/landing-graph.grass'), 'utf8');
    const rules = new Map(
      [...grass.matchAll(/^(node|relationship)(?:\.(\w+))? \{\n([\s\S]*?)\n\}/gm)].map((m) => [`${m[1]}.${m[2] ?? ''}`, m[3] as string]),
    );
    for (const label of [
      ...Object.values(LABEL_OF_KIND),
      ...PIVOT_LABELS,
      'Crawl',
      'CrawlTask',
      'RecordVersion',
      'Network',
      'Flag',
      'ListEntry',
    ]) {
      expect(rules.get(`node.${label}`), label).toMatch(/color: #[0-9A-F]{6};[\s\S]*diameter: \d+px;[\s\S]*caption: '\{\w+\}';/);
    }
    for (const label of PIVOT_LABELS) expect(rules.get(`node.${label}`)).toContain("caption: '{value}';");
    expect(rules.get('node.Domain')).toContain("caption: '{key}';");
    // Display captions (src/graph/caption.ts): a company's short name, an e-mail in two lines; sized so they fit whole.
    expect(rules.get('node.Company')).toContain("caption: '{caption}';");
    expect(rules.get('node.Email')).toContain("caption: '{caption}';");
    expect(rules.get('node.Phone')).toContain("caption: '{key}';");
    expect(rules.get('node.Network')).toContain("caption: '{size}';");
    expect(rules.get('node.Flag')).toContain("caption: '{rule}';");
    // A watch list's entity by the caption the list gives it (src/screen/).
    expect(rules.get('node.ListEntry')).toContain("caption: '{caption}';");
    for (const type of [...RELATIONSHIP_TYPES, 'VERSION_OF', 'IN_NETWORK', 'FLAGS', 'LISTED_AS'])
      expect(rules.get(`relationship.${type}`), type).toContain("caption: '<type>';");
    // Browser's GraSS parser knows single-quoted strings only and no comments; Landing and Pivot get no rule
    // of their own, so the specific label's colour and caption apply.
    expect(grass).not.toMatch(/["/]/);
    expect(rules.has('node.Landing') || rules.has('node.Pivot')).toBe(false);
  });
});
