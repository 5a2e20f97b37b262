import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseLandingRecord } from '../../src/api/schemas/index.js';
import { mapFetchedRecord } from '../../src/graph/map-record.js';
import { pivotsOf } from '../../src/graph/pivots/index.js';
import { computeNetworks } from '../../src/network/index.js';
import { type Candidate, findCandidates } from '../../src/resolve/index.js';
import { inWriteTransaction } from '../../src/store/executor.js';
import { writeGraph } from '../../src/store/graph-writer.js';
import { writePivots } from '../../src/store/pivot-writer.js';
import { fullRecord, type Json } from '../api/schemas/records.js';
import { runCli } from '../support/cli.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

/** `landing-graph resolve` on a real Neo4j: candidates, a decision file applied, reapplied, undone. */

const T1 = '2026-11-21T12:00:00.000Z';
const HOSTILE = `ООО "'}) DETACH DELETE n //" 🎄`;
const HOSTILE_NOTE = `checked'}) MATCH (n) DETACH DELETE n // «да» 👍`;
const ARBAT = '119002, г. Москва, ул. Арбат, д. 10';
const noLists = { relatedDomains: [], relatedCompanies: [], relatedPhones: [], relatedEmails: [], relatedBranches: [] };

type Person = { ogrn?: string | null; inn?: string | null; name: string; post: string; type: string };

/** A company record with its own name, numbers, address, managers and founders, and nothing else that ties. */
function company(id: number, name: string, inn: string, address: string, managers: Person[], founders: Person[]): Json {
  const r = fullRecord('company');
  Object.assign(r, { id, title: name, ...noLists, similarCompanies: [], competitorCompanies: [] });
  Object.assign(r.companyInfo as Json, { shortName: name, fullName: null, registrationAddress: address });
  Object.assign(r.companyRequisites as Json, { inn, ogrn: `10277${inn.slice(2)}`, mainOkved: null, otherOkveds: [] });
  r.companyManagersAndFounders = { managers: managers.map(person), founders: founders.map(person) };
  r.companyPredecessorsAndSuccessors = null;
  r.companyContacts = null;
  return r;
}
const person = (p: Person) => ({ ogrn: null, inn: null, ...p });

const GRAPH = [
  // Same name and address, two INNs: company-name-address (0.7). Иванова with and without INN: person-name-company.
  company(
    30001,
    'ООО "Ромашка"',
    '7701000001',
    ARBAT,
    [{ inn: '770412345678', name: 'Иванова Мария Петровна', post: 'Генеральный директор', type: 'person' }],
    [
      { name: 'ИВАНОВА Мария Петровна', post: 'Участник', type: 'person' },
      { inn: '770500000001', name: 'Петров Пётр Петрович', post: 'Участник', type: 'person' },
    ],
  ),
  // Петров without an INN at a company sharing the address: person-name-tied.
  company(
    30002,
    'Общество с ограниченной ответственностью «РОМАШКА»',
    '7701000002',
    'г.Москва ул.Арбат д.10',
    [{ name: 'ПЕТРОВ Петр Петрович', post: 'Директор', type: 'person' }],
    [],
  ),
  // A hostile name twice at one address.
  company(30003, HOSTILE, '7701000003', 'г. Тула, ул. Ленина, д. 1', [], []),
  company(30004, HOSTILE, '7701000004', 'г. Тула, ул. Ленина, д. 1', [], []),
  // Two unrelated companies whose founders are one legal entity named by INN and by OGRN: company-name-numbers.
  company(
    30005,
    'ООО "Север"',
    '7701000005',
    'г. Омск, ул. Мира, д. 5',
    [],
    [{ inn: '7707083893', name: 'АО "Чайный дом"', post: 'Участник', type: 'LEGAL' }],
  ),
  company(
    30006,
    'ООО "Юг"',
    '7701000006',
    'г. Сочи, ул. Мира, д. 6',
    [],
    [{ ogrn: '1027700132195', name: 'АО «Чайный дом»', post: 'Участник', type: 'LEGAL' }],
  ),
];

