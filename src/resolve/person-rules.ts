import { innKey } from '../graph/pivots/normalize.js';
import { forPairs, keep } from './company-rules.js';
import type { Candidate, CompanyTie, CrowdedName, Evidence, NameTie, PersonRow, ResolveOptions, Side } from './model.js';
import { personNameKey } from '../graph/names/names.js';
import { compare, pairId, sideRef } from './pair.js';
import { spelledAlike } from './person-variants.js';

/**
 * Person candidates (pure): Person pivots whose names normalise alike (personNameKey: words in any order) and
 * that are not two INNs (one Person per INN, so two INNs are two people: never a candidate).
 * - person-name-company: officers of the same company (a manager listed with an INN, a founder without one),
 *   scored 0.9;
 * - person-name-tied: officers of two companies tied by an identifier that is not a hub (cypher/resolve/
 *   company-ties.cypher: a shared address, officer, contact, one company an officer of the other, SAME_AS),
 *   scored 0.6, plus 0.1 for each further tie up to 0.8.
 * A name held by more than maxNamesakes persons pairs only officers of companies at one address or of one company
 * (it is reported as crowded).
 * Names matching across spellings, initials and a missing patronymic (name-match.ts: `Иванов И.И.`, `Ivanov
 * Ivan`) pair under the same rules and ties, 0.1 weaker per variant (at most 0.3), with a `nameMatch` evidence.
 */

type Company = PersonRow['companies'][number];

interface Person {
  side: Side;
  /** The exact name key (personNameKey). */
  key: string;
  inn: string | undefined;
  companies: Company[];
  /** Its companies' registration addresses. */
  addresses: Set<string>;
}

/** A pair of namesakes without a shared company: a candidate if their companies are tied. */
export interface PendingPair {
  name: NameTie;
  x: Person;
  y: Person;
}

export interface PersonGrouping {
  candidates: Candidate[];
  /** Pairs needing the ties of their companies (ask company-ties.cypher for `companyPairs`). */
  pending: PendingPair[];
  /** Company element ids, two by two, whose ties decide the pending pairs (each pair once, sorted). */
  companyPairs: { a: string; b: string }[];
  crowded: CrowdedName[];
}

interface Found {
  candidates: Map<string, Candidate>;
  pending: PendingPair[];
  companyPairs: Map<string, { a: string; b: string }>;
}

export function groupPersons(rows: readonly PersonRow[], options: ResolveOptions): PersonGrouping {
  const persons: Person[] = [];
  for (const row of rows) {
    const key = row.name === null ? undefined : personNameKey(row.name);
    if (key === undefined || row.companies.length === 0) continue;
    const inn = innKey(row.inn) ?? (row.key.startsWith('inn:') ? innKey(row.key.slice(4)) : undefined);
    const addresses = new Set(row.companies.flatMap((c) => (c.address ? [c.address] : [])));
    persons.push({ side: { kind: 'person', id: null, key: row.key, name: row.name }, key, inn, companies: row.companies, addresses });
  }
  persons.sort((x, y) => compare(sideRef(x.side), sideRef(y.side)));
  const byName = new Map<string, Person[]>();
  for (const person of persons) {
    const same = byName.get(person.key);
    if (same) same.push(person);
    else byName.set(person.key, [person]);
  }
  const found: Found = { candidates: new Map(), pending: [], companyPairs: new Map() };
  const crowded: CrowdedName[] = [];
  for (const name of [...byName.keys()].sort(compare)) {
    const group = byName.get(name) ?? [];
    if (group.length < 2) continue;
    const tie = { evidence: [{ kind: 'name', value: name }], penalty: 0 };
    if (group.length > options.maxNamesakes) {
      // Too common to pair everywhere: only namesakes at one address (or one company) still meet.
      crowded.push({ kind: 'person', name, count: group.length });
      for (const bucket of nearBuckets(group)) forPairs(bucket, (x, y) => pairPersons(x, y, tie, found, options));
      continue;
    }
    // The group is sorted by ref, so x is the pair's side a.
    forPairs(group, (x, y) => pairPersons(x, y, tie, found, options));
  }
  for (const [x, y, tie] of spelledAlike(persons, options.maxNamesakes, near)) pairPersons(x, y, tie, found, options);
  return {
    candidates: [...found.candidates.values()],
    pending: found.pending,
    companyPairs: [...found.companyPairs.values()],
    crowded,
  };
}

