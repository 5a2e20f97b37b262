import { execFile } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSubgraph } from '../../src/export/index.js';
import { buildRecord, evolveGraph, SPECIALS } from '../../src/sandbox/index.js';
import { crawlInto } from '../support/fixtures.js';
import { findFtm } from '../support/ftm.js';
import { openTestDriver, testConnection } from '../support/neo4j.js';
import { buildExportGraph, type ExportGraph } from './fixture.js';
import { importFtmBulk } from './spare-neo4j.js';

const run = promisify(execFile);
const OUT = path.join(import.meta.dirname, 'out', 'ftm');

interface Entity {
  id: string;
  schema: string;
  properties: Record<string, string[]>;
}

interface Officer {
  name: string;
  inn: string;
  ogrn: string;
  post: string;
  type: string;
}

/** Run the real library's `ftm` (scripts/test-setup installs it; findFtm names the script when it is missing). */
async function ftm(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(findFtm(), args, { maxBuffer: 64 * 1024 * 1024 });
}

function entitiesOf(text: string): Entity[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const { id, schema, properties } = JSON.parse(line) as Entity;
      return { id, schema, properties };
    });
}

/** The officers the sandbox serves, each known by its INN, else by its name (as officerKey knows the export's). */
function servedOfficers(people: Officer[]): string[] {
  return [...new Set(people.map((p) => (p.inn !== '' ? `inn:${p.inn}` : `name:${p.name}`)))].sort();
}

/** An exported officer by its INN, else by its name (a person's name is the first spelling the graph saw). */
function officerKey(officer: Entity): string {
  return officer.properties.innCode ? `inn:${officer.properties.innCode[0]}` : `name:${officer.properties.name?.[0]}`;
}

/**
 * The FtM export in the real followthemoney library: `ftm validate` re-reads every entity, cleans every value
 * and writes them back; nothing may fail and nothing may change (a value the library rejects, such as an INN
 * with wrong check digits, would be missing from its output). `ftm export-gexf` reads the file too. The
 * expected officers are those the sandbox serves for the seed company (its ground truth), not the export's.
 */
