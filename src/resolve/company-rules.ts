import { addressKey, innKey, ogrnKey } from '../graph/pivots/normalize.js';
import {
  type Candidate,
  type CompanyRow,
  type CrowdedName,
  type Evidence,
  MAX_EVIDENCE,
  type NameTie,
  type ResolveOptions,
  type Side,
} from './model.js';
import { companyNameMatch, companySpellingKey, type NameMatch } from '../graph/names/name-match.js';
import { companyName } from '../graph/names/names.js';
import { compare, pairId, sideRef } from './pair.js';

/**
 * Company candidates (pure): companies whose names normalise alike (names.ts) and that share no identifier.
 * - company-name-address: the same registration address as well (normalised as Address pivot keys are,
 *   addressKey). Scored 0.9; 0.7 when their numbers contradict (two INNs: a company re-registered under its own
 *   name at its own address, the analyst decides whether that is "the same"); 0.1 less when legal forms differ.
 * - company-name-numbers: one side has no address (a key-only stub knows only a name and a number) and no
 *   number contradicts the other's (a stub named by INN and one named by OGRN). Scored 0.6, 0.1 less when legal
 *   forms differ. A name held by more than maxNamesakes companies proposes nothing here (it is reported).
 * Names matching across spellings (name-match.ts: `ООО «Ромашка»`, `Romashka LLC`) pair under the same rules and
 * ties, 0.1 weaker, with a `nameMatch` evidence naming the variant and the two names.
 */

interface Company {
  side: Side;
  ref: string;
  /** The names as written (title, short, full). */
  names: string[];
  cores: Set<string>;
  /** The cores' keys across spellings (companySpellingKey). */
  spellings: Set<string>;
  forms: Set<string>;
  address: string | undefined;
  inn: string | undefined;
  ogrn: string | undefined;
}

export function companyCandidates(
  rows: readonly CompanyRow[],
  options: ResolveOptions,
): { candidates: Candidate[]; crowded: CrowdedName[] } {
  const companies = rows.map(toCompany);
  const found = new Map<string, Candidate>();
  const crowded: CrowdedName[] = [];
  const byCore = groupBy(companies, (c) => c.cores);
  for (const core of [...byCore.keys()].sort(compare)) {
    const group = byCore.get(core) ?? [];
    if (group.length < 2) continue;
    if (group.length > options.maxNamesakes) crowded.push({ kind: 'company', name: core, count: group.length });
    pairGroup(group, () => ({ evidence: [{ kind: 'name', value: core }], penalty: 0 }), found, options);
  }
  // Across spellings (name-match.ts): pairs sharing no core whose names match otherwise, a step weaker.
  const bySpelling = groupBy(companies, (c) => c.spellings);
  for (const key of [...bySpelling.keys()].sort(compare)) {
    const group = bySpelling.get(key) ?? [];
    if (group.length >= 2) pairGroup(group, spelledAlike, found, options);
  }
  return { candidates: [...found.values()], crowded };
}

/** Companies by each of their keys (cores or spellings), each group sorted by ref. */
function groupBy(companies: readonly Company[], keys: (c: Company) => Set<string>): Map<string, Company[]> {
  const groups = new Map<string, Map<string, Company>>();
  for (const company of companies)
    for (const key of keys(company)) {
      let group = groups.get(key);
      if (!group) groups.set(key, (group = new Map()));
      group.set(company.ref, company);
    }
  return new Map([...groups].map(([key, group]) => [key, [...group.values()].sort((x, y) => compare(x.ref, y.ref))]));
}

/**
 * The candidates among companies of one name: those at one address (company-name-address), then, unless the name
 * is held by more than maxNamesakes, those of which one has no address and no number contradicts (company-name-numbers).
 */
function pairGroup(
  group: Company[],
  name: (a: Company, b: Company) => NameTie | undefined,
  found: Map<string, Candidate>,
  options: ResolveOptions,
): void {
  const byAddress = new Map<string, Company[]>();
  for (const c of group) {
    if (c.address === undefined) continue;
    const same = byAddress.get(c.address);
    if (same) same.push(c);
    else byAddress.set(c.address, [c]);
  }
  const add = (c: Candidate | undefined) => c && keep(found, c);
  for (const [address, same] of byAddress) {
    if (same.length > options.maxNamesakes) continue;
    forPairs(same, (x, y) => add(candidate(x, y, name, address)));
  }
  if (group.length > options.maxNamesakes) return;
  forPairs(group, (x, y) => {
    if (x.address !== undefined && y.address !== undefined) return;
    if (contradiction(x, y).length > 0) return;
    add(candidate(x, y, name, undefined));
  });
}

