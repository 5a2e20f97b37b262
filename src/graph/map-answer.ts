import type { LandingKind } from '../api/kinds.js';
import type { LandingRef } from '../api/refs.js';
import { type LandingRecord, parseLandingRecord } from '../api/schemas/index.js';
import { isLandingGraphError } from '../errors.js';
import { type MappedRecord, mapFetchedRecord, mapInvalidRecord } from './map-record.js';
import type { GraphBatch, NodeRow } from './model.js';
import { type PivotBatch, pivotsOf } from './pivots/index.js';

/** One answer of the service mapped for the graph: what a crawl writes for a fetch, and what a load writes. */
export type MappedAnswer =
  | { valid: true; record: LandingRecord; mapped: MappedRecord; pivots: PivotBatch; batches: GraphBatch[] }
  | { valid: false; node: NodeRow; schemaError: string; batches: GraphBatch[] };

/**
 * Check one answer against its kind's schema and map it: the record's node, its stubs and edges, its
 * pivots and the key stubs they name (written first). An answer that breaks the schema is kept raw and
 * flagged. Pure.
 */
export function mapAnswer(kind: LandingKind, ref: LandingRef, json: unknown, text: string): MappedAnswer {
  let record: LandingRecord;
  try {
    record = parseLandingRecord(kind, json);
  } catch (error) {
    if (!isLandingGraphError(error, 'RECORD_INVALID')) throw error;
    const node = mapInvalidRecord(ref, json, text, error.message);
    return { valid: false, node, schemaError: error.message, batches: [{ nodes: [node], edges: [] }] };
  }
  const mapped = mapFetchedRecord(kind, record, text);
  const pivots = pivotsOf(kind, record, { kind, id: record.id });
  return { valid: true, record, mapped, pivots, batches: [mapped, { nodes: pivots.keyStubs, edges: [] }] };
}

/**
 * mapAnswer from the served text: a text that is not JSON (the client saw balanced brackets, nothing more) is an
 * answer that breaks the schema, kept raw and flagged like any other. Pure.
 */
export function mapAnswerText(kind: LandingKind, ref: LandingRef, text: string): MappedAnswer {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const schemaError = `${kind} record is not JSON: ${error instanceof Error ? error.message : String(error)}`;
    const node = mapInvalidRecord(ref, undefined, text, schemaError);
    return { valid: false, node, schemaError, batches: [{ nodes: [node], edges: [] }] };
  }
  return mapAnswer(kind, ref, json, text);
}
