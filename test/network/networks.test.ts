import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NETWORK_OPTIONS,
  EVIDENCE_WEIGHTS,
  type EvidenceKind,
  type EvidenceRow,
  memberKey,
  type NetworkMember,
} from '../../src/network/model.js';
import { evidenceOf } from '../../src/network/evidence.js';
import { findNetworks, networkId } from '../../src/network/networks.js';

const company = (n: number): NetworkMember => ({ kind: 'company', id: n, key: `77${String(n).padStart(8, '0')}` });
const domain = (n: number): NetworkMember => ({ kind: 'domain', id: 1000 + n, key: `site${n}.ru` });

function row(member: NetworkMember, evidenceKind: EvidenceKind, evidenceKey: string, weight = 1, shared?: number): EvidenceRow {
  return { member, evidenceKind, evidenceKey, weight, ...(shared === undefined ? {} : { shared }) };
}

/** A group of companies with one domain each: all share an officer and an address, pairs share phones. */
function denseGroup(tag: string, first: number, companies: number): EvidenceRow[] {
  const rows: EvidenceRow[] = [];
  for (let i = 0; i < companies; i++) {
    const c = company(first + i);
    const d = domain(first + i);
    rows.push(row(c, 'officer', `inn:${tag}`), row(c, 'address', `${tag} street 1`, 0.7));
    rows.push(row(c, 'company', c.key as string), row(d, 'company', c.key as string, 0.8));
    rows.push(row(d, 'phone', `+7${tag}${Math.floor(i / 2)}`, 0.9), row(c, 'phone', `+7${tag}${Math.floor(i / 2)}`, 0.9));
    rows.push(row(d, 'ip', `10.${tag.length}.${first}.${i}`, 0.3));
  }
  return rows;
}

const keysOf = (members: readonly NetworkMember[]) => members.map(memberKey).sort();

