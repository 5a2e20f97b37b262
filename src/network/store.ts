import { toNumber } from '../store/numbers.js';
import type { Driver, ManagedTransaction } from 'neo4j-driver';
import { isLandingKind } from '../api/kinds.js';
import { type LandingRef, refToString } from '../api/refs.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import { eachNamed, inReadTransaction, inWriteTransaction, runNamed } from '../store/executor.js';
import { walkScope } from '../store/scope.js';
import { eachAtOnce } from './at-once.js';
import { type Evidence, EvidenceBuilder } from './evidence.js';
import {
  EVIDENCE_KINDS,
  EVIDENCE_WEIGHTS,
  type EvidenceKind,
  FLAG_SEVERITIES,
  type FlagSeverity,
  LISTED_RULE,
  type MemberFlag,
  memberKey,
  type Network,
  type NetworkMember,
} from './model.js';
import { DEFAULT_MAX_SHARED } from '../graph/hub-bound.js';
import { compareCodeUnits } from '../order.js';

/**
 * What `networks` looks at: every record, the records of `<seeds> --depth N` (docs/scope.md), or the records a crawl
 * fetched.
 */
export type NetworkScope =
  | { type: 'all' }
  /**
   * The records a crawl of the seeds to `depth` fetches (src/store/scope.ts, docs/scope.md). `maxShared` is no
   * longer used by the walk (it follows lists, not identifiers); the evidence's hubs are EvidenceReadOptions'.
   */
  | { type: 'seeds'; seeds: readonly LandingRef[]; depth: number; maxShared?: number }
  | { type: 'crawl'; crawlId: string }
  /** These records (Landing element ids): the members of a written network, to describe it (the case file). */
  | { type: 'records'; elementIds: readonly string[] };

/** The scope's name on :Network nodes (`scopes`): `all`, `crawl:<id>`, `seeds:<sorted seeds>@<depth>`. */
export function scopeName(scope: NetworkScope): string {
  if (scope.type === 'all') return 'all';
  if (scope.type === 'crawl') return `crawl:${scope.crawlId}`;
  if (scope.type === 'records') return `records:${scope.elementIds.length}`;
  return `seeds:${[...new Set(scope.seeds.map(refToString))].sort().join(',')}@${scope.depth}`;
}

export interface ReadOptions {
  database?: string | undefined;
}

export interface EvidenceReadOptions extends ReadOptions {
  /** An identifier shared by more records is a hub (read as its count only, unless `hubMembers`). Default: DEFAULT_MAX_SHARED. */
  maxShared?: number;
  /** Read the members in scope of hubs too (the case file names the hubs a network touches). Default: false. */
  hubMembers?: boolean;
}

/**
 * Read the evidence of the scope in one read transaction (cypher/network/evidence.cypher): one row per identifier,
 * streamed into the compact Evidence (no row is kept), hubs without their members unless asked.
 */
export async function readEvidence(driver: Driver, scope: NetworkScope, options: EvidenceReadOptions = {}): Promise<Evidence> {
  return inReadTransaction(
    driver,
    async (tx) => {
      let elementIds: readonly string[] = [];
      if (scope.type === 'seeds') elementIds = (await walkScope(tx, scope.seeds, { depth: scope.depth })).elementIds;
      if (scope.type === 'records') elementIds = scope.elementIds;
      if (scope.type === 'crawl') await assertCrawl(tx, scope.crawlId);
      const params = {
        scope: scope.type === 'seeds' || scope.type === 'records' ? 'nodes' : scope.type,
        elementIds,
        crawlId: scope.type === 'crawl' ? scope.crawlId : null,
        weights: { ...EVIDENCE_WEIGHTS },
        maxShared: options.maxShared ?? DEFAULT_MAX_SHARED,
        hubMembers: options.hubMembers ?? false,
      };
      // A retried transaction starts again from an empty builder.
      const builder = new EvidenceBuilder();
      await eachNamed(tx, 'network/evidence', params, (row) => addIdentifier(builder, row));
      return builder.build();
    },
    { database: options.database },
    'reading the evidence of networks',
  );
}