describe('landing-graph resolve on a real Neo4j', () => {
  let driver: Driver;
  let dir: string;
  const database = () => testConnection().database;
  const query = async (cypher: string, params: Record<string, unknown> = {}) =>
    (await driver.executeQuery(cypher, params, { database: database() })).records.map((r) => r.toObject());

  /** As the crawler commits: record nodes and key stubs, then pivots, in one transaction. */
  const write = (records: Json[]) =>
    inWriteTransaction(
      driver,
      async (tx) => {
        const parsed = records.map((json) => parseLandingRecord('company', JSON.parse(JSON.stringify(json))));
        const mapped = parsed.map((p) => mapFetchedRecord('company', p, JSON.stringify(p)));
        const batches = parsed.map((p) => pivotsOf('company', p, { kind: 'company', id: p.id }));
        const written = await writeGraph(tx, [...mapped, { nodes: batches.flatMap((b) => b.keyStubs), edges: [] }], T1);
        await writePivots(tx, batches, T1, { adoptKeyStubs: written.keyConflicts > 0 });
      },
      { database: database() },
    );

  /** SAME_AS and ResolveDecision as text, to compare the graph before and after. */
  const decisionState = async () => ({
    sameAs: await query(
      `MATCH (a)-[s:SAME_AS]->(b)
       RETURN coalesce(a.key, toString(a.id)) AS a, coalesce(b.key, toString(b.id)) AS b, s.pairId AS pairId, s.rule AS rule,
              s.score AS score, toString(s.decidedAt) AS decidedAt, s.by AS by, s.note AS note ORDER BY pairId`,
    ),
    decisions: await query(
      'MATCH (d:ResolveDecision) RETURN d.pairId AS pairId, d.decision AS decision, d.a AS a, d.b AS b, toString(d.decidedAt) AS decidedAt, d.history AS history ORDER BY pairId',
    ),
  });

  const short = (c: Candidate) => [c.rule, c.score, c.a.key, c.b.key];
  const byKey = (x: unknown[], y: unknown[]) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1);

  beforeAll(async () => {
    driver = await openTestDriver();
    dir = await mkdtemp(path.join(tmpdir(), 'resolve-'));
  });
  beforeEach(async () => resetGraph(driver));
  afterAll(async () => {
    await driver?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('proposes the candidates, applies a decision file as SAME_AS, idempotently, and undoes it', async () => {
    await write(GRAPH);
    const { candidates } = await findCandidates(driver, { database: database() });
    // Highest score first; the order within one score (by pair id) is not the point here.
    expect(candidates.map((c) => c.score)).toEqual([0.9, 0.7, 0.7, 0.6, 0.6]);
    expect(candidates.map(short).sort(byKey)).toEqual([
      ['company-name-address', 0.7, '7701000001', '7701000002'],
      ['company-name-address', 0.7, '7701000003', '7701000004'],
      ['company-name-numbers', 0.6, '1027700132195', '7707083893'],
      ['person-name-company', 0.9, 'inn:770412345678', 'name:иванова мария петровна@company#30001'],
      ['person-name-tied', 0.6, 'inn:770500000001', 'name:петров петр петрович@company#30002'],
    ]);
    const tied = candidates.find((c) => c.rule === 'person-name-tied');
    expect(tied?.evidence).toContainEqual({ kind: 'address', value: 'г москва ул арбат д 10' });
    expect(candidates.find((c) => c.a.key === '7701000003')?.a.name).toBe(HOSTILE);

    // The CLI writes them into a decision file; --json prints the same candidates.
    const file = path.join(dir, 'decisions.jsonl');
    const out = await runCli(['resolve', '--out', file]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toContain('5 new pending pairs added');
    const json = await runCli(['resolve', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const printed = JSON.parse(json.stdout) as { candidates: Candidate[] };
    expect(printed.candidates).toEqual(candidates);
    const lines = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    expect(lines.map((l) => l.decision)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);

    // The networks of the two founder stubs' companies are apart before anyone accepts the pair.
    const networkOf = async (key: string) => {
      const result = await computeNetworks(driver, { type: 'all' }, { database: database(), write: false });
      return result.networks
        .find((n) => n.members.some((m) => m.key === key))
        ?.members.map((m) => m.key)
        .sort();
    };
    expect(await networkOf('7701000005')).toEqual(['7701000005', '7707083893']);

    // The analyst accepts three pairs, rejects one, leaves one pending.
    const decide: Record<string, Json> = {
      '7701000003': { decision: 'accept', by: 'анна', note: HOSTILE_NOTE },
      '1027700132195': { decision: 'accept', by: 'анна' },
      'inn:770412345678': { decision: 'accept' },
      '7701000001': { decision: 'reject', note: 're-registered, not the same' },
    };
    const edited = lines.map((l) => ({ ...l, ...(decide[(l.a as Json).key as string] ?? {}) }));
    await writeFile(file, `${edited.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const applied = await runCli(['resolve', '--apply', file]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('3 accepted (SAME_AS written), 1 rejected, 0 set back to pending, 0 unchanged, 1 pending');
    const state = await decisionState();
    expect(state.sameAs.map((s) => [s.a, s.b, s.rule]).sort(byKey)).toEqual([
      ['1027700132195', '7707083893', 'company-name-numbers'],
      ['7701000003', '7701000004', 'company-name-address'],
      ['inn:770412345678', 'name:иванова мария петровна@company#30001', 'person-name-company'],
    ]);
    const hostile = state.sameAs.find((s) => s.a === '7701000003');
    expect(hostile).toMatchObject({ by: 'анна', note: HOSTILE_NOTE, score: 0.7, pairId: pairOf('7701000003') });
    expect(Date.parse(hostile?.decidedAt as string)).toBeGreaterThan(Date.parse(T1));
    expect(state.decisions.map((d) => d.decision).sort()).toEqual(['accept', 'accept', 'accept', 'reject']);
    expect(await query('MATCH (n:Company {key: $key}) RETURN n.title AS title', { key: '7701000003' })).toEqual([{ title: HOSTILE }]);

    // Applying the same file again changes nothing.
    const again = await runCli(['resolve', '--apply', file]);
    expect(again.stdout).toContain('0 accepted (SAME_AS written), 0 rejected, 0 set back to pending, 4 unchanged, 1 pending');
    expect(await decisionState()).toEqual(state);

    // Accepted and rejected pairs are not proposed again; the SAME_AS ties the founders' companies in one network.
    expect((await findCandidates(driver, { database: database() })).candidates.map((c) => c.rule)).toEqual(['person-name-tied']);
    expect(await networkOf('7701000005')).toEqual(['1027700132195', '7701000005', '7701000006', '7707083893']);

    // A pair changed from accept to reject loses its SAME_AS; the history says so.
    const changed = edited.map((l) => ((l.a as Json).key === '7701000003' ? { ...l, decision: 'reject' } : l));
    await writeFile(file, `${changed.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const rejected = await runCli(['resolve', '--apply', file]);
    expect(rejected.stdout).toContain('0 accepted (SAME_AS written), 1 rejected');
    const after = await decisionState();
    expect(after.sameAs.map((s) => s.a)).not.toContain('7701000003');
    const history = after.decisions.find((d) => d.pairId === pairOf('7701000003'))?.history as string[];
    expect(history.map((h) => (JSON.parse(h) as Json).decision)).toEqual(['accept', 'reject']);
    expect(JSON.parse(history[0] as string)).toMatchObject({ by: 'анна', note: HOSTILE_NOTE, file: 'decisions.jsonl' });

    // Undo: no SAME_AS left, the decisions kept as 'undone' with their history, every pair proposed again.
    const undone = await runCli(['resolve', '--undo', file]);
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain('4 decisions undone, 2 SAME_AS removed');
    const afterUndo = await decisionState();
    expect(afterUndo.sameAs).toEqual([]);
    expect(afterUndo.decisions.map((d) => d.decision)).toEqual(['undone', 'undone', 'undone', 'undone']);
    const undoneHistory = afterUndo.decisions.find((d) => d.pairId === pairOf('7701000003'))?.history as string[] | undefined;
    expect(undoneHistory?.map((h) => (JSON.parse(h) as Json).decision)).toEqual(['accept', 'reject', 'undone']);
    expect((await findCandidates(driver, { database: database() })).candidates).toHaveLength(5);
    const twice = await runCli(['resolve', '--undo', file]);
    expect(twice.stdout).toContain('0 decisions undone, 0 SAME_AS removed');
    expect(await decisionState()).toEqual(afterUndo);

    function pairOf(aKey: string): string {
      return candidates.find((c) => c.a.key === aKey)?.pairId as string;
    }
  });

  it('a bad decision file is one line naming the line, field and value, and changes nothing', async () => {
    await write(GRAPH);
    const file = path.join(dir, 'bad.jsonl');
    expect((await runCli(['resolve', '--out', file])).code).toBe(0);
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const first = { ...(JSON.parse(lines[0] as string) as Json), decision: 'accept' };
    const second = { ...(JSON.parse(lines[1] as string) as Json), decision: `accept'}) DETACH DELETE n //` };
    await writeFile(file, `${JSON.stringify(first)}\n${JSON.stringify(second)}\n`);
    const run = await runCli(['resolve', '--apply', file]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      `landing-graph: CONFIG_INVALID: ${file} line 2: decision: must be "accept", "reject" or "pending" (got "accept'}) DETACH DELETE n //")`,
    ]);
    expect(await query('MATCH ()-[s:SAME_AS]->() RETURN count(s) AS n')).toEqual([{ n: 0 }]);
    expect(await query('MATCH (d:ResolveDecision) RETURN count(d) AS n')).toEqual([{ n: 0 }]);
    expect(await query('MATCH (c:Company) RETURN count(c) AS n')).toEqual([{ n: 8 }]);
  });
});
