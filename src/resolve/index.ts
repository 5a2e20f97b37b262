/** Resolve: candidates read (store.ts), found by pure rules (candidates.ts), decided in a file (decisions.ts), applied as SAME_AS. */
import type { Driver } from 'neo4j-driver';
import { collectCandidates } from './candidates.js';
import { type CandidateResult, DEFAULT_RESOLVE_OPTIONS, type ResolveOptions } from './model.js';
import { groupPersons, type PersonGrouping } from './person-rules.js';
import { readResolveRows } from './store.js';

export * from './model.js';
export { collectCandidates } from './candidates.js';
export { companyCandidates } from './company-rules.js';
export { candidateLine, type Decision, DECISIONS, mergeCandidates, parseDecisions } from './decisions.js';
export { candidatesJson, candidatesTable, crowdedLine } from './format.js';
export { companyName, personNameKey } from './names.js';
export { pairId, sideRef } from './pair.js';
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
