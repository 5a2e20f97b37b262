import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseLandingRecord } from '../../src/api/schemas/index.js';
import { mapFetchedRecord } from '../../src/graph/map-record.js';
import { pivotsOf } from '../../src/graph/pivots/index.js';
import { type Candidate, findCandidates } from '../../src/resolve/index.js';
import { inWriteTransaction } from '../../src/store/executor.js';
import { writeGraph } from '../../src/store/graph-writer.js';
import { writePivots } from '../../src/store/pivot-writer.js';
import { fullRecord, type Json } from '../api/schemas/records.js';
import { runCli } from '../support/cli.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

/**
 * `resolve` on a real Neo4j with names spelled across scripts and with initials: `ООО «Ромашка»` and
 * `Romashka LLC` at one address meet, `Иванов И.И.` meets `Иванов Иван Иванович` at their company and `Ivanov
 * Ivan` at a company tied by the address; `ООО «Ромашка-Плюс»`, `Иванова И.И.` and `Иванов П.И.` meet no one.
 */

const T1 = '2026-11-25T12:00:00.000Z';
const ARBAT = '119002, г. Москва, ул. Арбат, д. 10';
const noLists = { relatedDomains: [], relatedCompanies: [], relatedPhones: [], relatedEmails: [], relatedBranches: [] };

type Person = { inn?: string | null; name: string; post: string; type: string };

/** A company record with its own name, numbers, address and officers, and nothing else that ties. */
function company(id: number, name: string, inn: string, address: string, managers: Person[], founders: Person[]): Json {
  const r = fullRecord('company');
  Object.assign(r, { id, title: name, ...noLists, similarCompanies: [], competitorCompanies: [] });
  Object.assign(r.companyInfo as Json, { shortName: name, fullName: null, registrationAddress: address });
  Object.assign(r.companyRequisites as Json, { inn, ogrn: `10277${inn.slice(2)}`, mainOkved: null, otherOkveds: [] });
  const person = (p: Person) => ({ ogrn: null, inn: null, ...p });
  r.companyManagersAndFounders = { managers: managers.map(person), founders: founders.map(person) };
  r.companyPredecessorsAndSuccessors = null;
  r.companyContacts = null;
  return r;
}

const founder = (name: string): Person => ({ name, post: 'Участник', type: 'person' });

const GRAPH = [
  company(
    31001,
    'ООО «Ромашка»',
    '7701000011',
    ARBAT,
    [{ inn: '770412345601', name: 'Иванов Иван Иванович', post: 'Генеральный директор', type: 'person' }],
    [founder('Иванов И.И.'), founder('Иванова И.И.'), founder('Иванов П.И.')],
  ),
  company(31002, 'Romashka LLC', '7701000012', 'г.Москва ул.Арбат д.10', [{ name: 'Ivanov Ivan', post: 'Director', type: 'person' }], []),
  company(31003, 'ООО «Ромашка-Плюс»', '7701000013', ARBAT, [], []),
];

describe('resolve across spellings on a real Neo4j', () => {
  let driver: Driver;
  const database = () => testConnection().database;

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

  beforeAll(async () => {
    driver = await openTestDriver();
  });
  beforeEach(async () => resetGraph(driver));
  afterAll(async () => driver?.close());

  it('proposes the pairs that match across scripts and initials, with the variant as evidence, and nothing else', async () => {
    await write(GRAPH);
    const { candidates } = await findCandidates(driver, { database: database() });
    const short = (c: Candidate) => [c.rule, c.score, c.a.name, c.b.name, c.evidence.find((e) => e.kind === 'nameMatch')?.value];
    expect(candidates.map(short)).toEqual([
      ['person-name-company', 0.8, 'Иванов Иван Иванович', 'Иванов И.И.', 'initials: Иванов Иван Иванович / Иванов И.И.'],
      ['company-name-address', 0.6, 'ООО «Ромашка»', 'Romashka LLC', 'transliteration: ООО «Ромашка» / Romashka LLC'],
      [
        'person-name-tied',
        0.4,
        'Иванов Иван Иванович',
        'Ivanov Ivan',
        'no patronymic, transliteration: Иванов Иван Иванович / Ivanov Ivan',
      ],
      expect.arrayContaining(['person-name-tied', 0.3, 'Иванов И.И.', 'Ivanov Ivan']),
    ]);
    const tied = candidates.filter((c) => c.rule === 'person-name-tied');
    for (const c of tied) expect(c.evidence).toContainEqual({ kind: 'address', value: 'г москва ул арбат д 10' });

    // The CLI prints the same candidates.
    const json = await runCli(['resolve', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { candidates: Candidate[] }).candidates).toEqual(candidates);
  });
});
