import neo4j, { type Driver } from 'neo4j-driver';
import { describe, expect } from 'vitest';
import { cypherWithIncludes } from '../../src/store/cypher-files.js';
import { graphTest as test } from '../support/fixtures.js';

/**
 * The hub rule in a real Neo4j, on nodes built by hand with a known number of holders and links that are no holders
 * around them: cypher/fragments/hub-size.cypher counts exactly what its comment says, and hub-bounded.cypher, the form
 * every statement that only compares with $maxShared takes, gives the same answer to `<= $maxShared` for every bound
 * while reading fewer links of a hub than it has.
 */

/** Each probe: the nodes around it (written below) and its hub size, counted by hand from that description. */
const PROBES = [
  // 19 companies name the person as officer; one of them twice (two roles): 19 holders.
  { key: 'person-19', size: 19 },
  // 20 holders, and 30 companies whose link was removed, 40 people (not holders' kinds) and 25 SIMILAR links.
  { key: 'person-20', size: 20 },
  { key: 'person-21', size: 21 },
  // A nominee of 150 companies, whose first links are removed ones.
  { key: 'person-150', size: 150 },
  // A company record that 18 domains list (RELATED either way) and 3 companies name as founder: 21 holders, + 1.
  { key: 'company-22', size: 22 },
  // A domain 30 companies list (RELATED to a domain is no evidence) and 2 e-mails are at: 2 holders, + 1.
  { key: 'domain-3', size: 3 },
] as const;

const SETUP = `
CREATE (:Person:Pivot {key: 'person-19'}), (:Person:Pivot {key: 'person-20'}), (:Person:Pivot {key: 'person-21'}),
       (:Person:Pivot {key: 'person-150'}),
       (:Landing:Company {kind: 'company', key: 'company-22'}), (:Landing:Domain {kind: 'domain', key: 'domain-3'})
WITH 1 AS one
// Removed links first, so that a reader that stops early has met them.
MATCH (p:Person {key: 'person-150'})
UNWIND range(1, 30) AS i
CREATE (:Landing:Company {kind: 'company', key: 'gone-150-' + i})-[:HAS_OFFICER {role: 'manager', removedAt: datetime()}]->(p)
WITH count(*) AS made
UNWIND [['person-19', 19], ['person-20', 20], ['person-21', 21], ['person-150', 150]] AS probe
MATCH (p:Person {key: probe[0]})
UNWIND range(1, probe[1]) AS i
CREATE (c:Landing:Company {kind: 'company', key: probe[0] + '-holder-' + i})-[:HAS_OFFICER {role: 'manager'}]->(p)
FOREACH (_ IN CASE WHEN i = 1 THEN [1] ELSE [] END | CREATE (c)-[:HAS_OFFICER {role: 'founder'}]->(p))
WITH count(*) AS made
MATCH (p:Person {key: 'person-20'})
FOREACH (i IN range(1, 30) | CREATE (:Landing:Company {kind: 'company', key: 'gone-20-' + i})-[:HAS_OFFICER {removedAt: datetime()}]->(p))
FOREACH (i IN range(1, 40) | CREATE (:Landing:Person {kind: 'person', key: 'other-' + i})-[:HAS_OFFICER]->(p))
FOREACH (i IN range(1, 25) | CREATE (:Landing:Domain {kind: 'domain', key: 'similar-' + i + '.ru'})-[:SIMILAR]->(p))
WITH count(*) AS made
MATCH (c:Company {key: 'company-22'})
FOREACH (i IN range(1, 9) | CREATE (:Landing:Domain {kind: 'domain', key: 'names-' + i + '.ru'})-[:RELATED]->(c))
FOREACH (i IN range(1, 9) | CREATE (c)-[:RELATED]->(:Landing:Domain {kind: 'domain', key: 'listed-' + i + '.ru'}))
FOREACH (i IN range(1, 3) | CREATE (:Landing:Company {kind: 'company', key: 'child-' + i})-[:HAS_OFFICER {role: 'founder'}]->(c))
FOREACH (i IN range(1, 10) | CREATE (:Landing:Company {kind: 'company', key: 'rival-' + i})-[:COMPETITOR]->(c))
WITH count(*) AS made
MATCH (d:Domain {key: 'domain-3'})
FOREACH (i IN range(1, 30) | CREATE (:Landing:Company {kind: 'company', key: 'lists-' + i})-[:RELATED]->(d))
FOREACH (i IN range(1, 2) | CREATE (:Landing:Email {kind: 'email', key: 'box' + i + '@domain-3'})-[:AT_DOMAIN]->(d))
RETURN count(*) AS made
`;

