import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INDEXED_CHARS } from '../../src/api/keys.js';
import { findQuery, loadQueries, runQuery } from '../../src/query/library.js';
import { bindParams } from '../../src/query/params.js';
import { record, T1, writeCommit } from '../query/history-fixture.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

/**
 * A served text longer than a Neo4j index holds (8 kB) failed the whole commit it came in, and every later commit
 * that met its record again: one hostile answer stopped a crawl for good. Written as a crawl's commit writes it.
 */
describe('texts longer than an index holds', () => {
  let driver: Driver;
  const long = `Начало${'Я'.repeat(20_000)}`;
  const q = async (cypher: string) =>
    (await driver.executeQuery(cypher, {}, { database: testConnection().database })).records.map((r) => r.toObject());

  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
    await writeCommit(driver, T1, [
      record('domain', 9001, long, { whoIs: { registrar: 'RU-CENTER-RU', organizationName: long, inn: '7701111111' } }),
      record('company', 9002, 'ООО "Короткий"', {
        companyRequisites: { inn: '7701111112' },
        companyInfo: { registrationAddress: long },
        companyManagersAndFounders: { founders: [{ name: long, inn: null, ogrn: null, post: 'Учредитель', type: 'person' }] },
      }),
      record('company', 9003, 'ООО "Обычный"', {
        companyRequisites: { inn: '7701111113' },
        companyInfo: { registrationAddress: 'г. Москва, ул. Арбат, д. 10' },
        companyManagersAndFounders: {
          founders: [{ name: 'Петров Пётр Петрович', inn: null, ogrn: null, post: 'Учредитель', type: 'person' }],
        },
      }),
    ]);
  });
  afterAll(async () => driver?.close());

  it('stores the record with its indexed texts cut, keeps the answer whole, and loses nothing beside it', async () => {
    const [domain] = await q(
      `MATCH (d:Domain {id: 9001}) RETURN d.key AS key, d.title AS title, d.registrantOrganization AS organization,
              d.registrantInn AS inn, size(d.raw) AS raw, d.status AS status`,
    );
    expect(domain?.status).toBe('fetched');
    // A domain's key is its name: twenty thousand letters name no domain.
    expect(domain?.key).toBeNull();
    for (const text of [domain?.title, domain?.organization] as string[]) {
      expect(text).toHaveLength(MAX_INDEXED_CHARS);
      expect(text.startsWith('НачалоЯЯЯ')).toBe(true);
      expect(text.endsWith('Я…')).toBe(true);
    }
    expect(domain?.inn).toBe('7701111111');
    expect(domain?.raw as number).toBeGreaterThan(40_000);
    expect(await q('MATCH (c:Company {id: 9002}) RETURN c.key AS key, c.status AS status')).toEqual([
      { key: '7701111112', status: 'fetched' },
    ]);
    expect(await q('MATCH (r:Registrar) RETURN r.value AS value')).toEqual([{ value: 'RU-CENTER-RU' }]);
  });

  it('makes no pivot of a name or address longer than an index holds: cut, two could tie what shares a prefix', async () => {
    expect(await q('MATCH (p:Pivot) WHERE size(p.value) > 100 OR size(p.key) > 100 RETURN count(p) AS n')).toEqual([{ n: 0 }]);
    const pivots = `MATCH (c:Company)-[:REGISTERED_AT|HAS_OFFICER]->(p:Pivot) RETURN c.id AS id, p.value AS value ORDER BY id, value`;
    expect(await q(pivots)).toEqual([
      { id: 9003, value: 'Петров Пётр Петрович' },
      { id: 9003, value: 'г. Москва, ул. Арбат, д. 10' },
    ]);
  });

  it('finds the record by the start of its title', async () => {
    const queries = loadQueries();
    const query = findQuery(queries, 'find-entity');
    const { rows } = await runQuery(driver, query, bindParams(query, ['text=начало']), { database: testConnection().database });
    expect(rows.map((r) => r.id)).toEqual([9001]);
  });
});
