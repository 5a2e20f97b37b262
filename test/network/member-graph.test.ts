import { UndirectedGraph } from 'graphology';
import louvainModule from 'graphology-communities-louvain';
import { describe, expect, it } from 'vitest';
import { connectedComponents, louvainView, memberGraph, rejoinParts, type Ties } from '../../src/network/member-graph.js';
import { mulberry32 } from '../../src/random.js';

const louvain = louvainModule as unknown as typeof louvainModule.default;

/** Ties in the columns memberGraph reads, from one object per tie. */
function tiesOf(list: readonly { members: number[]; weights: number[] }[]): Ties {
  const start = [0];
  for (const tie of list) start.push((start.at(-1) as number) + tie.members.length);
  return {
    identifiers: Int32Array.from(list.keys()),
    start: Int32Array.from(start),
    member: Int32Array.from(list.flatMap((tie) => tie.members)),
    weight: Float64Array.from(list.flatMap((tie) => tie.weights)),
  };
}

describe('memberGraph', () => {
  it('joins each pair once, lower member first, neighbours ascending, summing the weaker link over shared ties in their order', () => {
    const graph = memberGraph(
      5,
      tiesOf([
        { members: [3, 0, 1], weights: [0.7, 1, 0.2] },
        { members: [0, 3], weights: [0.9, 0.3] },
        { members: [4, 2], weights: [1, 1] },
      ]),
    );
    expect([...graph.start]).toEqual([0, 2, 3, 4, 4, 4]);
    expect([...graph.to]).toEqual([1, 3, 3, 4]);
    expect([...graph.weight]).toEqual([0.2, 0.7 + 0.3, 0.2, 1]);
    expect(connectedComponents(graph, 2)).toEqual([
      [0, 1, 3],
      [2, 4],
    ]);
    expect(connectedComponents(graph, 3)).toEqual([[0, 1, 3]]);
  });
});

describe('louvainView', () => {
  it('gives Louvain the same communities and modularity as a graphology graph of the same members', () => {
    let communities = 0;
    for (let trial = 1; trial <= 20; trial++) {
      const random = mulberry32(trial);
      const count = 30 + Math.floor(random() * 200);
      const ties = Array.from({ length: count }, () => {
        const size = 2 + Math.floor(random() ** 3 * 8);
        const members = [...new Set(Array.from({ length: size }, () => Math.floor(random() * count)))];
        return { members, weights: members.map(() => [1, 0.9, 0.7, 0.3, 0.2][Math.floor(random() * 5)] as number) };
      });
      const graph = memberGraph(count, tiesOf(ties));
      const keys = Array.from({ length: count }, (_, m) => `company:${String(m).padStart(4, '0')}`);
      const nodes = Array.from({ length: count }, (_, m) => m).filter(() => random() < 0.9);
      const real = new UndirectedGraph({ allowSelfLoops: false });
      for (const node of nodes) real.addNode(keys[node]);
      for (const node of nodes)
        for (let p = graph.start[node] as number; p < (graph.start[node + 1] as number); p++)
          if (nodes.includes(graph.to[p] as number))
            real.addUndirectedEdge(keys[node], keys[graph.to[p] as number], { weight: graph.weight[p] });
      const options = { getEdgeWeight: 'weight', randomWalk: false, resolution: 0.3 + random() } as const;
      const expected = louvain.detailed(real, { ...options, rng: mulberry32(0x5eed) });
      const actual = louvain.detailed(louvainView(graph, keys, nodes) as unknown as UndirectedGraph, {
        ...options,
        rng: mulberry32(0x5eed),
      });
      expect(actual.communities).toEqual(expected.communities);
      expect(actual.modularity).toBe(expected.modularity);
      expect(actual.count).toBe(expected.count);
      communities += actual.count;
    }
    expect(communities).toBeGreaterThan(100);
  });
});

describe('rejoinParts', () => {
  // 0 company:a -1- 1 domain:x -1- 3 email:y -0.5- 2 company:b; 4 domain:z alone with 5 phone:w.
  const graph = {
    count: 6,
    start: Int32Array.from([0, 1, 2, 3, 3, 4, 4]),
    to: Int32Array.from([1, 3, 3, 5]),
    weight: Float64Array.from([1, 1, 0.5, 1]),
  };
  const keys = ['company:a', 'domain:x', 'company:b', 'email:y', 'domain:z', 'phone:w'];

  it('gives a part without a company back to the part it is most strongly tied to', () => {
    expect(rejoinParts(graph, keys, [[0], [1, 3], [2]])).toEqual([[0, 1, 3], [2]]);
  });

  it('follows a chain: a part tied only to another company-less part joins once that one has joined', () => {
    expect(rejoinParts(graph, keys, [[0], [1], [3], [2]])).toEqual([[0, 1, 3], [2]]);
  });
});

describe('rejoinParts: a cut that is no bridge', () => {
  // Two triangles (company, domain, phone) of inner weight 3, joined by a stray address pair (0.7) or, in `tight`, by
  // that and a domain pair (1.2): 1.9 is at least 30 % of 3, 0.7 is not.
  const keys = ['company:a', 'domain:a', 'phone:a', 'company:b', 'domain:b', 'phone:b'];
  const bridged = {
    count: 6,
    start: Int32Array.from([0, 2, 3, 4, 6, 7, 7]),
    to: Int32Array.from([1, 2, 2, 5, 4, 5, 5]),
    weight: Float64Array.from([1, 1, 1, 0.7, 1, 1, 1]),
  };
  const tight = {
    count: 6,
    start: Int32Array.from([0, 2, 4, 5, 7, 8, 8]),
    to: Int32Array.from([1, 2, 2, 4, 5, 4, 5, 5]),
    weight: Float64Array.from([1, 1, 1, 1.2, 0.7, 1, 1, 1]),
  };

  it('keeps two groups apart across a bridge', () => {
    expect(
      rejoinParts(bridged, keys, [
        [0, 1, 2],
        [3, 4, 5],
      ]),
    ).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
  });

  it('joins two halves tied by 30 % of the inner weight of the smaller or more', () => {
    expect(
      rejoinParts(tight, keys, [
        [0, 1, 2],
        [3, 4, 5],
      ]),
    ).toEqual([[0, 1, 2, 3, 4, 5]]);
  });
});