/** Two companies with no core in common whose names match across spellings: the best-matching two names. */
function spelledAlike(a: Company, b: Company): NameTie | undefined {
  if ([...a.cores].some((core) => b.cores.has(core))) return undefined;
  let best: { na: string; nb: string; match: NameMatch } | undefined;
  for (const na of a.names)
    for (const nb of b.names) {
      const match = companyNameMatch(na, nb);
      if (match && (!best || match.penalty < best.match.penalty)) best = { na, nb, match };
    }
  if (!best) return undefined;
  return {
    evidence: [
      { kind: 'name', value: `${companyName(best.na).core} / ${companyName(best.nb).core}` },
      { kind: 'nameMatch', value: `${best.match.how.join(', ')}: ${best.na} / ${best.nb}` },
    ],
    penalty: best.match.penalty,
  };
}

function toCompany(row: CompanyRow): Company {
  const names = [row.shortName, row.fullName, row.title].filter((n): n is string => typeof n === 'string');
  const cores = new Set<string>();
  const spellings = new Set<string>();
  const forms = new Set<string>();
  for (const name of names) {
    const { core, form } = companyName(name);
    // A core of one letter ("А") names nothing.
    if ([...core].length >= 2) {
      cores.add(core);
      const spelling = companySpellingKey(core);
      if (spelling !== '') spellings.add(spelling);
    }
    if (form !== null) forms.add(form);
  }
  const key = row.key ?? null;
  const side: Side = { kind: 'company', id: row.id, key, name: row.title ?? row.shortName ?? row.fullName ?? null };
  return {
    side,
    ref: sideRef(side),
    names,
    cores,
    spellings,
    forms,
    address: row.registrationAddress ? addressKey(row.registrationAddress) : undefined,
    inn: innKey(row.inn) ?? innKey(key),
    ogrn: ogrnKey(row.ogrn) ?? ogrnKey(key),
  };
}

/** The numbers both sides state and that differ ("inn 7701234567 / 7701234568"). */
function contradiction(x: Company, y: Company): string[] {
  const out: string[] = [];
  if (x.inn && y.inn && x.inn !== y.inn) out.push(`inn ${x.inn} / ${y.inn}`);
  if (x.ogrn && y.ogrn && x.ogrn !== y.ogrn) out.push(`ogrn ${x.ogrn} / ${y.ogrn}`);
  return out;
}

function candidate(
  x: Company,
  y: Company,
  name: (a: Company, b: Company) => NameTie | undefined,
  address: string | undefined,
): Candidate | undefined {
  const [a, b] = compare(x.ref, y.ref) <= 0 ? [x, y] : [y, x];
  const tie = name(a, b);
  if (!tie) return undefined;
  const evidence: Evidence[] = [...tie.evidence];
  let score: number;
  const differ = contradiction(a, b);
  if (address !== undefined) {
    evidence.push({ kind: 'address', value: address });
    score = differ.length > 0 ? 0.7 : 0.9;
  } else {
    evidence.push({ kind: 'address', value: `${a.address ?? '—'} / ${b.address ?? '—'}` });
    score = 0.6;
  }
  const numbers = (c: Company) => [c.inn && `inn ${c.inn}`, c.ogrn && `ogrn ${c.ogrn}`].filter(Boolean).join(' ') || '—';
  evidence.push({ kind: 'numbers', value: differ.length > 0 ? `differ: ${differ.join('; ')}` : `${numbers(a)} / ${numbers(b)}` });
  if (a.forms.size > 0 && b.forms.size > 0 && ![...a.forms].some((f) => b.forms.has(f))) {
    evidence.push({ kind: 'legalForm', value: `${[...a.forms].sort(compare).join(',')} / ${[...b.forms].sort(compare).join(',')}` });
    score -= 0.1;
  }
  score -= tie.penalty;
  return {
    pairId: pairId(a.side, b.side),
    rule: address !== undefined ? 'company-name-address' : 'company-name-numbers',
    score: Math.round(score * 100) / 100,
    a: a.side,
    b: b.side,
    evidence,
  };
}

/** One candidate per pair: the higher score (two names of one company may both match). */
export function keep(found: Map<string, Candidate>, c: Candidate): void {
  const known = found.get(c.pairId);
  // The decision file refuses longer evidence (decisions.ts): what resolve writes it must read back.
  const bounded = c.evidence.length > MAX_EVIDENCE ? { ...c, evidence: c.evidence.slice(0, MAX_EVIDENCE) } : c;
  if (!known || c.score > known.score) found.set(c.pairId, bounded);
}

export function forPairs<T>(items: readonly T[], visit: (x: T, y: T) => void): void {
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) visit(items[i] as T, items[j] as T);
}
