import type { FetchedRecord } from '../client/client.js';
import { refToString, type LandingRef } from '../api/refs.js';
import type { LandingGraphError } from '../errors.js';
import { mapAnswerText } from '../graph/map-answer.js';
import { mapUnfetched } from '../graph/map-record.js';
import type { Commit, FrontierTask } from './frontier-store.js';
import { expand, type ExpandPolicy } from './expand.js';

export interface SettlePolicy extends ExpandPolicy {
  crawlId: string;
  maxDepth: number;
  /** Refs (seed syntax, normalized) whose lists are not followed. */
  skip: ReadonlySet<string>;
  /** Also name fetched records by key in the frontier, so entities named by key in blocks dedupe. */
  aliasKeys: boolean;
}

export function taskRef(task: Pick<FrontierTask, 'kind' | 'id' | 'key'>): LandingRef {
  return task.id !== null ? { kind: task.kind, id: task.id } : { kind: task.kind, key: task.key ?? '' };
}

export function taskUid(crawlId: string, ref: LandingRef): string {
  return `${crawlId}|${refToString(ref)}`;
}

const zero = () => ({ requested: 1, fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0 });

/**
 * The outcome of one fetch -> nodes, edges and frontier changes. Pure: the record is checked against its
 * schema here; a record that breaks it is kept raw and flagged, never followed.
 */
export function settleFetched(task: FrontierTask, fetched: FetchedRecord, policy: SettlePolicy): Commit {
  const ref = taskRef(task);
  const counts = zero();
  const answer = mapAnswerText(task.kind, ref, fetched.text);
  if (!answer.valid) {
    counts.invalid = 1;
    return {
      batches: answer.batches,
      pivots: [],
      done: [{ uid: task.uid, state: 'invalid', error: answer.schemaError }],
      aliases: [],
      queue: [],
      counts,
    };
  }
  counts.fetched = 1;
  const { record, mapped, pivots } = answer;
  const aliases: Commit['aliases'] = [];
  if (task.id === null || task.id !== record.id) {
    aliases.push({
      uid: taskUid(policy.crawlId, { kind: task.kind, id: record.id }),
      kind: task.kind,
      id: record.id,
      key: null,
      depth: task.depth,
    });
  }
  if (policy.aliasKeys && mapped.self.key !== null && task.key !== mapped.self.key) {
    aliases.push({
      uid: taskUid(policy.crawlId, { kind: task.kind, key: mapped.self.key }),
      kind: task.kind,
      id: null,
      key: mapped.self.key,
      depth: task.depth,
    });
  }
  const queue: Commit['queue'] = [];
  const skipped =
    policy.skip.has(refToString(ref)) ||
    policy.skip.has(refToString({ kind: task.kind, id: record.id })) ||
    (mapped.self.key !== null && policy.skip.has(refToString({ kind: task.kind, key: mapped.self.key })));
  if (task.depth < policy.maxDepth && !skipped) {
    const { children, byKey, cutLists } = expand(mapped, pivots.embedded, policy);
    for (const child of children) {
      queue.push({
        uid: taskUid(policy.crawlId, { kind: child.kind, id: child.id }),
        kind: child.kind,
        id: child.id,
        key: null,
        depth: task.depth + 1,
      });
    }
    for (const named of byKey) {
      queue.push({
        uid: taskUid(policy.crawlId, { kind: named.kind, key: named.key }),
        kind: named.kind,
        id: null,
        key: named.key,
        depth: task.depth + 1,
      });
    }
    if (cutLists.length > 0) {
      // A record whose list passes --max-fanout was not followed whole: the walks of the library do not pass
      // through it (cypher/fragments/walk-stop.cypher), and `hubs` names the lists cut with their full lengths.
      mapped.self.props.fanoutCut = true;
      mapped.self.props.cutLists = cutLists.map((h) => h.field);
      mapped.self.props.cutListLengths = cutLists.map((h) => h.length);
    }
  }
  if (skipped) mapped.self.props.expansionSkipped = true;
  return { batches: answer.batches, pivots: [pivots], done: [{ uid: task.uid, state: 'done', error: null }], aliases, queue, counts };
}

/**
 * A record expanded from the answer the graph already holds (fresher than --max-age): the same frontier
 * changes as a fetch, nothing written, no request counted. Undefined when the stored answer no longer
 * passes the schema (then it is fetched).
 */
export function settleReused(task: FrontierTask, storedText: string, policy: SettlePolicy): Commit | undefined {
  const settled = settleFetched(task, { ref: taskRef(task), text: storedText, attempts: 0 }, policy);
  if (settled.counts.fetched !== 1) return undefined;
  return { ...settled, batches: [], pivots: [], counts: { ...settled.counts, requested: 0, fetched: 0, reused: 1 } };
}

/** A fetch that ended in a per-record error: 404 -> missing; retries spent or rejected -> failed. */
export function settleFailed(task: FrontierTask, error: LandingGraphError): Commit {
  const counts = zero();
  const missing = error.code === 'API_NOT_FOUND';
  if (missing) counts.missing = 1;
  else counts.failed = 1;
  const node = mapUnfetched(taskRef(task), missing ? 'missing' : 'failed', error.code);
  return {
    batches: [{ nodes: [node], edges: [] }],
    pivots: [],
    done: [{ uid: task.uid, state: missing ? 'missing' : 'failed', error: error.code }],
    aliases: [],
    queue: [],
    counts,
  };
}

export function mergeCommits(settlements: readonly Commit[]): Commit {
  const commit: Commit = {
    batches: [],
    pivots: [],
    done: [],
    aliases: [],
    queue: [],
    counts: { requested: 0, fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0 },
  };
  for (const s of settlements) {
    commit.batches.push(...s.batches);
    commit.pivots.push(...s.pivots);
    commit.done.push(...s.done);
    commit.aliases.push(...s.aliases);
    commit.queue.push(...s.queue);
    for (const k of Object.keys(commit.counts) as (keyof Commit['counts'])[]) commit.counts[k] += s.counts[k];
  }
  return commit;
}
