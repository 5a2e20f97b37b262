import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runText } from '../../src/store/executor.js';
import { cypher, cypherStatements } from '../../src/store/cypher-files.js';
import { findQuery, loadQueries, runQuery } from '../../src/query/library.js';
import { bindParams } from '../../src/query/params.js';
import { applySchema } from '../../src/store/schema.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';
import { freshPlan } from './plans.js';

describe('cypher/schema.cypher on a real Neo4j', () => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
  });
  afterAll(async () => driver?.close());

  it('applies twice without error and its constraints are in force', async () => {
    const { database } = testConnection();
    await applySchema(driver, { database });
    await applySchema(driver, { database });
    const constraints = await runText(driver, 'SHOW CONSTRAINTS YIELD name RETURN collect(name) AS names', {}, { mode: 'read', database });
    expect(constraints[0]?.names).toEqual(expect.arrayContaining(['landing_kind_id', 'landing_kind_key', 'crawl_id', 'crawl_task_uid']));
  });

  it('creates what the database lacks and drops what it should not have: a dropped index and constraint come back, an old index goes', async () => {
    const { database } = testConnection();
    await applySchema(driver, { database });
    const names = async () =>
      (await runText(driver, 'SHOW INDEXES YIELD name RETURN collect(name) AS names', {}, { mode: 'read', database }))[0]?.names;
    try {
      await runText(driver, 'DROP INDEX similar_removed_at', {}, { database });
      await runText(driver, 'DROP CONSTRAINT flag_uid', {}, { database });
      // An index a later version drops (cypher/schema.cypher drops landing_title): made again, dropped again.
      await runText(driver, 'CREATE INDEX landing_title FOR (n:Landing) ON (n.title)', {}, { database });
      expect(await names()).not.toContain('similar_removed_at');
      await applySchema(driver, { database });
      expect(await names()).toEqual(expect.arrayContaining(['similar_removed_at', 'flag_uid']));
      expect(await names()).not.toContain('landing_title');
      const constraints = await runText(
        driver,
        'SHOW CONSTRAINTS YIELD name RETURN collect(name) AS names',
        {},
        { mode: 'read', database },
      );
      expect(constraints[0]?.names).toContain('flag_uid');
    } finally {
      // The server serves later files: its schema whole again whatever applySchema did, each statement as written.
      for (const statement of cypherStatements('schema')) await runText(driver, statement, {}, { database });
    }
  });

  it('MERGEs a node and reads it back, and a duplicate key is refused', async () => {
    const { database } = testConnection();
    const hostile = "'}) DETACH DELETE n // пример 🚀";
    await runText(
      driver,
      'MERGE (d:Landing:Domain {kind: "domain", key: $key}) SET d.title = $title',
      { key: 'example.com', title: hostile },
      { database },
    );
    await runText(
      driver,
      'MERGE (d:Landing:Domain {kind: "domain", key: $key}) SET d.title = $title',
      { key: 'example.com', title: hostile },
      { database },
    );
    const rows = await runText(
      driver,
      'MATCH (d:Domain {key: $key}) RETURN d.title AS title, count(*) AS n',
      { key: 'example.com' },
      { mode: 'read', database },
    );
    expect(rows).toEqual([{ title: hostile, n: 1 }]);
    await expect(
      runText(driver, 'CREATE (:Landing:Domain {kind: "domain", key: $key})', { key: 'example.com' }, { database }),
    ).rejects.toMatchObject({ code: 'NEO4J_CONFLICT' });
  });
  it("renames the fan-out cut's old property names on a graph written before them, finding them by index", async () => {
    const { database } = testConnection();
    await resetGraph(driver);
    await runText(
      driver,
      `CREATE (:Landing:Company {kind: 'company', id: 7, key: '7701234567', hub: true, hubLists: ['similar'], hubListLengths: [4000]})
       CREATE (:Landing:Domain {kind: 'domain', id: 8, key: 'quiet.ru'})`,
      {},
      { database },
    );
    await applySchema(driver, { database });
    await applySchema(driver, { database });
    const rows = await runText(
      driver,
      'MATCH (n:Landing) RETURN n.key AS key, n.fanoutCut AS fanoutCut, n.cutLists AS cutLists, n.cutListLengths AS lengths, n.hub AS hub, n.hubLists AS hubLists ORDER BY key',
      {},
      { mode: 'read', database },
    );
    expect(rows).toEqual([
      { key: '7701234567', fanoutCut: true, cutLists: ['similar'], lengths: [4000], hub: null, hubLists: null },
      { key: 'quiet.ru', fanoutCut: null, cutLists: null, lengths: null, hub: null, hubLists: null },
    ]);
    // Run at every writing command's start: it must not read every record of a large graph.
    const plan = await freshPlan(driver, cypher('migrations/fanout-cut-names'), {}, database);
    expect(JSON.stringify(plan)).toContain('NodeIndexScan');
  });

  it('gives a graph written before the lower-case copies its copies and their mark, once; find-entity finds the same before and after', async () => {
    const { database } = testConnection();
    await resetGraph(driver);
    const read = (statement: string) => runText(driver, statement, {}, { mode: 'read', database });
    // As an older version left it: titles and values without copies, and no mark.
    await runText(
      driver,
      `CREATE (:Landing:Company {kind: 'company', id: 7, key: '7701234567', title: 'ООО "Лавка Чая"'})
       CREATE (:Landing:Email {kind: 'email', id: 9, key: 'tea@lavka.ru'})
       CREATE (:Pivot:Person {kind: 'person', key: 'name:иванова мария', value: 'ИВАНОВА Мария'})
       CREATE (:Pivot:SocialProfile {kind: 'socialProfile', key: 'vk.com/ЧайМаркет', value: 'https://vk.com/%D0%A7'})
       CREATE (:RecordVersion {title: 'ООО "Старое"'})`,
      {},
      { database },
    );
    const findEntity = findQuery(loadQueries(), 'find-entity');
    const found = async (text: string) =>
      (await runQuery(driver, findEntity, bindParams(findEntity, [`text=${text}`]), { database })).rows.map((r) => r.key);
    const texts = ['лавка ЧАЯ', 'мария', 'LAVKA', 'старое', 'VK.COM/чаймаркет'];
    const expected = [['7701234567'], ['name:иванова мария'], ['tea@lavka.ru'], [], ['vk.com/ЧайМаркет']];
    for (const [i, text] of texts.entries()) expect(await found(text), `before: ${text}`).toEqual(expected[i]);
    await applySchema(driver, { database });
    await applySchema(driver, { database });
    expect(
      await read('MATCH (n) WHERE NOT n:Migration RETURN n.key AS key, n.titleLower AS titleLower, n.textLower AS textLower ORDER BY key'),
    ).toEqual([
      { key: '7701234567', titleLower: 'ооо "лавка чая"', textLower: null },
      { key: 'name:иванова мария', titleLower: null, textLower: 'name:иванова мария\nиванова мария' },
      { key: 'tea@lavka.ru', titleLower: null, textLower: null },
      { key: 'vk.com/ЧайМаркет', titleLower: null, textLower: 'vk.com/чаймаркет\nhttps://vk.com/%d0%a7' },
      { key: null, titleLower: null, textLower: null },
    ]);
    expect(await read('MATCH (m:Migration) RETURN m.name AS name')).toEqual([{ name: 'lower-case-copies' }]);
    for (const [i, text] of texts.entries()) expect(await found(text), `after: ${text}`).toEqual(expected[i]);
    // After the mark the copies are what is read: a title written without one (no writer does) is not found.
    await runText(driver, "CREATE (:Landing:Domain {kind: 'domain', id: 11, key: 'x.ru', title: 'Без копии'})", {}, { database });
    expect(await found('без копии')).toEqual([]);
  });
});