/**
 * The persons of a group by each address and company of theirs (each bucket sorted as the group): the pairs of a
 * crowded name worth a look, without comparing every two. A pair in two buckets is kept once (keep).
 */
function nearBuckets(group: readonly Person[]): Person[][] {
  const buckets = new Map<string, Person[]>();
  for (const person of group)
    for (const place of [...[...person.addresses].map((a) => `address ${a}`), ...person.companies.map((c) => `company ${c.element}`)]) {
      const same = buckets.get(place);
      if (same) same.push(person);
      else buckets.set(place, [person]);
    }
  return [...buckets.values()].filter((b) => b.length >= 2);
}

/** Officers of companies at one registration address, or of one company. */
function near(x: Person, y: Person): boolean {
  for (const a of x.addresses) if (y.addresses.has(a)) return true;
  const elements = new Set(x.companies.map((c) => c.element));
  return y.companies.some((c) => elements.has(c.element));
}

/** Two namesakes, x the side a: a candidate if they share a company, pending if their companies may be tied. */
function pairPersons(x: Person, y: Person, name: NameTie, found: Found, options: ResolveOptions): void {
  if (x.inn !== undefined && y.inn !== undefined) return;
  const inY = new Set(y.companies.map((c) => c.element));
  const shared = x.companies.filter((c) => inY.has(c.element));
  if (shared.length > 0) {
    const evidence: Evidence[] = [...name.evidence, ...shared.map((c) => ({ kind: 'company', value: companyText(c) }))];
    const score = Math.round((0.9 - name.penalty) * 100) / 100;
    keep(found.candidates, { pairId: pairId(x.side, y.side), rule: 'person-name-company', score, a: x.side, b: y.side, evidence });
    return;
  }
  // An officer of more companies than maxShared is a hub (a nominee): pairing all their companies would
  // read company pairs by the hundred thousand, and ties through a nominee say nothing.
  if (x.companies.length > options.maxShared || y.companies.length > options.maxShared) return;
  found.pending.push({ name, x, y });
  for (const cx of x.companies)
    for (const cy of y.companies) {
      const [a, b] = [cx.element, cy.element].sort(compare) as [string, string];
      found.companyPairs.set(`${a}\n${b}`, { a, b });
    }
}

/** The pending pairs whose companies are tied, with the ties as evidence. */
export function tiedCandidates(pending: readonly PendingPair[], ties: readonly CompanyTie[]): Candidate[] {
  const byPair = new Map<string, CompanyTie[]>();
  for (const tie of ties) {
    const k = [tie.a, tie.b].sort(compare).join('\n');
    const same = byPair.get(k);
    if (same) same.push(tie);
    else byPair.set(k, [tie]);
  }
  const found = new Map<string, Candidate>();
  for (const { name, x, y } of pending) {
    const evidence: Evidence[] = [];
    for (const cx of x.companies)
      for (const cy of y.companies) {
        const tied = byPair.get([cx.element, cy.element].sort(compare).join('\n')) ?? [];
        if (tied.length === 0) continue;
        evidence.push({ kind: 'companies', value: `${companyText(cx)} / ${companyText(cy)}` });
        const seen = new Set<string>();
        for (const t of [...tied].sort((s, u) => compare(s.kind, u.kind) || compare(s.value, u.value))) {
          if (seen.has(`${t.kind}\n${t.value}`)) continue;
          seen.add(`${t.kind}\n${t.value}`);
          evidence.push({ kind: t.kind, value: t.value });
        }
      }
    const tieCount = evidence.filter((e) => e.kind !== 'companies').length;
    if (tieCount === 0) continue;
    const score = Math.round((0.6 + 0.1 * Math.min(2, tieCount - 1) - name.penalty) * 100) / 100;
    keep(found, {
      pairId: pairId(x.side, y.side),
      rule: 'person-name-tied',
      score,
      a: x.side,
      b: y.side,
      evidence: [...name.evidence, ...evidence],
    });
  }
  return [...found.values()];
}

function companyText(c: Company): string {
  const ref = sideRef({ kind: 'company', id: c.id, key: c.key });
  return c.name ? `${ref} ${c.name}` : ref;
}
