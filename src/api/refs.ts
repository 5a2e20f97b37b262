import type { LandingKind } from './kinds.js';

/** How one record is asked for: by page number or by natural key. */
export type LandingRef = { kind: LandingKind; id: number; key?: undefined } | { kind: LandingKind; key: string; id?: undefined };

/** `domain#42` or `domain:example.com`: the seed syntax, also used in logs and the frontier. */
export function refToString(ref: LandingRef): string {
  return ref.id !== undefined ? `${ref.kind}#${ref.id}` : `${ref.kind}:${ref.key}`;
}

/** The request path of a ref (the key URL-encoded, so `+`, `/`, `@`, Cyrillic and spaces are safe). */
export function refPath(ref: LandingRef): string {
  return ref.id !== undefined
    ? `/api/v1/landing/${ref.kind}/${ref.id}`
    : `/api/v1/landing/${ref.kind}/${encodeURIComponent(ref.key)}?isKey=true`;
}
