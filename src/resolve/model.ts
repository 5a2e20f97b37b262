/**
 * Resolve: candidates for "probably the same entity" that share no identifier, and the analyst's decisions on
 * them. Read (cypher/resolve/*.cypher, one statement per rule) -> pure rules (company-rules.ts,
 * person-rules.ts) -> candidates; decisions come back from a reviewable JSON Lines file (decisions.ts) and are
 * written as SAME_AS relationships (store.ts). Nodes are never merged.
 */

import { DEFAULT_MAX_SHARED } from '../graph/hub-bound.js';

/** The kinds of node a candidate pairs: Company records (fetched or key-only stubs) and Person pivots. */
export const SIDE_KINDS = ['company', 'person'] as const;
export type SideKind = (typeof SIDE_KINDS)[number];

/** One side of a pair: a Company by its key (INN, else OGRN) or page number, a Person pivot by its key. */
export interface Side {
  kind: SideKind;
  /** Page number; null for a key-only stub and for persons. */
  id: number | null;
  /** Company key, or the Person pivot key (`inn:<INN>`, `name:<folded>@company#<id>`). */
  key: string | null;
  /** As shown (a company's title, a person's name); null when unknown. */
  name: string | null;
}

/**
 * The rules, strongest first. `manual` is a pair an analyst wrote into the decision file by hand.
 * - company-name-address: same normalised name and same normalised registration address;
 * - company-name-numbers: same normalised name, one side without an address (a stub), numbers not contradicting;
 * - person-name-company: same normalised name, at most one INN, officers of the same company;
 * - person-name-tied: same normalised name, at most one INN, officers of two companies tied by an identifier.
 */
export const RULES = ['company-name-address', 'company-name-numbers', 'person-name-company', 'person-name-tied', 'manual'] as const;
export type Rule = (typeof RULES)[number];

/** Why a pair was proposed: `kind` names the fact (name, address, numbers, company, phone, …), `value` shows it. */
export interface Evidence {
  kind: string;
  value: string;
}

/** How two sides' names tie them: the name evidence (`name`, and `nameMatch` across spellings) and its cost off the score. */
export interface NameTie {
  evidence: Evidence[];
  penalty: number;
}

export interface Candidate {
  /** `pair-` + 16 hex digits of the SHA-256 of the two side refs, sorted: the same pair, the same id. */
  pairId: string;
  rule: Rule;
  /** 0..1, from the rule and its evidence (docs/resolve.md). */
  score: number;
  /** The side whose ref sorts first. */
  a: Side;
  b: Side;
  evidence: Evidence[];
}

/** A Company node as cypher/resolve/companies.cypher reads it. */
export interface CompanyRow {
  id: number | null;
  key: string | null;
  status: string | null;
  title: string | null;
  fullName: string | null;
  shortName: string | null;
  inn: string | null;
  ogrn: string | null;
  registrationAddress: string | null;
}

/** A Person pivot with the companies it is a current officer of (cypher/resolve/persons.cypher). */
export interface PersonRow {
  key: string;
  name: string | null;
  inn: string | null;
  /** `element` is the node's element id, valid within the read transaction (to ask for ties). */
  companies: { id: number | null; key: string | null; name: string | null; element: string; address?: string | null }[];
}

/** An identifier two companies share (cypher/resolve/company-ties.cypher), not a hub. */
export interface CompanyTie {
  a: string;
  b: string;
  kind: string;
  value: string;
}

export interface ResolveOptions {
  /** A normalised name held by more companies, or more persons, than this proposes nothing (a common name). Default 10. */
  maxNamesakes: number;
  /** An identifier shared by more records than this does not tie two companies (as `networks --max-shared`). Default: DEFAULT_MAX_SHARED. */
  maxShared: number;
  /** Candidates scoring lower are left out. Default 0. */
  minScore: number;
}

export const DEFAULT_MAX_NAMESAKES = 10;

/** Evidence entries a candidate keeps (and a decision file line may hold): enough to judge, bounded for the file. */
export const MAX_EVIDENCE = 100;

export const DEFAULT_RESOLVE_OPTIONS: ResolveOptions = { maxNamesakes: DEFAULT_MAX_NAMESAKES, maxShared: DEFAULT_MAX_SHARED, minScore: 0 };

/** A name too common to propose anything, reported instead. */
export interface CrowdedName {
  kind: SideKind;
  name: string;
  count: number;
}

export interface CandidateResult {
  /** Highest score first, then by pair id. */
  candidates: Candidate[];
  crowded: CrowdedName[];
}
