import { describe, expect, it } from 'vitest';
import { componentBatches, joinResults } from '../../src/network/batches.js';
import type { Network, NetworkResult } from '../../src/network/model.js';

const network = (id: string, score: number, size: number): Network => ({
  id,
  size,
  score,
  members: [],
  evidence: [],
  flagged: { high: 0, medium: 0, low: 0, listed: 0 },
});

describe('componentBatches', () => {
  it('fills a batch with whole components up to the bound, a larger component alone', () => {
    const components = [
      ['a', 'b'],
      ['c', 'd', 'e'],
      ['f', 'g', 'h', 'i', 'j', 'k'],
      ['l', 'm'],
      ['n', 'o'],
    ];
    expect(componentBatches(components, 5)).toEqual([
      ['a', 'b', 'c', 'd', 'e'],
      ['f', 'g', 'h', 'i', 'j', 'k'],
      ['l', 'm', 'n', 'o'],
    ]);
  });

  it('takes a component of 300,000 records (too many to pass as arguments)', () => {
    const giant = Array.from({ length: 300_000 }, (_, i) => i);
    const batches = componentBatches([[-1], giant], 50_000);
    expect(batches.map((b) => b.length)).toEqual([1, 300_000]);
  });

  it('no components, no batches', () => {
    expect(componentBatches([], 5)).toEqual([]);
  });
});

describe('joinResults', () => {
  it('orders the networks of all batches as one run would, and keeps each hub once', () => {
    const one: NetworkResult = {
      networks: [network('net-b', 1.5, 3), network('net-c', 0.5, 2)],
      hubs: [
        { kind: 'officer', key: 'inn:1', shared: 40 },
        { kind: 'phone', key: '+7900', shared: 25 },
      ],
      split: 1,
    };
    const other: NetworkResult = {
      networks: [network('net-a', 1.5, 3), network('net-d', 1.5, 4)],
      hubs: [
        { kind: 'phone', key: '+7900', shared: 25 },
        { kind: 'address', key: 'x', shared: 40 },
      ],
      split: 2,
    };
    const joined = joinResults([one, other]);
    expect(joined.networks.map((n) => n.id)).toEqual(['net-d', 'net-a', 'net-b', 'net-c']);
    expect(joined.hubs).toEqual([
      { kind: 'address', key: 'x', shared: 40 },
      { kind: 'officer', key: 'inn:1', shared: 40 },
      { kind: 'phone', key: '+7900', shared: 25 },
    ]);
    expect(joined.split).toBe(3);
  });
});
