import { createHash } from 'node:crypto';
import type { Side } from './model.js';
import { compareCodeUnits } from '../order.js';

/**
 * A side's ref: `company:<key>` (INN, else OGRN), `company#<page number>` for a company without a key,
 * `person:<pivot key>`. What a pair id is made of, and how the writer finds the node.
 */
export function sideRef(side: Pick<Side, 'kind' | 'id' | 'key'>): string {
  return side.key !== null && side.key !== '' ? `${side.kind}:${side.key}` : `${side.kind}#${side.id ?? ''}`;
}

/** `pair-` + 16 hex digits of the SHA-256 of the two refs sorted, one a line: order-independent and stable. */
export function pairId(a: Pick<Side, 'kind' | 'id' | 'key'>, b: Pick<Side, 'kind' | 'id' | 'key'>): string {
  const text = [sideRef(a), sideRef(b)].sort(compare).join('\n');
  return `pair-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

/** The two sides in canonical order (ref sorting first is `a`), so SAME_AS always runs the same way. */
export function ordered<T extends Pick<Side, 'kind' | 'id' | 'key'>>(x: T, y: T): [T, T] {
  return compare(sideRef(x), sideRef(y)) <= 0 ? [x, y] : [y, x];
}

/** Code-unit order, the same on every machine (no locale): the shared one, under the name resolve's modules use. */
export const compare = compareCodeUnits;
