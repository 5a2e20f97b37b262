/** The landing service sandbox: a deterministic graph, served over HTTP with faults, plus its ground truth. */
export { generateGraph, countsFor, MAX_RECORDS, type GenerateGraphOptions } from './generate-graph.js';
export type { SandboxGraph, SkeletonNode, RecordPatch } from './graph-types.js';
export { GraphAssembler, RELATED_FIELD_OF } from './graph-store.js';
export { lookupKey, parsePageNumber } from './keys.js';
export { buildRecord, blockVariant, BLOCKS_OF_KIND, VARIATION } from './records/build-record.js';
export { shallowEntry, hrefOf, SITE } from './records/header.js';
export { startSandbox, type Sandbox, type SandboxOptions } from './server.js';
export {
  FaultPlan,
  faultOptionsSchema,
  parseFaultOptions,
  type FaultOptions,
  type OutageMode,
  type OutageOptions,
  type RateLimit429Options,
} from './faults.js';
export { SandboxStats, pauseArrivals, type StatsSnapshot, type SecondCount, type FaultCounter, type PauseArrivals } from './stats.js';
export {
  groundTruth,
  writeGroundTruth,
  reachable,
  edgesOf,
  type GroundTruth,
  type GroundTruthNode,
  type GroundTruthEdge,
  type SharedIdentifiers,
  type Reachable,
  type NodeRef,
  type ListSource,
} from './ground-truth.js';
export { SPECIALS, SPECIAL_ID_BASE, bulkDomainKey } from './specials.js';
export {
  evolveGraph,
  EVOLVE_DEFAULTS,
  SHARED_IDENTIFIERS,
  generationOf,
  goneIdsOf,
  isEvolved,
  type EvolveChange,
  type EvolveOptions,
  type EvolveWithin,
  type EvolvedGraph,
  type SharedIdentifier,
} from './evolve.js';