/** Both forms of the rule for every probe at one bound, as statements take them. */
const BOTH = cypherWithIncludes(
  [
    'UNWIND $keys AS key',
    'MATCH (n {key: key}) WHERE n:Person OR n:Landing',
    'RETURN key,',
    '  // include: hub-size shared=n holder=h link=l',
    '  AS exact,',
    '  // include: hub-bounded shared=n holder=h link=l',
    '  AS bounded',
  ].join('\n'),
  'the test statement',
);

describe('the hub rule (cypher/fragments/hub-size.cypher and hub-bounded.cypher)', () => {
  let built: Promise<unknown> | undefined;
  const build = (driver: Driver, database: string | undefined) => {
    built ??= driver.executeQuery(SETUP, {}, { database });
    return built;
  };
  const keys = PROBES.map((p) => p.key);

  test('hub-size counts the holders by hand: current evidence links from records of the four kinds, each holder once', async ({
    driver,
    database,
  }) => {
    await build(driver, database);
    const { records } = await driver.executeQuery(BOTH, { keys, maxShared: neo4j.int(20) }, { database });
    expect(Object.fromEntries(records.map((r) => [r.get('key'), Number(r.get('exact'))]))).toEqual(
      Object.fromEntries(PROBES.map((p) => [p.key, p.size])),
    );
  });

  test.for([1, 3, 18, 19, 20, 21, 22, 149, 150, 151])(
    'at $maxShared %i, hub-bounded is a hub exactly when hub-size is, and equal to it up to the bound',
    async (maxShared, { driver, database }) => {
      await build(driver, database);
      const { records } = await driver.executeQuery(BOTH, { keys, maxShared: neo4j.int(maxShared) }, { database });
      const hub = (size: number) => size > maxShared;
      expect(records.map((r) => [r.get('key'), hub(Number(r.get('bounded')))])).toEqual(PROBES.map((p) => [p.key, hub(p.size)]));
      const small = PROBES.filter((p) => !hub(p.size));
      expect(records.filter((r) => !hub(Number(r.get('exact')))).map((r) => [r.get('key'), Number(r.get('bounded'))])).toEqual(
        small.map((p) => [p.key, p.size]),
      );
    },
  );

  test("hub-bounded stops reading a hub's links once it knows: a nominee of 150 at $maxShared 3", async ({ driver, database }) => {
    await build(driver, database);
    const statement = cypherWithIncludes(
      ["MATCH (n:Person {key: 'person-150'})", 'RETURN', '  // include: hub-bounded shared=n holder=h link=l', '  AS bounded'].join('\n'),
      'the test statement',
    );
    const { records, summary } = await driver.executeQuery(`PROFILE ${statement}`, { maxShared: neo4j.int(3) }, { database });
    expect(Number(records[0]?.get('bounded'))).toBe(4);
    // 181 links reach the nominee (30 removed, 150 holders, one of them twice): the expansions read a handful.
    const expanded = (plan: { operatorType: string; rows: number; children: unknown[] }): number =>
      (plan.operatorType.startsWith('Expand') ? plan.rows : 0) +
      (plan.children as (typeof plan)[]).reduce((sum, child) => sum + expanded(child), 0);
    const rows = expanded(summary.profile as never);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(50);
  });
});
