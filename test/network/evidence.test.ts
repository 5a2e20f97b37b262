import { describe, expect, it } from 'vitest';
import { type Evidence, EvidenceBuilder, evidenceOf, linksOf } from '../../src/network/evidence.js';
import { DEFAULT_NETWORK_OPTIONS, type EvidenceKind, type EvidenceRow, type NetworkMember } from '../../src/network/model.js';
import { findNetworks } from '../../src/network/networks.js';
import { mulberry32 } from '../../src/random.js';

/** The identifiers as objects, to compare. */
const identifiersOf = (evidence: Evidence) =>
  evidence.keys.map((key, i) => ({ kind: evidence.kinds[i], key, shared: evidence.shared[i], ...linksOf(evidence, i) }));

const company = (n: number): NetworkMember => ({ kind: 'company', id: n, key: `77${String(n).padStart(8, '0')}` });

describe('EvidenceBuilder', () => {
  it('numbers each member once by key, keeps the strongest weight of its links, orders identifiers by key, merges one added twice', () => {
    const builder = new EvidenceBuilder();
    const stub: NetworkMember = { kind: 'company', id: null, key: company(1).key };
    builder.addIdentifier('officer', 'inn:1', 3, [
      { member: stub, weight: 0.7 },
      { member: company(2), weight: 1 },
      { member: company(1), weight: 1 },
    ]);
    builder.addIdentifier('ip', "'}) DETACH DELETE n //", 1, [{ member: company(2), weight: 0.3 }]);
    builder.addIdentifier('officer', 'inn:1', 5, [{ member: company(3), weight: 0.2 }]);
    const evidence = builder.build();
    // The stub and the fetched record are one member, shown with its page number.
    expect(evidence.members).toEqual([company(1), company(2), company(3)]);
    expect(identifiersOf(evidence)).toEqual([
      { kind: 'ip', key: "'}) DETACH DELETE n //", shared: 1, members: [1], weights: [0.3] },
      { kind: 'officer', key: 'inn:1', shared: 5, members: [0, 1, 2], weights: [1, 1, 0.2] },
    ]);
    expect(evidence.linkMember).toHaveLength(4);
    const { networks, hubs } = findNetworks(evidence, DEFAULT_NETWORK_OPTIONS);
    expect(networks.map((n) => [n.size, n.score, n.evidence])).toEqual([[3, 0.4, [{ kind: 'officer', key: 'inn:1', members: 3 }]]]);
    expect(findNetworks(evidence, { ...DEFAULT_NETWORK_OPTIONS, maxShared: 4 }).networks).toEqual([]);
    expect(hubs).toEqual([]);
  });

  it('looks members up in a map when an identifier has many (a hub read with its members)', () => {
    const builder = new EvidenceBuilder();
    const links = Array.from({ length: 40 }, (_, i) => ({ member: company(i % 30), weight: i < 30 ? 0.3 : 0.7 }));
    builder.addIdentifier('domain', 'mail.ru', 30, links);
    const identifier = linksOf(builder.build(), 0);
    expect(identifier.members).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(identifier.weights).toEqual([...Array(10).fill(0.7), ...Array(20).fill(0.3)]);
  });

  it('reads link rows in any order into the same evidence', () => {
    const rows: EvidenceRow[] = [
      { member: company(1), evidenceKind: 'address', evidenceKey: 'Москва 🏢', weight: 0.7 },
      { member: company(2), evidenceKind: 'address', evidenceKey: 'Москва 🏢', weight: 0.7, shared: 40 },
      { member: company(1), evidenceKind: 'address', evidenceKey: 'Москва 🏢', weight: 0.2, shared: null },
    ];
    for (const order of [rows, [...rows].reverse()]) {
      const evidence = evidenceOf(order);
      expect(identifiersOf(evidence)).toEqual([{ kind: 'address', key: 'Москва 🏢', shared: 40, members: [0, 1], weights: [0.7, 0.7] }]);
      expect(evidence.members).toHaveLength(2);
    }
  });
});

/** What cypher/network/evidence.cypher leaves out: identifiers of one member that are no hub, and the members of hubs. */
function asTheReaderReadsIt(full: Evidence, maxShared: number): Evidence {
  const builder = new EvidenceBuilder();
  for (const identifier of identifiersOf(full)) {
    const shared = Math.max(identifier.shared as number, identifier.members.length);
    if (shared <= maxShared && identifier.members.length < 2) continue;
    const links = identifier.members.map((m, i) => ({ member: full.members[m] as NetworkMember, weight: identifier.weights[i] as number }));
    builder.addIdentifier(identifier.kind as EvidenceKind, identifier.key, shared, shared > maxShared ? [] : links);
  }
  return builder.build();
}

describe('findNetworks on the evidence the reader leaves out', () => {
  it('finds the same networks, hubs and splits without one-member identifiers and hub members', () => {
    const kinds: EvidenceKind[] = ['officer', 'company', 'address', 'phone', 'ip', 'nameServer'];
    const weights = [1, 0.9, 0.8, 0.7, 0.3, 0.2];
    let networks = 0;
    let split = 0;
    let hubs = 0;
    for (let trial = 1; trial <= 60; trial++) {
      const random = mulberry32(trial);
      const members = 20 + Math.floor(random() * 300);
      const identifiers = 10 + Math.floor(random() * 200);
      const rows: EvidenceRow[] = [];
      for (let r = Math.floor(random() * 1200); r > 0; r--) {
        const m = Math.floor(random() * members);
        const i = Math.floor(random() ** 2 * identifiers);
        rows.push({
          member: { kind: m % 3 === 0 ? 'domain' : 'company', id: m, key: `k${m}` },
          evidenceKind: kinds[i % kinds.length] as EvidenceKind,
          evidenceKey: `id${i}`,
          weight: weights[Math.floor(random() * weights.length)] as number,
          shared: random() < 0.1 ? Math.floor(random() * 40) : null,
        });
      }
      const options = { ...DEFAULT_NETWORK_OPTIONS, maxShared: 5 + Math.floor(random() * 30), splitAbove: 2 + Math.floor(random() * 20) };
      const full = findNetworks(evidenceOf(rows), options);
      expect(findNetworks(asTheReaderReadsIt(evidenceOf(rows), options.maxShared), options)).toEqual(full);
      networks += full.networks.length;
      split += full.split;
      hubs += full.hubs.length;
    }
    // The fixtures exercise every step: networks, Louvain splits and hubs.
    expect(networks).toBeGreaterThan(100);
    expect(split).toBeGreaterThan(10);
    expect(hubs).toBeGreaterThan(100);
  });
});