/** A crawl scope names a crawl of the graph: a clear error, not an empty result, for a mistyped id. */
export async function assertCrawl(tx: ManagedTransaction, crawlId: string): Promise<void> {
  const [found] = await runNamed(tx, 'network/crawl-exists', { crawlId });
  if (!found) throw new LandingGraphError('CONFIG_INVALID', `no crawl ${quoteValue(crawlId)} in the graph (the crawls query lists them)`);
}

function addIdentifier(builder: EvidenceBuilder, row: Record<string, unknown>): void {
  const kind = String(row.evidenceKind);
  if (!(EVIDENCE_KINDS as readonly string[]).includes(kind)) return;
  const members = row.members as Record<string, unknown>[];
  const weights = row.weights as unknown[];
  const links: { member: NetworkMember; weight: number }[] = [];
  members.forEach((member, i) => {
    const memberKind = String(member.kind);
    if (!isLandingKind(memberKind)) return;
    const id = member.id === null || member.id === undefined ? null : toNumber(member.id);
    const key = member.key === null || member.key === undefined ? null : String(member.key);
    links.push({ member: { kind: memberKind, id, key }, weight: toNumber(weights[i]) });
  });
  builder.addIdentifier(kind as EvidenceKind, String(row.evidenceKey), toNumber(row.shared), links);
}

/** The member keys (memberKey) of the records of `<seeds> --depth N`, and of the seeds among them. */
export interface ScopeMembers {
  records: Set<string>;
  seeds: Set<string>;
}

/**
 * The records of `<seeds> --depth N` (src/store/scope.ts) by member key: what `networks <seeds>` lists the networks
 * of. The walk and the look-up run in one read transaction.
 */
export async function readScopeMembers(
  driver: Driver,
  scope: Extract<NetworkScope, { type: 'seeds' }>,
  options: ReadOptions = {},
): Promise<ScopeMembers> {
  return inReadTransaction(
    driver,
    async (tx) => {
      const { elementIds, nodesByHop } = await walkScope(tx, scope.seeds, { depth: scope.depth });
      // The walk lists the seeds' nodes first.
      const seedElementIds = elementIds.slice(0, nodesByHop[0] ?? 0);
      const rows = await runNamed(tx, 'network/scope-members', { elementIds, seedElementIds });
      const found: ScopeMembers = { records: new Set(), seeds: new Set() };
      for (const row of rows) {
        const kind = String(row.kind);
        if (!isLandingKind(kind)) continue;
        const id = row.id === null || row.id === undefined ? null : toNumber(row.id);
        const key = row.key === null || row.key === undefined ? null : String(row.key);
        found.records.add(memberKey({ kind, id, key }));
        if (row.seed === true) found.seeds.add(memberKey({ kind, id, key }));
      }
      return found;
    },
    { database: options.database },
    'reading the records in scope',
  );
}

/** The current red flags by their record's memberKey, and when flags were last computed (null: never). */
export interface MemberFlags {
  flagsOf: Map<string, MemberFlag[]>;
  computedAt: string | null;
}

/**
 * The current red flags of the networks' members, as `landing-graph flags` last wrote them: networks do not compute
 * flags, they rank by them (rank.ts), which looks its members up here. Every current flag is read
 * (cypher/network/member-flags.cypher): flags are far fewer than the networks' members, so one read of them is
 * cheaper than a look-up per member.
 */
export async function readMemberFlags(driver: Driver, options: ReadOptions = {}): Promise<MemberFlags> {
  return inReadTransaction(
    driver,
    async (tx) => {
      const [computed] = await runNamed(tx, 'network/flags-computed', {});
      const computedAt = computed?.computedAt === null || computed?.computedAt === undefined ? null : String(computed.computedAt);
      const flagsOf = new Map<string, MemberFlag[]>();
      if (computedAt === null) return { flagsOf, computedAt };
      await eachNamed(tx, 'network/member-flags', { listedRule: LISTED_RULE }, (row) => {
        const record = {
          kind: String(row.kind),
          id: row.id === null ? null : toNumber(row.id),
          key: row.key === null ? null : String(row.key),
        };
        const lists = (Array.isArray(row.lists) ? row.lists.map(String) : []).sort(compareCodeUnits);
        const flags = (row.flags as Record<string, unknown>[]).flatMap((f): MemberFlag[] =>
          isSeverity(f.severity)
            ? [{ rule: String(f.rule), severity: f.severity, score: toNumber(f.score), ...(f.rule === LISTED_RULE ? { lists } : {}) }]
            : [],
        );
        flagsOf.set(memberKey(record as NetworkMember), flags);
      });
      return { flagsOf, computedAt };
    },
    { database: options.database },
    "reading the networks' red flags",
  );
}