describe('FtM export: the followthemoney library reads and validates it', () => {
  let driver: Driver;
  let graph: ExportGraph;
  const written: Record<string, Entity[]> = {};
  const validated: Record<string, Entity[]> = {};

  beforeAll(async () => {
    driver = await openTestDriver();
    graph = await buildExportGraph(driver);
    await mkdir(OUT, { recursive: true });
    const asOf = new Date().toISOString();
    for (const [name, request] of [
      ['current', { seeds: graph.seeds, depth: 1 }],
      ['as-of', { seeds: graph.seeds, depth: 1, asOf }],
    ] as const) {
      const file = path.join(OUT, `${name}.ftm.json`);
      await exportSubgraph(driver, { ...request, format: 'ftm', out: file }, { database: testConnection().database });
      written[name] = entitiesOf(await readFile(file, 'utf8'));
      const { stdout, stderr } = await ftm(['validate', '-i', file]);
      expect(stderr).toBe('');
      validated[name] = entitiesOf(stdout);
    }
  });
  afterAll(async () => {
    await driver?.close();
    await graph?.sandbox.close();
  });

  it('ftm validate accepts both exports and changes nothing: no value dropped, none rewritten', () => {
    for (const name of ['current', 'as-of']) {
      expect(written[name]!.length).toBeGreaterThan(20);
      expect(validated[name]).toEqual(written[name]);
    }
  });

  it("the seed company's managers and founders are its Directorships and Ownerships, as the sandbox serves them", () => {
    const entities = written.current!;
    const seedId = graph.seeds[0]!.id!;
    const record = buildRecord(graph.sandbox.graph, 'company', seedId) as {
      companyRequisites: { inn: string; ogrn: string };
      companyManagersAndFounders: { managers: Officer[]; founders: Officer[] };
    };
    const { inn, ogrn } = record.companyRequisites;
    const company = entities.find((e) => e.id === `lg-company-${inn}`)!;
    expect(company.schema).toBe('Company');
    expect(company.properties.innCode).toEqual([inn]);
    expect(company.properties.ogrnCode).toEqual([ogrn]);
    const byId = new Map(entities.map((e) => [e.id, e]));
    // An officer is known by its INN (a person's name is the first spelling the graph saw, which may be another
    // company's), else by its name.
    const officersOf = (schema: string, party: string, target: string) =>
      entities
        .filter((e) => e.schema === schema && e.properties[target]?.[0] === company.id)
        .map((e) => byId.get(e.properties[party]![0]!)!)
        .map(officerKey)
        .sort();
    const { managers, founders } = record.companyManagersAndFounders;
    expect(managers.length).toBeGreaterThan(0);
    expect(officersOf('Directorship', 'director', 'organization')).toEqual(servedOfficers(managers));
    expect(officersOf('Ownership', 'owner', 'asset')).toEqual(servedOfficers(founders));
    const directorships = entities.filter((e) => e.schema === 'Directorship' && e.properties.organization?.[0] === company.id);
    expect(directorships.map((d) => d.properties.role)).toEqual(managers.map((m) => [m.post]));
  });

  it('names the hostile companies as the sandbox titles them, with their checked INN and OGRN', () => {
    const entities = written.current!;
    const hostile = entities.find((e) => e.id === `lg-company-${SPECIALS.hostileTitle.inn}`)!;
    // Fetched: its full name is the title in capitals (the sandbox's companyInfo), its short name the title.
    expect(hostile.properties.name).toEqual(["'}) DETACH DELETE N //"]);
    expect(hostile.properties.alias).toEqual(["'}) DETACH DELETE n //"]);
    expect(hostile.properties.innCode).toEqual([SPECIALS.hostileTitle.inn]);
    // A stub: named by its title.
    const quotes = entities.find((e) => e.id === `lg-company-${SPECIALS.quotesTitle.inn}`)!;
    expect(quotes.properties.name).toEqual(['ООО "Кавычки" \'одинарные\' «ёлочки» `обратные` \\ слэш']);
    // Every identifier of the sandbox passes its check digits: none is left unchecked.
    expect(entities.filter((e) => e.properties.taxNumber || e.properties.registrationNumber)).toEqual([]);
  });

  it('keeps the same ids in a second export and names the crawl on every entity', async () => {
    const file = path.join(OUT, 'again.ftm.json');
    await exportSubgraph(driver, { seeds: graph.seeds, depth: 1, format: 'ftm', out: file }, { database: testConnection().database });
    const again = entitiesOf(await readFile(file, 'utf8'));
    expect(again.map((e) => e.id)).toEqual(written.current!.map((e) => e.id));
    for (const entity of again) expect(entity.properties.publisher?.[0]).toMatch(/^landing-graph crawl \S+$/);
  });

  it('ftm export-gexf reads it into a graph of the records, with the officers and the address as edges of the seed company', async () => {
    const gexf = path.join(OUT, 'current.gexf');
    await ftm(['export-gexf', '-i', path.join(OUT, 'current.ftm.json'), '-o', gexf]);
    const text = await readFile(gexf, 'utf8');
    const entities = written.current!;
    // The library's GEXF: records as nodes `entity:<id>`, links (Directorship, Ownership) and a company's
    // address as edges, each edge carrying its schema in the attribute titled `schema`.
    const schemaAttribute = /<attribute id="(\d+)" title="schema"/.exec(text)?.[1];
    const nodes = [...text.matchAll(/<node id="entity:([^"]+)"/g)].map((m) => m[1]).sort();
    const edges = [...text.matchAll(/<edge source="entity:([^"]+)" target="entity:([^"]+)"[^>]*>([\s\S]*?)<\/edge>/g)].map((m) => ({
      source: m[1]!,
      target: m[2]!,
      schema: new RegExp(`<attvalue for="${schemaAttribute}" value="([^"]*)"`).exec(m[3]!)?.[1] ?? '',
    }));
    expect(nodes).toEqual(
      entities
        .filter((e) => ['Company', 'Person', 'Address'].includes(e.schema))
        .map((e) => e.id)
        .sort(),
    );
    expect(edges).toHaveLength(entities.length - nodes.length + entities.filter((e) => e.properties.addressEntity).length);

    const record = buildRecord(graph.sandbox.graph, 'company', graph.seeds[0]!.id!) as {
      companyRequisites: { inn: string };
      companyManagersAndFounders: { managers: Officer[]; founders: Officer[] };
    };
    const seed = `lg-company-${record.companyRequisites.inn}`;
    const byId = new Map(entities.map((e) => [e.id, e]));
    const into = (schema: string) =>
      edges
        .filter((e) => e.target === seed && e.schema === schema)
        .map((e) => officerKey(byId.get(e.source)!))
        .sort();
    const { managers, founders } = record.companyManagersAndFounders;
    expect(into('Directorship')).toEqual(servedOfficers(managers));
    expect(into('Ownership')).toEqual(servedOfficers(founders));
    const addressEdges = edges.filter((e) => e.source === seed && e.target.startsWith('lg-address-'));
    expect(addressEdges).toHaveLength(1);
  });

  it('ftm export-neo4j-bulk turns it into CSV files that neo4j-admin imports whole: every record a node, every link and address an edge', async () => {
    const folder = path.join(OUT, 'neo4j-bulk');
    await rm(folder, { recursive: true, force: true });
    await ftm(['export-neo4j-bulk', '-i', path.join(OUT, 'current.ftm.json'), '-o', folder]);
    const entities = written.current!;
    const links = entities.filter((e) => ['Directorship', 'Ownership'].includes(e.schema));
    const addressed = entities.filter((e) => e.properties.addressEntity);
    expect(links.length).toBeGreaterThan(0);
    expect(addressed.length).toBeGreaterThan(0);
    const imported = await importFtmBulk(folder);
    expect(imported.nodes).toBe(entities.length - links.length);
    expect(imported.relationships).toBe(links.length + addressed.length);
  });

  // Last: it changes the graph the other tests read.
  it('a manager replaced at a later crawl ends: the former Directorship gets its endDate, the new one starts', async () => {
    const seed = graph.seeds[0]!;
    const managerOf = (world: typeof graph.sandbox.graph) =>
      (buildRecord(world, 'company', seed.id!) as { companyManagersAndFounders: { managers: Officer[] } }).companyManagersAndFounders
        .managers[0]!;
    const former = managerOf(graph.sandbox.graph);
    graph.sandbox.setGraph(evolveGraph(graph.sandbox.graph, { changes: [{ type: 'setShared', id: seed.id!, identifier: 'manager' }] }));
    const successor = managerOf(graph.sandbox.graph);
    expect(successor.name).not.toBe(former.name);
    const result = await crawlInto({ sandbox: graph.sandbox, driver, database: testConnection().database }, [seed], {
      maxDepth: 0,
      refresh: true,
    });
    expect(result.status).toBe('finished');
    const today = new Date().toISOString().slice(0, 10);
    const file = path.join(OUT, 'after.ftm.json');
    await exportSubgraph(driver, { seeds: [seed], depth: 1, format: 'ftm', out: file }, { database: testConnection().database });
    const entities = entitiesOf(await readFile(file, 'utf8'));
    const byId = new Map(entities.map((e) => [e.id, e]));
    const inn = (buildRecord(graph.sandbox.graph, 'company', seed.id!) as { companyRequisites: { inn: string } }).companyRequisites.inn;
    const company = { id: `lg-company-${inn}` };
    const roles = entities
      .filter((e) => e.schema === 'Directorship' && e.properties.organization?.[0] === company.id)
      .map((e) => ({
        name: byId.get(e.properties.director![0]!)?.properties.name?.[0],
        ended: e.properties.endDate ?? null,
        started: e.properties.startDate,
      }));
    expect(roles).toContainEqual({ name: former.name, ended: [today], started: [expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)] });
    expect(roles).toContainEqual({ name: successor.name, ended: null, started: [today] });
    expect(roles).toHaveLength(2);
    const { stdout, stderr } = await ftm(['validate', '-i', file]);
    expect(stderr).toBe('');
    expect(entitiesOf(stdout)).toEqual(entities);
  });
});
