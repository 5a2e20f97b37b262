import { isLandingKind, type LandingKind } from '../api/kinds.js';
import type { SandboxGraph } from './graph-types.js';
import { parsePageNumber } from './keys.js';
import { buildRecord } from './records/build-record.js';

/** An answer of the landing endpoints before faults: status and JSON body. */
export interface RouteAnswer {
  status: 200 | 400 | 404;
  body: string;
}

export const LANDING_PREFIX = '/api/v1/landing/';
const NOT_FOUND: RouteAnswer = { status: 404, body: JSON.stringify({ error: 'not found' }) };
const BAD_REQUEST: RouteAnswer = { status: 400, body: JSON.stringify({ error: 'bad request: malformed percent-encoding in the path' }) };

/** The {kind} segment of a landing path, for the per-kind counters ("other" if it is none). */
export function kindOfPath(pathname: string): string {
  if (!pathname.startsWith(LANDING_PREFIX)) return 'other';
  const kind = pathname.slice(LANDING_PREFIX.length).split('/')[0] ?? '';
  return isLandingKind(kind) ? kind : 'other';
}

/** A small LRU of serialised record bodies (hubs and huge records are costly to build). */
export class BodyCache {
  private readonly entries = new Map<number, string>();
  constructor(private readonly capacity: number) {}

  get(id: number, build: () => string | undefined): string | undefined {
    const hit = this.entries.get(id);
    if (hit !== undefined) {
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit;
    }
    const body = build();
    if (body !== undefined && this.capacity > 0) {
      this.entries.set(id, body);
      if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as number);
    }
    return body;
  }

  /** Forgets every body (the graph behind them changed). */
  clear(): void {
    this.entries.clear();
  }
}

/**
 * GET /api/v1/landing/{kind}/{value}[?isKey=true]:
 * - with isKey=true (case-insensitive "true"), value is a natural key, percent-decoded, looked up by the
 *   rules of keys.ts (domain and e-mail case-insensitive, phone "+digits", company INN or OGRN);
 * - otherwise value must be a page number (digits, no sign, no leading zero) of a record of that kind;
 *   anything else, a branch, a dangling id or a record of another kind is 404.
 * Extra path segments, an unknown kind or an empty value: 404. Malformed percent-encoding: 400.
 */
export function route(graph: SandboxGraph, cache: BodyCache, pathname: string, search: URLSearchParams): RouteAnswer {
  if (!pathname.startsWith(LANDING_PREFIX)) return NOT_FOUND;
  const parts = pathname.slice(LANDING_PREFIX.length).split('/');
  if (parts.length !== 2) return NOT_FOUND;
  const [kind, raw] = parts as [string, string];
  if (!isLandingKind(kind) || raw === '') return NOT_FOUND;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return BAD_REQUEST;
  }
  const byKey = (search.get('isKey') ?? '').toLowerCase() === 'true';
  const id = byKey ? graph.lookup(kind, value) : parsePageNumber(value);
  if (id === undefined || graph.kindOf(id) !== kind) return NOT_FOUND;
  const body = cache.get(id, () => serialise(graph, kind, id));
  return body === undefined ? NOT_FOUND : { status: 200, body };
}

function serialise(graph: SandboxGraph, kind: LandingKind, id: number): string | undefined {
  const record = buildRecord(graph, kind, id);
  return record === undefined ? undefined : JSON.stringify(record);
}