function isSeverity(value: unknown): value is FlagSeverity {
  return (FLAG_SEVERITIES as readonly unknown[]).includes(value);
}

export interface WriteResult {
  written: number;
  removed: number;
}

export interface WriteOptions extends ReadOptions {
  /** Networks written per transaction, and stale ones removed per transaction. Default: NETWORKS_PER_TRANSACTION. */
  networksPerTransaction?: number;
}

/**
 * Networks a write transaction holds: the whole graph's networks of a million records (about 190,000, with nearly two
 * million member links) in one transaction passed Neo4j's transaction memory. A few thousand hold tens of MB.
 */
export const NETWORKS_PER_TRANSACTION = 2_000;

/**
 * Write transactions of networks at once. The server runs a transaction on one core and this process mostly waits
 * for it: two keep both cores of a small machine busy. The networks of a scope share no member, so two transactions
 * meet on a lock only where a member moved between networks (a deadlock there is retried as any transient error).
 */
export const NETWORK_WRITES_AT_ONCE = 2;

/**
 * Write the scope's networks, then remove those of the scope that no longer exist (cypher/network/write-networks.cypher,
 * remove-stale.cypher), in transactions of `networksPerTransaction` networks each, NETWORK_WRITES_AT_ONCE at a time;
 * the Network id constraint comes from cypher/schema.cypher. A network's id follows its members, so a write is
 * idempotent: a run stopped half way leaves its networks written so far beside the scope's earlier ones, until the
 * next run removes what is stale.
 */
export async function writeNetworks(
  driver: Driver,
  scope: string,
  networks: readonly Network[],
  computedAt: Date,
  options: WriteOptions = {},
): Promise<WriteResult> {
  const run = { database: options.database, timeoutMs: 600_000 };
  const perTransaction = options.networksPerTransaction ?? NETWORKS_PER_TRANSACTION;
  const at = computedAt.toISOString();
  let written = 0;
  const writeChunk = async (chunk: readonly Network[]) => {
    // Not `written += await …`: that reads `written` before the wait, and the other transaction adds meanwhile.
    const chunkWritten = await inWriteTransaction(
      driver,
      async (tx) => {
        let count = 0;
        for (let i = 0; i < chunk.length; i += 500) {
          const batch = chunk
            .slice(i, i + 500)
            .map((n) => ({ id: n.id, size: n.size, score: n.score, members: n.members.map(({ kind, id, key }) => ({ kind, id, key })) }));
          const [row] = await runNamed(tx, 'network/write-networks', { networks: batch, scope, computedAt: at });
          count += toNumber(row?.written ?? 0);
        }
        return count;
      },
      run,
      'writing networks',
    );
    written += chunkWritten;
  };
  const chunks = Math.ceil(networks.length / perTransaction);
  await eachAtOnce(chunks, NETWORK_WRITES_AT_ONCE, (chunk) =>
    writeChunk(networks.slice(chunk * perTransaction, (chunk + 1) * perTransaction)),
  );
  const ids = networks.map((n) => n.id);
  let removed = 0;
  for (;;) {
    const [row] = await inWriteTransaction(
      driver,
      (tx) => runNamed(tx, 'network/remove-stale', { scope, ids, limit: perTransaction }),
      run,
      'removing stale networks',
    );
    removed += toNumber(row?.removed ?? 0);
    if (toNumber(row?.taken ?? 0) < perTransaction) break;
  }
  return { written, removed };
}
