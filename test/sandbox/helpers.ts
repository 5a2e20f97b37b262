import type { Sandbox } from '../../src/sandbox/server.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => Record<string, unknown>;
}

/** GET a path of the sandbox with its key (key: null sends none), reading the whole body. */
export async function get(
  sandbox: Sandbox,
  path: string,
  options: { key?: string | null; signal?: AbortSignal; method?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? sandbox.apiKey : options.key;
  if (key !== null) headers['x-api-key'] = key;
  const res = await fetch(`${sandbox.url}${path}`, { headers, signal: options.signal, method: options.method ?? 'GET' });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** The landing path of a record by id, or by key (percent-encoded) with isKey=true. */
export function byId(kind: string, id: number | string): string {
  return `/api/v1/landing/${kind}/${id}`;
}

export function byKey(kind: string, key: string): string {
  return `/api/v1/landing/${kind}/${encodeURIComponent(key)}?isKey=true`;
}

/** A clock for the sandbox's now(), moved by hand. */
export function manualClock(start = Date.UTC(2026, 10, 21, 12, 0, 0)): {
  now: () => number;
  advance: (ms: number) => void;
  set: (ms: number) => void;
} {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms), set: (ms) => void (t = ms) };
}
