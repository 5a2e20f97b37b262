import type { Driver, ManagedTransaction } from 'neo4j-driver';
import { LandingGraphError, quoteValue } from '../errors.js';
import { inReadTransaction, inWriteTransaction, runNamed, runText, type Row } from '../store/executor.js';
import { walkScope } from '../store/scope.js';
import { toNumberOrNull } from '../store/numbers.js';
import { publicInfrastructureParameters } from '../graph/public-infrastructure.js';
import { type Flag, type FlagEvidence, type FlagRecord, type FlagScope, type FlagShared, flagUid, sortFlags } from './model.js';
import { type FlagRule, loadRules } from './rules.js';

export interface FlagOptions {
  /** Default: the server's default database. */
  database?: string | undefined;
  /** Rules to run, by id. Default: every rule of cypher/flags/rules/. */
  rules?: readonly string[];
  /** Write the hits as :Flag nodes and retire those no longer found. Default: true. */
  write?: boolean;
  /** The run's time (computedAt, lastSeenAt). Default: now. */
  now?: Date;
}

export interface FlagResult {
  flags: Flag[];
  /** Rules run, by id. */
  rules: string[];
  /** Records the rules looked at; null for the whole graph. */
  scope: number | null;
  written: { written: number; retired: number } | null;
}

/**
 * Run the rules over the current graph in one read transaction (the scope's records, or all), then write the hits
 * and retire the flags of these rules on the same records that no longer fire, in one write transaction. Rerun on an
 * unchanged graph, it changes nothing but the times: the same uid, score and evidence.
 */
export async function computeFlags(driver: Driver, scope: FlagScope, options: FlagOptions = {}): Promise<FlagResult> {
  const all = loadRules();
  const rules = options.rules ? options.rules.map((id) => ruleById(all, id)) : all;
  const now = (options.now ?? new Date()).toISOString();
  const read = await inReadTransaction(
    driver,
    async (tx) => {
      const elements = await scopeElements(tx, scope);
      const flags: (Flag & { element: string })[] = [];
      const infrastructure = publicInfrastructureParameters();
      for (const rule of rules) {
        const params = Object.fromEntries(rule.thresholds.map((t) => [t.name, t.default]));
        const rows = await runText(tx, rule.statement, { scope: elements, ...infrastructure, ...params }, {}, `flag rule ${rule.id}`);
        for (const row of rows) flags.push(flagOf(rule, row));
      }
      return { flags, elements };
    },
    { database: options.database },
    'the flags',
  );
  let written: FlagResult['written'] = null;
  if (options.write ?? true) {
    written = await inWriteTransaction(
      driver,
      async (tx) => {
        const rows = read.flags.map((f) => ({
          uid: flagUid(f.rule, f.record),
          rule: f.rule,
          severity: f.severity,
          score: f.score,
          evidence: JSON.stringify(f.evidence),
          facts: f.evidence.map((e) => e.fact),
          element: f.element,
        }));
        const [w] = await runNamed(tx, 'flags/write', { flags: rows, now });
        const [r] = await runNamed(tx, 'flags/retire', { rules: rules.map((x) => x.id), scope: read.elements, now });
        return { written: Number(w?.written ?? 0), retired: Number(r?.retired ?? 0) };
      },
      { database: options.database },
      'writing the flags',
    );
  }
  const flags = sortFlags(read.flags.map(({ element: _element, ...flag }) => flag));
  return { flags, rules: rules.map((r) => r.id), scope: read.elements?.length ?? null, written };
}

function ruleById(rules: readonly FlagRule[], id: string): FlagRule {
  const rule = rules.find((r) => r.id === id);
  if (!rule) {
    throw new LandingGraphError(
      'CONFIG_INVALID',
      `--rule: unknown rule ${quoteValue(id)}; the rules are ${rules.map((r) => r.id).join(', ')}`,
    );
  }
  return rule;
}

async function scopeElements(tx: ManagedTransaction, scope: FlagScope): Promise<string[] | null> {
  if (scope.type === 'all') return null;
  if (scope.type === 'crawl') {
    const [row] = await runNamed(tx, 'flags/crawl-records', { crawlId: scope.crawlId });
    return (row?.elements as string[] | undefined) ?? [];
  }
  // The records of `<seeds> --depth N` (docs/scope.md): the ball a crawl of the seeds to that depth fetches.
  return (await walkScope(tx, scope.seeds, { depth: scope.depth })).elementIds;
}

function flagOf(rule: FlagRule, row: Row): Flag & { element: string } {
  return {
    rule: rule.id,
    severity: rule.severity,
    score: Math.round(Number(row.score) * 1000) / 1000,
    record: recordOf(row),
    evidence: (Array.isArray(row.evidence) ? row.evidence : []).map(
      (e: Row): FlagEvidence => ({
        fact: String(e.fact ?? ''),
        records: (Array.isArray(e.records) ? e.records : []).map((r: Row) => recordOf(r)),
      }),
    ),
    shared: sharedOf(row.shared),
    element: String(row.element),
  };
}

/** A record as a rule returns it (`kind, id, key, title`), named as people name it: a company by its title. */
function recordOf(row: Row): FlagRecord {
  const kind = String(row.kind);
  const key = textOrNull(row.key);
  const title = textOrNull(row.title);
  return { kind, id: toNumberOrNull(row.id), key, name: kind === 'company' || kind === 'branch' ? title : (key ?? title) };
}

function sharedOf(value: unknown): FlagShared | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Row;
  const key = String(v.key);
  return { kind: String(v.kind), key, name: textOrNull(v.name) ?? key, fact: String(v.fact ?? '') };
}

const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
