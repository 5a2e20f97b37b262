import type { Driver } from 'neo4j-driver';
import { describe, expect } from 'vitest';
import { findQuery, loadQueries, runQuery } from '../../src/query/library.js';
import { bindParams } from '../../src/query/params.js';
import { suppliedParameters } from '../../src/query/supplied.js';
import { graphTest as test } from '../support/fixtures.js';

/**
 * The `hubs` query on nodes built by hand, whose links were counted by hand. It ranks by current links (no removedAt,
 * to a record or pivot), but finds its candidates by the count of all links the store keeps per node: a node whose
 * links were mostly removed ranks high in that count and low in the answer. The ones below decide which of the
 * query's two ways runs: the most linked few suffice (one pass over the nodes), or they do not and every node with
 * enough links is read (a second pass).
 */

// Domains, each with `current` links to pivots of its own and `removed` links whose removedAt is set.
const DOMAINS = [
  // All links but one removed: first by the store's count, last by current links.
  { key: 'mostly-gone.ru', current: 1, removed: 99 },
  // Ten domains of 6 links, 5 removed: after mostly-gone.ru by the store's count.
  ...Array.from({ length: 10 }, (_, i) => ({ key: `six-${i}.ru`, current: 1, removed: 5 })),
  // Fewer links in the store than any of those, but the most current ones.
  { key: 'five-current.ru', current: 5, removed: 0 },
  { key: 'four-current.ru', current: 4, removed: 0 },
  { key: 'two-current.ru', current: 2, removed: 0 },
];

// As the program writes a removed link (cypher/history/retire-unseen.cypher), the record it starts from has changedAt.
const SETUP = `
UNWIND $domains AS d
CREATE (n:Landing:Domain {kind: 'domain', key: d.key, changedAt: CASE WHEN d.removed > 0 THEN datetime() END})
FOREACH (i IN range(1, d.current) | CREATE (n)-[:RESOLVES_TO]->(:Pivot:IP {kind: 'ip', key: d.key + '-ip-' + i}))
FOREACH (i IN range(1, d.removed) |
  CREATE (n)-[:RESOLVES_TO {removedAt: datetime()}]->(:Pivot:IP {kind: 'ip', key: d.key + '-old-ip-' + i}))
`;

// Persons, each an officer of `current` companies and of `removed` more whose links to it were removed (those
// companies marked changed): a pivot's removed links are incoming ones, from records.
const PERSONS = [
  { key: 'name:mostly-gone', current: 1, removed: 29 },
  { key: 'name:three-current', current: 3, removed: 0 },
];

const PERSON_SETUP = `
UNWIND $persons AS p
CREATE (n:Pivot:Person {kind: 'person', key: p.key})
FOREACH (i IN range(1, p.current) |
  CREATE (:Landing:Company {kind: 'company', key: p.key + '-c-' + i})-[:HAS_OFFICER {role: 'manager'}]->(n))
FOREACH (i IN range(1, p.removed) |
  CREATE (:Landing:Company {kind: 'company', key: p.key + '-old-c-' + i, changedAt: datetime()})
         -[:HAS_OFFICER {role: 'manager', removedAt: datetime()}]->(n))
`;

const queries = loadQueries();
const hubs = findQuery(queries, 'hubs');

describe('hubs: the most linked records by current links', () => {
  let built: Promise<unknown> | undefined;
  const build = (driver: Driver, database: string | undefined) => {
    built ??= (async () => {
      await driver.executeQuery(SETUP, { domains: DOMAINS }, { database });
      await driver.executeQuery(PERSON_SETUP, { persons: PERSONS }, { database });
    })();
    return built;
  };
  const runKinds = async (driver: Driver, database: string | undefined, ...assignments: string[]) =>
    (await runQuery(driver, hubs, bindParams(hubs, assignments), { database })).rows.map((r) => [r.key, r.degree]);
  const run = (driver: Driver, database: string | undefined, ...assignments: string[]) =>
    runKinds(driver, database, 'kinds=domain', ...assignments);

  test('limit 1: the store counts ten domains above five-current.ru; the second pass finds it', async ({ driver, database }) => {
    await build(driver, database);
    expect(await run(driver, database, 'limit=1')).toEqual([['five-current.ru', 5]]);
  });

  test('limit 3, at least 2 links: the first pass holds every candidate', async ({ driver, database }) => {
    await build(driver, database);
    expect(await run(driver, database, 'limit=3')).toEqual([
      ['five-current.ru', 5],
      ['four-current.ru', 4],
      ['two-current.ru', 2],
    ]);
  });

  test('limit 20, no least degree: every domain, by current links, then by key', async ({ driver, database }) => {
    await build(driver, database);
    const byHand = DOMAINS.map((d) => [d.key, d.current]).sort(
      ([ak, ad], [bk, bd]) => Number(bd) - Number(ad) || (String(ak) < String(bk) ? -1 : 1),
    );
    expect(await run(driver, database, 'limit=20', 'minDegree=0')).toEqual(byHand);
  });

  test('a pivot counts its current incoming links: those its records no longer state are left out', async ({ driver, database }) => {
    await build(driver, database);
    expect(await runKinds(driver, database, 'kinds=person', 'limit=1')).toEqual([['name:three-current', 3]]);
    expect(await runKinds(driver, database, 'kinds=person', 'limit=5', 'minDegree=1')).toEqual([
      ['name:three-current', 3],
      ['name:mostly-gone', 1],
    ]);
  });

  test('one pass over the nodes when the most linked suffice, two when they do not', async ({ driver, database }) => {
    await build(driver, database);
    const scanned = async (limit: number): Promise<number> => {
      const params = { ...suppliedParameters(), ...bindParams(hubs, ['kinds=domain', `limit=${limit}`]) };
      const { summary } = await driver.executeQuery(`PROFILE CYPHER replan=force ${hubs.statement}`, params, { database });
      // The passes over the nodes scan `n`; the removed links are read from `a` and `r` (through an index or not).
      type Plan = { operatorType: string; rows: number; arguments: { Details?: string }; children: Plan[] };
      const rows = (plan: Plan): number =>
        (/Scan/.test(plan.operatorType) && /^n\b/.test(plan.arguments.Details ?? '') ? plan.rows : 0) +
        plan.children.reduce((sum, c) => sum + rows(c), 0);
      return rows(summary.profile as never);
    };
    // limit 3 takes thirty candidates by the store's count: all fourteen domains, so one pass.
    const onePass = await scanned(3);
    expect(onePass).toBeGreaterThanOrEqual(DOMAINS.length);
    // limit 1 takes ten, all with more links than the floor (mostly-gone.ru's one current link): the scan again.
    expect(await scanned(1)).toBe(2 * onePass);
  });
});
