import { describe, expect, it } from 'vitest';
import type { NodeRow } from '../../src/graph/model.js';
import { mergeBatches } from '../../src/store/graph-writer.js';
import { inLockOrder } from '../../src/store/lock-order.js';

const node = (kind: NodeRow['kind'], id: number | null, key: string | null = null): NodeRow => ({
  kind,
  id,
  key,
  status: 'stub',
  title: null,
  href: null,
  provider: null,
  raw: null,
  props: {},
  error: null,
});

describe('inLockOrder', () => {
  it('sorts by kind, then numbers as numbers and keys by code unit, and leaves the input alone', () => {
    const rows = [
      { kind: 'phone', n: 2 },
      { kind: 'company', n: 10 },
      { kind: 'company', n: 2 },
    ];
    expect(inLockOrder(rows, (r) => r.n)).toEqual([
      { kind: 'company', n: 2 },
      { kind: 'company', n: 10 },
      { kind: 'phone', n: 2 },
    ]);
    expect(rows[0]).toEqual({ kind: 'phone', n: 2 });
    const keys = ['шины.рф', "'}) DETACH DELETE n //", 'auto-sport74.net'].map((key) => ({ kind: 'domain', key }));
    expect(inLockOrder(keys, (r) => r.key).map((r) => r.key)).toEqual(["'}) DETACH DELETE n //", 'auto-sport74.net', 'шины.рф']);
  });
});

describe('mergeBatches', () => {
  it('gives two commits that share nodes the same order, whatever order their records listed them in', () => {
    const shared = [
      node('company', 287),
      node('domain', 5),
      node('company', 31),
      node('email', null, 'a@b.ru'),
      node('email', null, '0@b.ru'),
    ];
    const one = mergeBatches([{ nodes: shared, edges: [] }]);
    const other = mergeBatches([{ nodes: [...shared].reverse(), edges: [] }]);
    const refs = (rows: NodeRow[]) => rows.map((r) => `${r.kind}#${r.id ?? r.key}`);
    expect(refs(one.byId)).toEqual(['company#31', 'company#287', 'domain#5']);
    expect(refs(other.byId)).toEqual(refs(one.byId));
    expect(refs(one.byKey)).toEqual(['email#0@b.ru', 'email#a@b.ru']);
    expect(refs(other.byKey)).toEqual(refs(one.byKey));
  });
});
