import { addressKey, innKey, ogrnKey } from '../graph/pivots/normalize.js';
import { type Candidate, type CompanyRow, type CrowdedName, type Evidence, MAX_EVIDENCE, type ResolveOptions, type Side } from './model.js';
import { companyName } from './names.js';
import { compare, pairId, sideRef } from './pair.js';

/**
 * Company candidates (pure): companies whose names normalise alike (names.ts) and that share no identifier.
 * - company-name-address: the same registration address as well (normalised as Address pivot keys are,
 *   addressKey). Scored 0.9; 0.7 when their numbers contradict (two INNs: a company re-registered under its own
 *   name at its own address, the analyst decides whether that is "the same"); 0.1 less when legal forms differ.
 * - company-name-numbers: one side has no address (a key-only stub knows only a name and a number) and no
 *   number contradicts the other's (a stub named by INN and one named by OGRN). Scored 0.6, 0.1 less when legal
 *   forms differ. A name held by more than maxNamesakes companies proposes nothing here (it is reported).
 */

interface Company {
  side: Side;
  ref: string;
  cores: Set<string>;
  forms: Set<string>;
  address: string | undefined;
  inn: string | undefined;
  ogrn: string | undefined;
}

export function companyCandidates(
  rows: readonly CompanyRow[],
  options: ResolveOptions,
): { candidates: Candidate[]; crowded: CrowdedName[] } {
  const byCore = new Map<string, Map<string, Company>>();
  for (const row of rows) {
    const company = toCompany(row);
    for (const core of company.cores) {
      let group = byCore.get(core);
      if (!group) byCore.set(core, (group = new Map()));
      group.set(company.ref, company);
    }
  }
  const found = new Map<string, Candidate>();
  const crowded: CrowdedName[] = [];
  for (const core of [...byCore.keys()].sort(compare)) {
    const group = [...(byCore.get(core)?.values() ?? [])].sort((x, y) => compare(x.ref, y.ref));
    if (group.length < 2) continue;
    const tooMany = group.length > options.maxNamesakes;
    if (tooMany) crowded.push({ kind: 'company', name: core, count: group.length });
    const byAddress = new Map<string, Company[]>();
    for (const c of group) {
      if (c.address === undefined) continue;
      const same = byAddress.get(c.address);
      if (same) same.push(c);
      else byAddress.set(c.address, [c]);
    }
    for (const [address, same] of byAddress) {
      if (same.length > options.maxNamesakes) continue;
      forPairs(same, (x, y) => keep(found, candidate(x, y, core, address)));
    }
    if (tooMany) continue;
    forPairs(group, (x, y) => {
      if (x.address !== undefined && y.address !== undefined) return;
      if (contradiction(x, y).length > 0) return;
      keep(found, candidate(x, y, core, undefined));
    });
  }
  return { candidates: [...found.values()], crowded };
}

function toCompany(row: CompanyRow): Company {
  const names = [row.shortName, row.fullName, row.title].filter((n): n is string => typeof n === 'string');
  const cores = new Set<string>();
  const forms = new Set<string>();
  for (const name of names) {
    const { core, form } = companyName(name);
    // A core of one letter ("А") names nothing.
    if ([...core].length >= 2) cores.add(core);
    if (form !== null) forms.add(form);
  }
  const key = row.key ?? null;
  const side: Side = { kind: 'company', id: row.id, key, name: row.title ?? row.shortName ?? row.fullName ?? null };
  return {
    side,
    ref: sideRef(side),
    cores,
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

function candidate(x: Company, y: Company, core: string, address: string | undefined): Candidate {
  const [a, b] = compare(x.ref, y.ref) <= 0 ? [x, y] : [y, x];
  const evidence: Evidence[] = [{ kind: 'name', value: core }];
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
