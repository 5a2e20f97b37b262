import { describe, expect, it } from 'vitest';
import { flaggedText, type MemberFlag, type Network, rankByFlags } from '../../src/network/index.js';

const network = (id: string, score: number, size: number, keys: string[]): Network => ({
  id,
  size,
  score,
  members: keys.map((key) => ({ kind: 'company', id: null, key, why: null, flags: [] })),
  evidence: [],
  flagged: { high: 0, medium: 0, low: 0, listed: 0 },
});

const flag = (rule: string, severity: MemberFlag['severity'], score: number): MemberFlag => ({ rule, severity, score });
const listed = (score: number, lists: string[]): MemberFlag => ({ rule: 'listed', severity: 'high', score, lists });

describe('rankByFlags (pure)', () => {
  const dense = network('net-a', 2, 2, ['1', '2']);
  const big = network('net-b', 1, 5, ['3', '4', '5', '6', '7']);
  const medium = network('net-c', 0.5, 2, ['8', '9']);
  const quiet = network('net-d', 3, 2, ['10', '11']);

  it('puts networks with more members flagged high first, then medium, then low, then by score, size and id', () => {
    const flagsOf = new Map<string, MemberFlag[]>([
      // One member with three flags counts once, at its highest severity.
      ['company:1', [flag('young-company', 'low', 0.4), flag('mass-officer', 'high', 0.8), flag('phoenix', 'high', 0.9)]],
      ['company:3', [flag('mass-address', 'high', 0.6)]],
      ['company:4', [flag('registrant-mismatch', 'medium', 0.7)]],
      ['company:8', [flag('registrant-mismatch', 'medium', 0.9)]],
      ['company:9', [flag('registrant-mismatch', 'medium', 0.9)]],
    ]);
    const ranked = rankByFlags([quiet, medium, dense, big], flagsOf);
    expect(ranked.map((n) => n.id)).toEqual(['net-b', 'net-a', 'net-c', 'net-d']);
    expect(ranked.map((n) => n.rank)).toEqual([1, 2, 3, 4]);
    expect(ranked.map((n) => flaggedText(n.flagged))).toEqual(['1 high, 1 medium', '1 high', '2 medium', 'none']);
    // A member's rules, highest score first.
    expect(ranked[1]?.members[0]?.flags).toEqual(['phoenix', 'mass-officer', 'young-company']);
    expect(ranked[1]?.members[1]?.flags).toEqual([]);
  });

  it('keeps the order of findNetworks (score, size, id) when nothing is flagged, and changes nothing it was given', () => {
    const before = JSON.stringify([dense, big]);
    const tied = network('net-0', 2, 2, ['12', '13']);
    expect(rankByFlags([big, dense, tied, quiet], new Map()).map((n) => n.id)).toEqual(['net-d', 'net-0', 'net-a', 'net-b']);
    expect(JSON.stringify([dense, big])).toBe(before);
  });

  it('puts networks with a listed member first, however few their other flags, then the order above; counts them', () => {
    const flagsOf = new Map<string, MemberFlag[]>([
      // net-b: four members flagged high, none listed.
      ['company:3', [flag('mass-address', 'high', 0.6)]],
      ['company:4', [flag('mass-officer', 'high', 0.8)]],
      ['company:5', [flag('phoenix', 'high', 0.9)]],
      ['company:6', [flag('mass-officer', 'high', 0.7)]],
      // net-c: one member, listed (itself or through an officer), a medium flag besides.
      ['company:9', [flag('registrant-mismatch', 'medium', 0.9), listed(0.9, ['opensanctions', 'watch'])]],
      // net-a: one listed member and one more flagged high: it leads net-c by the existing order.
      ['company:1', [listed(1, ['watch'])]],
      ['company:2', [flag('phoenix', 'high', 0.9)]],
    ]);
    const ranked = rankByFlags([big, quiet, medium, dense], flagsOf);
    expect(ranked.map((n) => n.id)).toEqual(['net-a', 'net-c', 'net-b', 'net-d']);
    expect(ranked.map((n) => n.flagged)).toEqual([
      { high: 2, medium: 0, low: 0, listed: 1 },
      { high: 1, medium: 0, low: 0, listed: 1 },
      { high: 4, medium: 0, low: 0, listed: 0 },
      { high: 0, medium: 0, low: 0, listed: 0 },
    ]);
    // The listed member names its lists (for the summary line); the others have none.
    expect(ranked[1]?.members.map((m) => [m.key, m.flags, m.lists])).toEqual([
      ['8', [], undefined],
      ['9', ['listed', 'registrant-mismatch'], ['opensanctions', 'watch']],
    ]);
  });
});
