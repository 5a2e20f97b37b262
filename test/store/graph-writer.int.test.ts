import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseLandingRecord } from '../../src/api/schemas/index.js';
import { mapFetchedRecord, mapUnfetched } from '../../src/graph/map-record.js';
import type { GraphBatch } from '../../src/graph/model.js';
import { inWriteTransaction } from '../../src/store/executor.js';
import { writeGraph } from '../../src/store/graph-writer.js';
import { fullRecord } from '../api/schemas/records.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

const NOW = '2026-11-21T12:00:00.000Z';

describe('writeGraph on a real Neo4j', () => {
  let driver: Driver;
  const write = (batches: GraphBatch[], now = NOW) =>
    inWriteTransaction(driver, (tx) => writeGraph(tx, batches, now), { database: testConnection().database });
  const query = async (cypher: string, params: Record<string, unknown> = {}) =>
    (await driver.executeQuery(cypher, params, { database: testConnection().database })).records.map((r) => r.toObject());
  const counts = async () => (await query('MATCH (n) WITH count(n) AS nodes OPTIONAL MATCH ()-[r]->() RETURN nodes, count(r) AS edges'))[0];

  beforeAll(async () => {
    driver = await openTestDriver();
  });
  beforeEach(async () => resetGraph(driver));
  afterAll(async () => driver?.close());

  function domainBatch(change?: (r: Record<string, unknown>) => void) {
    const json = fullRecord('domain');
    change?.(json);
    const text = JSON.stringify(json);
    return { json, text, batch: mapFetchedRecord('domain', parseLandingRecord('domain', JSON.parse(text)), text) };
  }

  it('writes the record, its stubs and edges once, however often it runs', async () => {
    const { json, text, batch } = domainBatch();
    await write([batch]);
    const first = await counts();
    await write([batch], '2026-11-22T12:00:00.000Z');
    expect(await counts()).toEqual(first);
    expect(first).toEqual({ nodes: batch.nodes.length, edges: batch.edges.length });
    const [row] = await query(
      'MATCH (d:Landing:Domain {id: $id}) RETURN d.raw AS raw, d.status AS status, d.key AS key, d.registrar AS registrar, labels(d) AS labels',
      { id: json.id },
    );
    expect(row).toMatchObject({ raw: text, status: 'fetched', key: 'lavka-chaya.ru', registrar: 'RU-CENTER-RU' });
    const [edge] = await query(
      'MATCH (:Domain {id: $id})-[r:SIMILAR]->() RETURN r.list AS list, toString(r.firstSeenAt) AS first, toString(r.lastSeenAt) AS last',
      { id: json.id },
    );
    expect(edge).toMatchObject({ list: 'similarDomains', first: '2026-11-21T12:00:00Z', last: '2026-11-22T12:00:00Z' });
  });

  it('never lets a stub overwrite what a fetch wrote, nor a missing/failed outcome erase it', async () => {
    const { json, batch } = domainBatch();
    await write([batch]);
    const stubOfSelf: GraphBatch = { nodes: [{ ...batch.self, status: 'stub', title: 'stale', raw: null, props: {} }], edges: [] };
    await write([stubOfSelf]);
    await write([{ nodes: [mapUnfetched({ kind: 'domain', id: json.id as number }, 'failed', 'API_RETRIES_EXHAUSTED')], edges: [] }]);
    const [row] = await query(
      'MATCH (d:Domain {id: $id}) RETURN d.status AS status, d.title AS title, d.raw IS NOT NULL AS hasRaw, d.lastError AS lastError',
      { id: json.id },
    );
    expect(row).toEqual({ status: 'fetched', title: json.title, hasRaw: true, lastError: 'API_RETRIES_EXHAUSTED' });
  });

  it('turns a stub into a fetched node when its record arrives', async () => {
    const { batch } = domainBatch();
    await write([batch]);
    const company = batch.nodes.find((n) => n.kind === 'company')!;
    const companyJson = { ...fullRecord('company'), id: company.id };
    const text = JSON.stringify(companyJson);
    await write([mapFetchedRecord('company', parseLandingRecord('company', companyJson), text)]);
    const [row] = await query('MATCH (c:Company {id: $id}) RETURN c.status AS status, c.raw AS raw, count(*) AS n', { id: company.id });
    expect(row).toEqual({ status: 'fetched', raw: text, n: 1 });
  });

  it('adopts a node known only by key when its page number turns up (keeping its edges), and stores hostile strings verbatim', async () => {
    const hostile = "'}) DETACH DELETE n // Пример 🚀";
    await write([{ nodes: [mapUnfetched({ kind: 'domain', key: 'lavka-chaya.ru' }, 'failed', 'API_RETRIES_EXHAUSTED')], edges: [] }]);
    await query("MATCH (o:Domain {key: 'lavka-chaya.ru'}) CREATE (o)-[:TEST_LINK]->(:TestMarker)");
    const { json, batch } = domainBatch((r) => {
      r.title = 'Lavka-Chaya.RU';
      (r.websiteInfo as Record<string, unknown>).title = hostile;
    });
    await write([batch]);
    const rows = await query(
      "MATCH (d:Domain {key: 'lavka-chaya.ru'}) RETURN d.id AS id, d.status AS status, d.siteTitle AS siteTitle, EXISTS { (d)-[:TEST_LINK]->() } AS kept",
    );
    expect(rows).toEqual([{ id: json.id, status: 'fetched', siteTitle: hostile, kept: true }]);
  });

  it('notes a key held by another page number instead of breaking the constraint', async () => {
    const { batch } = domainBatch();
    await write([batch]);
    const other = domainBatch((r) => {
      r.id = 999_999;
    }).batch;
    await write([{ nodes: [other.self], edges: [] }]);
    const rows = await query(
      "MATCH (d:Domain) WHERE d.key = 'lavka-chaya.ru' OR d.keyConflict = 'lavka-chaya.ru' RETURN d.id AS id, d.key AS key, d.keyConflict AS conflict ORDER BY id",
    );
    expect(rows).toEqual([
      { id: 999_999, key: null, conflict: 'lavka-chaya.ru' },
      { id: batch.self.id, key: 'lavka-chaya.ru', conflict: null },
    ]);
  });

  it('refuses a kind or a relationship type outside its fixed tables instead of making a label or type of it', async () => {
    const { batch } = domainBatch();
    const node = { ...batch.nodes[0]!, kind: 'x`) DETACH DELETE n //' } as unknown as GraphBatch['nodes'][number];
    await expect(write([{ nodes: [node], edges: [] }])).rejects.toMatchObject({ code: 'NEO4J_QUERY' });
    const edge = { ...batch.edges[0]!, type: 'OWNS' } as unknown as GraphBatch['edges'][number];
    await expect(write([{ nodes: batch.nodes, edges: [edge] }])).rejects.toMatchObject({ code: 'NEO4J_QUERY' });
    expect(await query('MATCH (n) RETURN count(n) AS n')).toEqual([{ n: 0 }]);
  });
});
