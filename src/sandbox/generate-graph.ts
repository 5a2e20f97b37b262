import { LandingGraphError, quoteValue } from '../errors.js';
import { createEntities, type EntityCounts } from './entities.js';
import { GraphAssembler } from './graph-store.js';
import type { RecordPatch, SandboxGraph } from './graph-types.js';
import { addDangling, addHubs } from './hubs.js';
import { hash32, Rng } from './prng.js';
import { addSpecials } from './specials.js';
import { buildRelations } from './topology.js';

export interface GenerateGraphOptions {
  /** Landing records (domain, company, email, phone; about 40/25/20/15 %). Default 2000; 1..1,000,000. */
  records?: number;
  /** Seed of every random choice. Default 1. */
  seed?: number;
  /** Hub records with very long lists. Default: 3 when records >= 1000, else 1. */
  hubs?: number;
  /** Entries listed by each hub. Default: min(3000, floor(records / 2)). */
  hubSize?: number;
  /** Add the special records of specials.ts. Default false. */
  specials?: boolean;
  /** Dangling ids (listed, answered 404). Default 5 (0 for fewer than 20 records). */
  dangling?: number;
  /**
   * Adds hand-built records to the generated world (planted patterns in tests), with ids from `firstFreeId` up,
   * before the lists are sealed. Default: none.
   */
  plant?: (asm: GraphAssembler, firstFreeId: number) => void;
}

/** Branches (nodes listed in relatedBranches, without an endpoint), as a share of the records. */
const BRANCH_SHARE = 0.1;
export const MAX_RECORDS = 1_000_000;

/**
 * A deterministic landing graph: the same options always give the same graph. Page numbers 1..N are
 * shared by all kinds (branches included); dangling ids lie above N; special records (if any) lie at
 * SPECIAL_ID_BASE and above. Only the skeleton is built here; records/ builds bodies on demand.
 */
export function generateGraph(options: GenerateGraphOptions = {}): SandboxGraph {
  const records = options.records ?? 2000;
  const seed = options.seed ?? 1;
  checkInteger('records', records, 1, MAX_RECORDS);
  checkInteger('seed', seed, 0, 2 ** 32 - 1);
  const hubs = options.hubs ?? (records >= 1000 ? 3 : 1);
  const hubSize = options.hubSize ?? Math.min(3000, Math.floor(records / 2));
  const dangling = options.dangling ?? (records >= 20 ? 5 : 0);
  checkInteger('hubs', hubs, 0, 100);
  checkInteger('hubSize', hubSize, 0, MAX_RECORDS);
  checkInteger('dangling', dangling, 0, 1000);

  const counts = countsFor(records);
  const entities = createEntities(seed, counts);
  const asm = new GraphAssembler(entities.nodes);
  const rng = new Rng(hash32(seed, 'relations'));
  buildRelations(asm, entities, rng);
  const hubIds = addHubs(asm, entities, rng, hubs, hubSize);
  const danglingIds = addDangling(asm, entities, rng, dangling, entities.nodes.length);
  options.plant?.(asm, Math.max(entities.nodes.length, ...danglingIds) + 1);
  let patches = new Map<number, RecordPatch>();
  if (options.specials) patches = addSpecials(asm);
  return asm.finish({ seed, danglingIds, hubIds, specials: options.specials ?? false, patches });
}

/** How many nodes of each kind a graph of `records` landing records has. */
export function countsFor(records: number): EntityCounts {
  const company = Math.max(1, Math.round(records * 0.25));
  const domain = Math.min(records - company, Math.round(records * 0.4));
  const email = Math.min(records - company - domain, Math.round(records * 0.2));
  const phone = records - company - domain - email;
  return { domain, company, email, phone, branch: Math.round(records * BRANCH_SHARE) };
}

function checkInteger(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new LandingGraphError('CONFIG_INVALID', `sandbox: ${name} must be an integer from ${min} to ${max}, got ${quoteValue(value)}`, {
      details: { option: name, value },
    });
  }
}
