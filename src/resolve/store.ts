import { toNumberOrNull } from '../store/numbers.js';
import type { Driver } from 'neo4j-driver';
import { inReadTransaction, inWriteTransaction, runNamed } from '../store/executor.js';
import type { Decision } from './decisions.js';
import type { CompanyRow, CompanyTie, PersonRow } from './model.js';
import { sideRef } from './pair.js';

/** Neo4j side of `resolve`: the rule reads (cypher/resolve/*.cypher) and the decision writers. */

export interface StoreOptions {
  database?: string | undefined;
}

export interface ResolveRows {
  companies: CompanyRow[];
  persons: PersonRow[];
  /** Pair ids accepted or rejected by an applied decision file. */
  decided: Set<string>;
  /** What ties the company pairs the person rules asked about. */
  ties: CompanyTie[];
}

/**
 * Read everything the rules need in one read transaction: companies, persons, the decided pairs, then the ties of
 * the company pairs `tiesFor` asks for once it has grouped the persons.
 */
export async function readResolveRows(
  driver: Driver,
  tiesFor: (persons: PersonRow[]) => { pairs: { a: string; b: string }[]; maxShared: number },
  options: StoreOptions = {},
): Promise<ResolveRows> {
  return inReadTransaction(
    driver,
    async (tx) => {
      const companies = (await runNamed(tx, 'resolve/companies')).map(toCompanyRow);
      const persons = (await runNamed(tx, 'resolve/persons')).map(toPersonRow);
      const decided = new Set((await runNamed(tx, 'resolve/decided')).map((r) => String(r.pairId)));
      const { pairs, maxShared } = tiesFor(persons);
      const ties: CompanyTie[] = [];
      for (let i = 0; i < pairs.length; i += 1000) {
        const rows = await runNamed(tx, 'resolve/company-ties', { pairs: pairs.slice(i, i + 1000), maxShared });
        for (const r of rows) ties.push({ a: String(r.a), b: String(r.b), kind: String(r.kind), value: String(r.value) });
      }
      return { companies, persons, decided, ties };
    },
    { database: options.database },
    'reading resolve candidates',
  );
}

export interface ApplyResult {
  accepted: number;
  rejected: number;
  /** Set back to pending (their SAME_AS removed). */
  reverted: number;
  unchanged: number;
  /** Pending lines for pairs never decided: nothing to do. */
  pending: number;
  /** Accepted pairs whose sides the graph does not hold (refs as `a / b`). */
  missing: string[];
}

/** Apply a parsed decision file in one write transaction (cypher/resolve/find-sides, apply-decisions). */
export async function applyDecisions(
  driver: Driver,
  decisions: readonly Decision[],
  source: string,
  now: Date,
  options: StoreOptions = {},
): Promise<ApplyResult> {
  const at = now.toISOString();
  return inWriteTransaction(
    driver,
    async (tx) => {
      const sides = new Map<string, { ref: string; kind: string; id: number | null; key: string | null }>();
      for (const d of decisions) for (const s of [d.a, d.b]) sides.set(sideRef(s), { ref: sideRef(s), kind: s.kind, id: s.id, key: s.key });
      const found = new Map<string, string | null>();
      for (const r of await runNamed(tx, 'resolve/find-sides', { sides: [...sides.values()] }))
        found.set(String(r.ref), r.element === null || r.element === undefined ? null : String(r.element));
      const missing: string[] = [];
      const rows = [];
      for (const d of decisions) {
        const a = found.get(sideRef(d.a)) ?? null;
        const b = found.get(sideRef(d.b)) ?? null;
        if (d.decision === 'accept' && (a === null || b === null)) {
          missing.push(`${sideRef(d.a)} / ${sideRef(d.b)}`);
          continue;
        }
        const entry = JSON.stringify({ at, decision: d.decision, rule: d.rule, by: d.by, note: d.note, file: source, line: d.line });
        rows.push({
          pairId: d.pairId,
          decision: d.decision,
          rule: d.rule,
          score: d.score,
          aRef: sideRef(d.a),
          bRef: sideRef(d.b),
          a,
          b,
          by: d.by,
          note: d.note,
          entry,
        });
      }
      const result: ApplyResult = { accepted: 0, rejected: 0, reverted: 0, unchanged: 0, pending: 0, missing };
      const applied = new Set<string>();
      for (let i = 0; i < rows.length; i += 1000) {
        for (const r of await runNamed(tx, 'resolve/apply-decisions', { decisions: rows.slice(i, i + 1000), now: at })) {
          applied.add(String(r.pairId));
          if (r.before === r.after) result.unchanged++;
          else if (r.after === 'accept') result.accepted++;
          else if (r.after === 'reject') result.rejected++;
          else result.reverted++;
        }
      }
      result.pending = rows.filter((r) => !applied.has(r.pairId)).length;
      return result;
    },
    { database: options.database, timeoutMs: 600_000 },
    'applying resolve decisions',
  );
}

/** Undo the pairs of a decision file (cypher/resolve/undo-decisions): SAME_AS removed, decisions kept as 'undone'. */
export async function undoDecisions(
  driver: Driver,
  decisions: readonly Decision[],
  source: string,
  now: Date,
  options: StoreOptions = {},
): Promise<{ undone: number; sameAsRemoved: number }> {
  const at = now.toISOString();
  return inWriteTransaction(
    driver,
    async (tx) => {
      const undo = decisions.map((d) => ({
        pairId: d.pairId,
        decision: d.decision,
        entry: JSON.stringify({ at, decision: 'undone', file: source, line: d.line }),
      }));
      let undone = 0;
      let sameAsRemoved = 0;
      for (let i = 0; i < undo.length; i += 1000) {
        for (const r of await runNamed(tx, 'resolve/undo-decisions', { undo: undo.slice(i, i + 1000), now: at })) {
          undone++;
          if (r.before === 'accept') sameAsRemoved++;
        }
      }
      return { undone, sameAsRemoved };
    },
    { database: options.database, timeoutMs: 600_000 },
    'undoing resolve decisions',
  );
}

/** A Neo4j value as text, null when absent. */
export function str(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** A Neo4j integer (or number) as a number, null when absent. */
export function num(value: unknown): number | null {
  return toNumberOrNull(value);
}

/** A row of cypher/resolve/companies.cypher. */
export function toCompanyRow(r: Record<string, unknown>): CompanyRow {
  return {
    id: num(r.id),
    key: str(r.key),
    status: str(r.status),
    title: str(r.title),
    fullName: str(r.fullName),
    shortName: str(r.shortName),
    inn: str(r.inn),
    ogrn: str(r.ogrn),
    registrationAddress: str(r.registrationAddress),
  };
}

/** A row of cypher/resolve/persons.cypher. */
export function toPersonRow(r: Record<string, unknown>): PersonRow {
  const companies = Array.isArray(r.companies) ? (r.companies as Record<string, unknown>[]) : [];
  return {
    key: String(r.key),
    name: str(r.name),
    inn: str(r.inn),
    companies: companies.map((c) => ({
      id: num(c.id),
      key: str(c.key),
      name: str(c.name),
      element: String(c.element),
      address: str(c.address),
    })),
  };
}
