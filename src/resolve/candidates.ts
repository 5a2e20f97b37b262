import { companyCandidates } from './company-rules.js';
import type { Candidate, CandidateResult, CompanyRow, CompanyTie, ResolveOptions } from './model.js';
import { compare } from './pair.js';
import { type PersonGrouping, tiedCandidates } from './person-rules.js';

/**
 * Every rule's candidates, one per pair (the strongest rule), without the pairs an applied decision file accepted
 * or rejected and below `minScore`; highest score first, then by pair id. Pure.
 */
export function collectCandidates(
  companies: readonly CompanyRow[],
  persons: PersonGrouping,
  ties: readonly CompanyTie[],
  decided: ReadonlySet<string>,
  options: ResolveOptions,
): CandidateResult {
  const byCompany = companyCandidates(companies, options);
  const all: Candidate[] = [...byCompany.candidates, ...persons.candidates, ...tiedCandidates(persons.pending, ties)];
  const best = new Map<string, Candidate>();
  for (const c of all) {
    if (decided.has(c.pairId) || c.score < options.minScore) continue;
    const known = best.get(c.pairId);
    if (!known || c.score > known.score) best.set(c.pairId, c);
  }
  const candidates = [...best.values()].sort((x, y) => y.score - x.score || compare(x.pairId, y.pairId));
  const crowded = [...byCompany.crowded, ...persons.crowded].sort((x, y) => y.count - x.count || compare(x.name, y.name));
  return { candidates, crowded };
}
