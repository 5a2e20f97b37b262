/** Resolve: candidates read (store.ts), found by pure rules (candidates.ts), decided in a file (decisions.ts), applied as SAME_AS. */
import type { Driver } from 'neo4j-driver';
import { collectCandidates } from './candidates.js';
import { type Decision, type DecisionLine, referencesOf, settleDecisions } from './decisions.js';
import { type CandidateResult, DEFAULT_RESOLVE_OPTIONS, type ResolveOptions } from './model.js';
import { groupPersons, type PersonGrouping } from './person-rules.js';
import { lookupReferences } from './reference-store.js';
import { readResolveRows } from './store.js';

export * from './model.js';
export { collectCandidates } from './candidates.js';
export { companyCandidates } from './company-rules.js';
export {
  candidateLine,
  type Decision,
  type DecisionLine,
  DECISIONS,
  mergeCandidates,
  parseDecisionLines,
  parseDecisions,
  settleDecisions,
} from './decisions.js';
export { candidatesCsv, candidatesJson, candidatesTable, crowdedLine } from './format.js';
export { companyNameMatch, type NameMatch, personNameMatch, type Variant } from '../graph/names/name-match.js';
export { companyName, personNameKey } from '../graph/names/names.js';
export { pairId, sideRef } from './pair.js';
export { lookupReferences } from './reference-store.js';
export { parseReference, type Reference } from './references.js';
export { groupPersons, tiedCandidates } from './person-rules.js';
export { type ApplyResult, applyDecisions, undoDecisions } from './store.js';

export interface FindOptions extends Partial<ResolveOptions> {
  database?: string | undefined;
}

/** read -> pure rules: the candidates of the whole graph, without pairs already accepted or rejected. */
export async function findCandidates(driver: Driver, options: FindOptions = {}): Promise<CandidateResult> {
  const o: ResolveOptions = {
    maxNamesakes: options.maxNamesakes ?? DEFAULT_RESOLVE_OPTIONS.maxNamesakes,
    maxShared: options.maxShared ?? DEFAULT_RESOLVE_OPTIONS.maxShared,
    minScore: options.minScore ?? DEFAULT_RESOLVE_OPTIONS.minScore,
  };
  let persons: PersonGrouping | undefined;
  const rows = await readResolveRows(
    driver,
    (read) => {
      persons = groupPersons(read, o);
      return { pairs: persons.companyPairs, maxShared: o.maxShared };
    },
    { database: options.database },
  );
  return collectCandidates(rows.companies, persons ?? groupPersons([], o), rows.ties, rows.decided, o);
}

/**
 * The decisions of a parsed decision file, its hand-written sides looked up in the graph (one read): a CONFIG_INVALID
 * error for the first line whose side names no node or several, or that repeats a pair. Nothing is written.
 */
export async function settleDecisionFile(
  driver: Driver,
  lines: readonly DecisionLine[],
  file: string,
  options: { database?: string | undefined } = {},
): Promise<Decision[]> {
  const named = await lookupReferences(driver, referencesOf(lines), options);
  return settleDecisions(lines, file, named);
}
