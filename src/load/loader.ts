import { LandingGraphError } from '../errors.js';
import { mapAnswer } from '../graph/map-answer.js';
import type { GraphBatch } from '../graph/model.js';
import type { PivotBatch } from '../graph/pivots/index.js';
import type { StoredAnswer } from './answers.js';

/** Where loaded answers go: one call, one transaction (Neo4jAnswerSink, or an array in a unit test). */
export interface AnswerSink {
  write(batches: GraphBatch[], pivots: PivotBatch[]): Promise<{ nodes: number; edges: number; versions: number; removed: number }>;
}

export interface LoadOptions {
  /** Answers per transaction. Default: 500. */
  answersPerCommit?: number;
  /** After each commit. */
  onProgress?: (progress: LoadProgress) => void;
  /** Default: performance.now. */
  now?: () => number;
}

export interface LoadProgress {
  /** Answers written, valid and not. */
  loaded: number;
  /** Answers that broke their kind's schema: kept raw and flagged, as a crawl does. */
  invalid: number;
  nodes: number;
  edges: number;
  /** Records whose stored answer differed (kept as versions), and links they no longer have (history). */
  versions: number;
  removed: number;
  commits: number;
  elapsedMs: number;
}

/**
 * Write answers already fetched into the graph as a crawl writes fetches (the same mapping, the same
 * statements, history included), without asking the service: to rebuild a graph, fill one from an
 * archive, or re-derive properties and pivots after the mapping changed. Read -> map (pure) -> write.
 */
export async function loadAnswers(
  answers: AsyncIterable<StoredAnswer>,
  sink: AnswerSink,
  options: LoadOptions = {},
): Promise<LoadProgress> {
  const perCommit = options.answersPerCommit ?? 500;
  const now = options.now ?? (() => performance.now());
  const started = now();
  const progress: LoadProgress = { loaded: 0, invalid: 0, nodes: 0, edges: 0, versions: 0, removed: 0, commits: 0, elapsedMs: 0 };
  let batches: GraphBatch[] = [];
  let pivots: PivotBatch[] = [];
  let pending = 0;
  const flush = async () => {
    if (pending === 0) return;
    const written = await sink.write(batches, pivots);
    progress.loaded += pending;
    progress.nodes += written.nodes;
    progress.edges += written.edges;
    progress.versions += written.versions;
    progress.removed += written.removed;
    progress.commits += 1;
    progress.elapsedMs = now() - started;
    batches = [];
    pivots = [];
    pending = 0;
    options.onProgress?.({ ...progress });
  };
  for await (const answer of answers) {
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      throw new LandingGraphError('CONFIG_INVALID', `${answer.origin}: the answer is not JSON`);
    }
    const id = (json as { id?: unknown } | null)?.id;
    if (!Number.isSafeInteger(id) || (id as number) < 0) {
      throw new LandingGraphError('CONFIG_INVALID', `${answer.origin}: the answer has no page number ("id"); nothing was written for it`);
    }
    const mapped = mapAnswer(answer.kind, { kind: answer.kind, id: id as number }, json, answer.text);
    if (!mapped.valid) progress.invalid += 1;
    const at = answer.fetchedAt;
    for (const batch of mapped.batches) {
      batches.push(
        at === undefined ? batch : { ...batch, nodes: batch.nodes.map((n) => (n.status === 'fetched' ? { ...n, fetchedAt: at } : n)) },
      );
    }
    if (mapped.valid) pivots.push(mapped.pivots);
    pending += 1;
    if (pending >= perCommit) await flush();
  }
  await flush();
  progress.elapsedMs = now() - started;
  return progress;
}
