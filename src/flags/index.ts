export { type CaseFlagsParams, caseFlagsSection } from './case-section.js';
export { computeFlags, type FlagOptions, type FlagResult } from './compute.js';
export { flagsCsv, flagsJson, flagsTable } from './format.js';
export {
  countFlags,
  type Finding,
  findingsOf,
  type Flag,
  type FlagCount,
  type FlagEvidence,
  type FlagRecord,
  type FlagScope,
  type FlagShared,
  flagUid,
  recordLabel,
  sortFlags,
} from './model.js';
export { type FlagRule, loadRules, parseRule, SEVERITIES, type Severity, type Threshold } from './rules.js';