describe('findNetworks', () => {
  it('ties records sharing an identifier, one network per connected component', () => {
    const rows = [
      row(company(1), 'officer', 'inn:1'),
      row(company(2), 'officer', 'inn:1'),
      row(company(2), 'address', 'a', 0.7),
      row(company(3), 'address', 'a', 0.7),
      row(company(4), 'officer', 'inn:2'),
      row(company(5), 'officer', 'inn:2'),
      row(company(6), 'officer', 'inn:3'),
    ];
    const { networks } = findNetworks(evidenceOf(rows), DEFAULT_NETWORK_OPTIONS);
    expect(networks.map((n) => keysOf(n.members))).toEqual([
      keysOf([company(1), company(2), company(3)]), // (1 + 0.7) / 3
      keysOf([company(4), company(5)]), // 1 / 2
    ]);
  });

  it('ignores identifiers shared by more than maxShared records and reports them as hubs', () => {
    const rows: EvidenceRow[] = [];
    for (let i = 1; i <= 30; i++) rows.push(row(company(i), 'officer', 'inn:nominee'));
    rows.push(row(company(1), 'address', 'a', 0.7), row(company(2), 'address', 'a', 0.7));
    // Only two in the scope, but the graph says 500 records share it.
    rows.push(row(company(3), 'email', 'info@mail.ru', 0.9, 500), row(company(4), 'email', 'info@mail.ru', 0.9, 500));
    const { networks, hubs } = findNetworks(evidenceOf(rows), { ...DEFAULT_NETWORK_OPTIONS, maxShared: 20 });
    expect(hubs).toEqual([
      { kind: 'email', key: 'info@mail.ru', shared: 500 },
      { kind: 'officer', key: 'inn:nominee', shared: 30 },
    ]);
    expect(networks.map((n) => keysOf(n.members))).toEqual([keysOf([company(1), company(2)])]);
    expect(networks[0]?.evidence).toEqual([{ kind: 'address', key: 'a', members: 2 }]);
  });

  it('never joins two groups by weak evidence alone: a shared name server, mail server or IP', () => {
    // 8 members each: together under splitAbove, so no Louvain would part them once joined.
    const a = denseGroup('aa', 100, 4);
    const b = denseGroup('bbb', 200, 4);
    const bridge = [
      row(domain(100), 'nameServer', 'ns1.shared.ru', 0.2),
      row(domain(200), 'nameServer', 'ns1.shared.ru', 0.2),
      row(domain(101), 'mailServer', 'mx.shared.ru', 0.3),
      row(domain(201), 'mailServer', 'mx.shared.ru', 0.3),
      row(domain(102), 'ip', '10.0.0.1', 0.3),
      row(domain(202), 'ip', '10.0.0.1', 0.3),
    ];
    const { networks, split } = findNetworks(evidenceOf([...a, ...b, ...bridge]), DEFAULT_NETWORK_OPTIONS);
    expect(split).toBe(0);
    expect(networks).toHaveLength(2);
    const groups = networks.map((n) => keysOf(n.members));
    const expectA = keysOf(a.map((r) => r.member).filter((m, i, all) => all.findIndex((x) => memberKey(x) === memberKey(m)) === i));
    expect(groups).toContainEqual(expectA);
    expect(groups.flat()).toHaveLength(16);
  });

  it('cuts a ring of 40 dense groups tied by weak phones into its groups, each whole', () => {
    const rows: EvidenceRow[] = [];
    for (let g = 0; g < 40; g++) {
      for (let i = 0; i < 6; i++)
        rows.push(row(company(g * 10 + i), 'officer', `inn:g${g}`), row(company(g * 10 + i), 'address', `g${g}`, 0.7));
      // A chain of weak ties: a company of each group shares a phone with one of the next.
      rows.push(row(company(g * 10), 'phone', `+7chain${g}`, 0.3), row(company(((g + 1) % 40) * 10 + 1), 'phone', `+7chain${g}`, 0.3));
    }
    const { networks } = findNetworks(evidenceOf(rows), { ...DEFAULT_NETWORK_OPTIONS, splitAbove: 10 });
    expect(Math.max(...networks.map((n) => n.size))).toBeLessThanOrEqual(100);
    for (let g = 0; g < 40; g++) {
      const key = memberKey(company(g * 10 + 2));
      const home = networks.find((n) => n.members.some((m) => memberKey(m) === key));
      for (let i = 0; i < 6; i++) expect(home?.members.map(memberKey)).toContain(memberKey(company(g * 10 + i)));
    }
  });

  it('keeps one dense group whole even above splitAbove', () => {
    const { networks, split } = findNetworks(evidenceOf(denseGroup('cc', 300, 14)), DEFAULT_NETWORK_OPTIONS);
    expect(split).toBe(0);
    expect(networks).toHaveLength(1);
    expect(networks[0]?.size).toBe(28);
  });

  it('splits two dense groups joined by one thin tie of control with Louvain', () => {
    const a = denseGroup('aa', 100, 8);
    const b = denseGroup('bbb', 200, 8);
    const bridge = [row(domain(100), 'phone', '+7bridge', 0.3), row(domain(200), 'phone', '+7bridge', 0.3)];
    const { networks, split } = findNetworks(evidenceOf([...a, ...b, ...bridge]), DEFAULT_NETWORK_OPTIONS);
    expect(split).toBe(1);
    expect(networks.map((n) => n.size)).toEqual([16, 16]);
  });

  it('counts weak evidence between members that stronger evidence groups, and never listed public infrastructure', () => {
    const rows = [
      row(company(1), 'officer', 'inn:1'),
      row(company(2), 'officer', 'inn:1'),
      row(company(1), 'nameServer', 'ns1.own-dns.ru', 0.2),
      row(company(2), 'nameServer', 'ns1.own-dns.ru', 0.2),
      // Counted here only twice, yet a public name server and webmail: hubs whatever their count.
      row(company(1), 'nameServer', 'ns2.cloudflare.com', 0.2),
      row(company(2), 'nameServer', 'ns2.cloudflare.com', 0.2),
      row(company(3), 'domain', 'mail.ru', 0.7),
      row(company(4), 'domain', 'mail.ru', 0.7),
    ];
    const { networks, hubs } = findNetworks(evidenceOf(rows), DEFAULT_NETWORK_OPTIONS);
    expect(networks.map((n) => [n.size, n.score])).toEqual([[2, 0.6]]); // (1 + 0.2) / 2
    expect(networks[0]?.evidence.map((e) => e.key)).toEqual(['inn:1', 'ns1.own-dns.ru']);
    expect(hubs.map((h) => `${h.kind}:${h.key}`).sort()).toEqual(['domain:mail.ru', 'nameServer:ns2.cloudflare.com']);
  });

  it('keeps components of at most splitAbove members whole', () => {
    const a = denseGroup('aa', 100, 4);
    const b = denseGroup('bbb', 200, 4);
    const bridge = [row(domain(100), 'phone', '+7bridge', 0.3), row(domain(200), 'phone', '+7bridge', 0.3)];
    const { networks } = findNetworks(evidenceOf([...a, ...b, ...bridge]), DEFAULT_NETWORK_OPTIONS);
    expect(networks.map((n) => n.size)).toEqual([16]);
  });

  it('gives the same ids and order whatever the order of the rows, and ids from the members only', () => {
    const rows = [
      ...denseGroup('aa', 100, 8),
      ...denseGroup('bbb', 200, 8),
      row(domain(100), 'ip', 'x', 0.3),
      row(domain(200), 'ip', 'x', 0.3),
    ];
    const first = findNetworks(evidenceOf(rows), DEFAULT_NETWORK_OPTIONS);
    const shuffled = [...rows].reverse();
    for (let i = 0; i < shuffled.length; i += 3) shuffled.push(...shuffled.splice(i, 1));
    expect(findNetworks(evidenceOf(shuffled), DEFAULT_NETWORK_OPTIONS)).toEqual(first);
    for (const network of first.networks) {
      expect(network.id).toBe(networkId(network.members.map(memberKey).reverse()));
      expect(network.id).toMatch(/^net-[0-9a-f]{12}$/);
    }
  });

  it('scores weighted ties per member and orders networks and evidence by strength', () => {
    const rows = [
      row(company(1), 'officer', 'inn:1'),
      row(company(2), 'officer', 'inn:1'),
      row(company(3), 'officer', 'inn:1'),
      row(company(1), 'address', 'a', 0.7),
      row(company(2), 'address', 'a', 0.7),
      row(domain(7), 'ip', '1.2.3.4', 0.3),
      row(domain(8), 'ip', '1.2.3.4', 0.3),
    ];
    const { networks } = findNetworks(evidenceOf(rows), DEFAULT_NETWORK_OPTIONS);
    // The two domains share only an IP: weak evidence alone makes no network.
    expect(networks.map((n) => [n.size, n.score])).toEqual([
      [3, 0.9], // (1 x 2 + 0.7 x 1) / 3
    ]);
    expect(networks[0]?.evidence).toEqual([
      { kind: 'officer', key: 'inn:1', members: 3 },
      { kind: 'address', key: 'a', members: 2 },
    ]);
  });

  it('drops groups smaller than minSize and records tied to nothing', () => {
    const rows = [
      row(company(1), 'officer', 'inn:1'),
      row(company(2), 'officer', 'inn:1'),
      row(company(3), 'officer', 'inn:1'),
      row(company(4), 'address', 'b'),
      row(company(5), 'address', 'b'),
      row(company(6), 'company', company(6).key as string),
    ];
    expect(findNetworks(evidenceOf(rows), DEFAULT_NETWORK_OPTIONS).networks.map((n) => n.size)).toEqual([3, 2]);
    expect(findNetworks(evidenceOf(rows), { ...DEFAULT_NETWORK_OPTIONS, minSize: 3 }).networks.map((n) => n.size)).toEqual([3]);
  });

  it('takes the strongest link of a member to an identifier, and a stub by key as the same record as its fetched node', () => {
    const stub: NetworkMember = { kind: 'company', id: null, key: company(1).key };
    const rows = [
      row(stub, 'company', company(1).key as string),
      row(company(1), 'company', company(1).key as string),
      row(domain(1), 'company', company(1).key as string, 0.8),
      row(domain(1), 'company', company(1).key as string, 1),
    ];
    const { networks } = findNetworks(evidenceOf(rows), DEFAULT_NETWORK_OPTIONS);
    expect(networks).toHaveLength(1);
    // The site's strongest link (1, not 0.8) counts in why too.
    const why = (to: string) => ({ kind: 'company', key: company(1).key, weight: 1, weak: false, to: [to], others: 1 });
    expect(networks[0]?.members).toEqual([
      { ...company(1), why: why(memberKey(domain(1))), flags: [] },
      { ...domain(1), why: why(memberKey(company(1))), flags: [] },
    ]);
    expect(networks[0]?.score).toBe(0.5);
  });

  it('ties two companies an analyst declared SAME_AS (resolve --apply) at full weight, as evidence.cypher gives the rows', () => {
    // (a)-[:SAME_AS]->(b): a is linked to the identifier b; b is its own identifier. Each has its own site.
    const [a, b] = [company(1), company(2)];
    const rows = [
      row(a, 'company', a.key as string),
      row(b, 'company', b.key as string),
      row(a, 'company', b.key as string, EVIDENCE_WEIGHTS.sameAs),
      row(domain(1), 'company', a.key as string, 0.8),
      row(domain(2), 'company', b.key as string, 0.8),
    ];
    expect(EVIDENCE_WEIGHTS.sameAs).toBe(1);
    const { networks } = findNetworks(evidenceOf(rows), DEFAULT_NETWORK_OPTIONS);
    expect(networks.map((n) => keysOf(n.members))).toEqual([keysOf([a, b, domain(1), domain(2)])]);
    expect(networks[0]?.evidence[0]).toEqual({ kind: 'company', key: b.key, members: 3 });
    // Without the SAME_AS row: two networks.
    const without = rows.filter((_, index) => index !== 2);
    expect(findNetworks(evidenceOf(without), DEFAULT_NETWORK_OPTIONS).networks).toHaveLength(2);
  });

  it('weighs a tie the same whatever order the database read its links in (floating-point sums)', () => {
    // 0.7 + 0.9 + 0.3 is 1.9000000000000001, 0.3 + 0.9 + 0.7 is 1.9: read in the first order, the phone once
    // outweighed the address (0.95 + 0.95 = 1.9) and came first; read in the second, the address did.
    const phone = (m: number, weight: number) => row(company(m), 'phone', '+79990000000', weight);
    const address = [row(company(1), 'address', 'a', 0.95), row(company(2), 'address', 'a', 0.95), row(company(3), 'address', 'a', 1)];
    const one = [phone(1, 0.7), phone(2, 0.9), phone(3, 0.3), phone(4, 1), ...address];
    const other = [phone(3, 0.3), phone(2, 0.9), phone(1, 0.7), phone(4, 1), ...address];
    const evidence = (rows: EvidenceRow[]) => findNetworks(evidenceOf(rows), DEFAULT_NETWORK_OPTIONS).networks[0]?.evidence;
    expect(evidence(one)).toEqual([
      { kind: 'address', key: 'a', members: 3 },
      { kind: 'phone', key: '+79990000000', members: 4 },
    ]);
    expect(evidence(other)).toEqual(evidence(one));
  });
});
