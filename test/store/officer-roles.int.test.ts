import { describe, expect } from 'vitest';
import type { LandingRef } from '../../src/api/refs.js';
import { findQuery, loadQueries, runQuery } from '../../src/query/library.js';
import { bindParams } from '../../src/query/params.js';
import { evolveGraph, reachable } from '../../src/sandbox/index.js';
import { personOf } from '../../src/sandbox/shared-values.js';
import { applySchema } from '../../src/store/schema.js';
import { crawlTest } from '../support/fixtures.js';
import { resetGraph } from '../support/neo4j.js';

const test = crawlTest({ records: 400, seed: 21 });
const DEPTH = 2;

/**
 * Current means current for officers: one HAS_OFFICER per role, so a role the latest answer no longer states is
 * retired with its date like any link, and every reader of the current graph sees only the roles stated now.
 */
describe('officer roles follow the latest answer', () => {
  test('a re-crawl after a manager change retires the old manager role with its date; the founder role and the new manager are current', async ({
    sandbox,
    driver,
    database,
    crawl,
  }) => {
    await resetGraph(driver);
    const world0 = sandbox.graph;
    const seeds = world0
      .ids('company')
      .slice(0, 2)
      .map((id) => ({ kind: 'company' as const, id }));
    // A company of the ball whose manager is also one of its founders: the person must stay, as founder only.
    const ball = reachable(world0, seeds, DEPTH).fetched;
    const company = ball.find((r) => {
      const node = world0.node(r.id);
      return r.kind === 'company' && node?.manager !== undefined && node.founders?.includes(node.manager);
    })?.id as number;
    expect(company).toBeTypeOf('number');
    const crawlAll = (refresh: boolean) => crawl(seeds as LandingRef[], { maxDepth: DEPTH, refresh });
    expect((await crawlAll(false)).status).toBe('finished');
    const world1 = evolveGraph(world0, { changes: [{ type: 'setShared', id: company, identifier: 'manager' }] });
    sandbox.setGraph(world1);
    const before = Date.now();
    expect((await crawlAll(true)).status).toBe('finished');

    const oldManager = personOf(world0.seed, world0.node(company)?.manager as number);
    const newManager = personOf(world1.seed, world1.node(company)?.manager as number);
    expect(newManager.inn).not.toBe(oldManager.inn);
    const { records } = await driver.executeQuery(
      `MATCH (c:Company {id: $company})-[r:HAS_OFFICER]->(p:Person)
       WHERE p.inn IN [$old, $new]
       RETURN p.inn AS inn, r.role AS role, r.removedAt IS NULL AS current, r.firstSeenAt.epochMillis AS firstSeenAt,
              r.removedAt.epochMillis AS removedAt
       ORDER BY inn, role`,
      { company, old: oldManager.inn, new: newManager.inn },
      { database },
    );
    const links = records.map((r) => r.toObject());
    const of = (inn: string, role: string) => links.find((l) => l.inn === inn && l.role === role);
    // History keeps the ended role, with the date it ended; the founder role never ended.
    expect(of(oldManager.inn, 'manager')).toMatchObject({ current: false });
    expect(Number(of(oldManager.inn, 'manager')?.removedAt)).toBeGreaterThanOrEqual(before);
    expect(Number(of(oldManager.inn, 'manager')?.firstSeenAt)).toBeLessThan(before);
    expect(of(oldManager.inn, 'founder')).toMatchObject({ current: true, removedAt: null });
    expect(of(newManager.inn, 'manager')).toMatchObject({ current: true, removedAt: null });
    expect(Number(of(newManager.inn, 'manager')?.firstSeenAt)).toBeGreaterThanOrEqual(before);

    // "Who manages it now?": shared-officer shows the roles stated now, at this company and everywhere.
    const query = findQuery(await loadQueries(), 'shared-officer');
    const shared = await runQuery(driver, query, bindParams(query, [`person=${oldManager.inn}`]), { database });
    const title = world1.node(company)?.title as string;
    const here = ((shared.rows[0]?.companies ?? []) as string[]).filter((c) => c.startsWith(title));
    expect(here).toEqual([expect.stringMatching(/ \[founder\]$/)]);
    const managers = await runQuery(driver, query, bindParams(query, [`person=${oldManager.inn}`, 'role=manager']), { database });
    expect((managers.rows[0]?.companies as string[] | undefined)?.filter((c) => c.startsWith(title)) ?? []).toEqual([]);
  });

  test('a graph written before roles were links of their own is migrated: one link per role, history kept', async ({
    driver,
    database,
  }) => {
    await resetGraph(driver);
    await driver.executeQuery(
      `CREATE (c:Landing:Company {kind: 'company', id: 1, key: '7701234567'})
       CREATE (p:Pivot:Person {kind: 'person', key: 'inn:770412345678'})
       CREATE (c)-[:HAS_OFFICER {roles: ['founder', 'manager'], posts: ['Директор'], via: ['companyManagersAndFounders.managers'],
                                 firstSeenAt: datetime('2026-01-01T00:00:00Z'), lastSeenAt: datetime('2026-02-01T00:00:00Z'),
                                 removals: [datetime('2026-01-15T00:00:00Z')], returns: [datetime('2026-01-20T00:00:00Z')]}]->(p)`,
      {},
      { database },
    );
    await applySchema(driver, { database });
    await applySchema(driver, { database });
    const { records } = await driver.executeQuery(
      `MATCH (:Company)-[r:HAS_OFFICER]->(:Person)
       RETURN r.role AS role, r.roles AS roles, r.posts AS posts, toString(r.firstSeenAt) AS firstSeenAt, size(r.removals) AS removals
       ORDER BY role`,
      {},
      { database },
    );
    expect(records.map((r) => r.toObject())).toEqual([
      { role: 'founder', roles: null, posts: ['Директор'], firstSeenAt: '2026-01-01T00:00:00Z', removals: 1 },
      { role: 'manager', roles: null, posts: ['Директор'], firstSeenAt: '2026-01-01T00:00:00Z', removals: 1 },
    ]);
  });
});
