import { describe, expect, it } from 'vitest';
import { evidenceOf } from '../../src/network/evidence.js';
import { DEFAULT_NETWORK_OPTIONS, type EvidenceKind, type EvidenceRow, memberKey, type NetworkMember } from '../../src/network/model.js';
import { findNetworks } from '../../src/network/networks.js';
import { type GroupTie, membersWhy } from '../../src/network/why.js';

const company = (n: number): NetworkMember => ({ kind: 'company', id: n, key: `77${String(n).padStart(8, '0')}` });
const domain = (n: number): NetworkMember => ({ kind: 'domain', id: 1000 + n, key: `site${n}.ru` });
const tie = (kind: EvidenceKind, key: string, links: [number, number][]): GroupTie => ({
  kind,
  key,
  members: links.map(([m]) => m),
  weights: links.map(([, w]) => w),
});
const REFS = ['company:a', 'company:b', 'company:c', 'domain:d', 'domain:e', 'domain:f'];

describe('membersWhy (pure): each member’s strongest tie to the rest', () => {
  it('takes the strongest identifier, weighing a tie by the weaker of the two links', () => {
    const ties = [
      tie('address', 'moscow 1', [
        [0, 0.7],
        [1, 0.7],
      ]),
      tie('officer', 'inn:1', [
        [0, 1],
        [2, 1],
      ]),
      // a's own record, named by d at 0.8 and e at 1: a's tie is 1 (to e), d's is 0.8.
      tie('company', 'a', [
        [0, 1],
        [3, 0.8],
        [4, 1],
      ]),
    ];
    const why = membersWhy(REFS.slice(0, 5), ties);
    expect(why[0]).toEqual({ kind: 'company', key: 'a', weight: 1, weak: false, to: ['domain:e', 'domain:d'], others: 2 });
    expect(why[1]).toEqual({ kind: 'address', key: 'moscow 1', weight: 0.7, weak: false, to: ['company:a'], others: 1 });
    expect(why[2]).toEqual({ kind: 'officer', key: 'inn:1', weight: 1, weak: false, to: ['company:a'], others: 1 });
    expect(why[3]).toEqual({ kind: 'company', key: 'a', weight: 0.8, weak: false, to: ['company:a', 'domain:e'], others: 2 });
    expect(why[4]?.weight).toBe(1);
  });

  it('breaks ties by kind then key (code-unit order), whatever the order of the ties', () => {
    const ties = [
      tie('phone', '+7900', [
        [0, 1],
        [1, 1],
      ]),
      tie('officer', 'inn:2', [
        [0, 1],
        [1, 1],
      ]),
      tie('officer', 'inn:1', [
        [0, 1],
        [1, 1],
      ]),
      tie('company', 'a', [
        [0, 0.9],
        [1, 1],
      ]),
    ];
    for (const order of [ties, [...ties].reverse(), [ties[2]!, ties[0]!, ties[3]!, ties[1]!]]) {
      const why = membersWhy(REFS.slice(0, 2), order);
      expect(why.map((w) => `${w?.kind}:${w?.key}`)).toEqual(['officer:inn:1', 'officer:inn:1']);
    }
    // Names at most 3 others, strongest pair first, then by ref; counts them all.
    const wide = tie('officer', 'inn:9', [
      [5, 0.7],
      [4, 1],
      [3, 1],
      [2, 1],
      [1, 1],
      [0, 1],
    ]);
    expect(membersWhy(REFS, [wide])[0]).toMatchObject({ to: ['company:b', 'company:c', 'domain:d'], others: 5 });
  });

  it('puts strong evidence before weak whatever the weights, says when a member is held by weak evidence only', () => {
    const ties = [
      tie('ip', '10.0.0.1', [
        [0, 0.95],
        [1, 0.95],
        [2, 0.95],
      ]),
      tie('address', 'moscow 1', [
        [0, 0.7],
        [1, 0.7],
      ]),
    ];
    const why = membersWhy(REFS.slice(0, 4), ties);
    expect(why[0]).toMatchObject({ kind: 'address', weak: false });
    expect(why[2]).toEqual({ kind: 'ip', key: '10.0.0.1', weight: 0.95, weak: true, to: ['company:a', 'company:b'], others: 2 });
    expect(why[3]).toBeNull();
  });

  it('chooses a demoted identifier (the case file’s own mailbox) only when nothing else ties', () => {
    const ties = [
      tie('domain', 'd', [
        [3, 1],
        [4, 0.7],
      ]),
      tie('phone', '+7900', [
        [3, 0.2],
        [0, 0.2],
      ]),
    ];
    const why = membersWhy(REFS.slice(0, 5), ties, { demote: (t) => t.kind === 'domain' });
    expect(why[3]).toMatchObject({ kind: 'phone', key: '+7900' });
    expect(why[4]).toMatchObject({ kind: 'domain', key: 'd', weight: 0.7 });
  });
});

describe('findNetworks says why each member is in', () => {
  it('from the identifiers tying it inside its network: no hub, no member of another network', () => {
    const row = (member: NetworkMember, evidenceKind: EvidenceKind, evidenceKey: string, weight = 1, shared?: number): EvidenceRow => ({
      member,
      evidenceKind,
      evidenceKey,
      weight,
      ...(shared === undefined ? {} : { shared }),
    });
    const rows = [
      row(company(1), 'officer', 'inn:1'),
      row(company(2), 'officer', 'inn:1'),
      row(company(2), 'address', 'moscow 1', 0.7),
      row(company(3), 'address', 'moscow 1', 0.7),
      row(company(3), 'ip', '10.0.0.1', 0.3),
      row(domain(3), 'ip', '10.0.0.1', 0.3),
      row(company(3), 'company', company(3).key as string),
      row(domain(3), 'company', company(3).key as string, 0.8),
      // A nominee director (a hub) of company 1 and of a stranger: never a why.
      row(company(1), 'officer', 'inn:nominee', 1, 150),
      row(company(9), 'officer', 'inn:nominee', 1, 150),
    ];
    const { networks } = findNetworks(evidenceOf(rows), DEFAULT_NETWORK_OPTIONS);
    expect(networks).toHaveLength(1);
    const why = Object.fromEntries(
      networks[0]!.members.map((m) => [memberKey(m), m.why && `${m.why.kind}:${m.why.key} ${m.why.weight} ${m.why.to}`]),
    );
    expect(why).toEqual({
      'company:7700000001': 'officer:inn:1 1 company:7700000002',
      'company:7700000002': 'officer:inn:1 1 company:7700000001',
      'company:7700000003': 'company:7700000003 0.8 domain:site3.ru',
      'domain:site3.ru': 'company:7700000003 0.8 company:7700000003',
    });
  });
});
