import { describe, expect, it } from 'vitest';
import {
  type CaseName,
  describeCaseNetworks,
  identifierName,
  namesToRead,
  seedNameRefs,
  seedRef,
} from '../../src/network/case/findings.js';
import { networkPictures, networksSection } from '../../src/network/case/section.js';
import { dayOf, timeline } from '../../src/network/case/timeline.js';
import { DEFAULT_NETWORK_OPTIONS, type EvidenceRow, evidenceOf, findNetworks } from '../../src/network/index.js';

const HOSTILE = '<script>alert(1)</script> ООО "Ромашка" \u202Eevil';

const company = (key: string, id: number) => ({ kind: 'company' as const, id, key });
const domain = (key: string, id: number) => ({ kind: 'domain' as const, id, key });
const row = (member: EvidenceRow['member'], evidenceKind: EvidenceRow['evidenceKind'], evidenceKey: string, shared = 2): EvidenceRow => ({
  member,
  evidenceKind,
  evidenceKey,
  weight: 1,
  shared,
});

// Two companies sharing an officer and an address, a site naming the first; a nominee director (a hub) of the
// first; a stranger with only the hub in common.
const A = company('7700000001', 1);
const B = company('7700000002', 2);
const S = domain('romashka.ru', 3);
const X = company('7700000009', 9);
const ROWS: EvidenceRow[] = [
  row(A, 'company', A.key, 2),
  row(S, 'company', A.key, 2),
  row(B, 'company', B.key, 1),
  row(X, 'company', X.key, 1),
  row(S, 'domain', S.key, 1),
  row(A, 'officer', 'inn:500100732259'),
  row(B, 'officer', 'inn:500100732259'),
  row(A, 'address', 'москва, арбат 1'),
  row(B, 'address', 'москва, арбат 1'),
  row(A, 'officer', 'inn:000000000001', 150),
  row(X, 'officer', 'inn:000000000001', 150),
];

const NAMES = new Map<string, CaseName>([
  [seedRef({ kind: 'company', key: A.key }), { id: 1, key: A.key, name: HOSTILE, date: '2015-03-01' }],
  ['company:7700000001', { id: 1, key: A.key, name: HOSTILE, date: '2015-03-01' }],
  ['company:7700000002', { id: 2, key: B.key, name: 'ООО "Лютик"', date: '2015-03-20' }],
  ['domain:romashka.ru', { id: 3, key: S.key, name: null, date: '2016-07-01T00:00:00Z' }],
  ['officer:inn:500100732259', { id: null, key: 'inn:500100732259', name: 'Иванов Иван Иванович', date: null }],
  ['address:москва, арбат 1', { id: null, key: null, name: 'Москва, Арбат, 1', date: null }],
  ['officer:inn:000000000001', { id: null, key: null, name: 'Номинальный Директор', date: null }],
]);

const EVIDENCE = evidenceOf(ROWS);

describe('the case file networks (pure)', () => {
  const result = findNetworks(EVIDENCE, DEFAULT_NETWORK_OPTIONS);
  const params = { seeds: [`company:${A.key}`], depth: 2, maxShared: 20 };
  const described = describeCaseNetworks(EVIDENCE, result, [{ kind: 'company', key: A.key }], NAMES, params);

  it('keeps the seed’s network: members seed first with names and dates, identifiers with the members they tie, hubs touching it', () => {
    expect(described.networks).toHaveLength(1);
    const [n] = described.networks;
    expect(n?.members.map((m) => [m.ref, m.seed, m.date])).toEqual([
      ['company:7700000001', true, '2015-03-01'],
      ['company:7700000002', false, '2015-03-20'],
      ['domain:romashka.ru', false, '2016-07-01T00:00:00Z'],
    ]);
    expect(n?.members[2]?.name).toBe('romashka.ru');
    expect(n?.evidence.map((e) => [e.kind, e.name, e.members])).toEqual(
      expect.arrayContaining([
        ['officer', 'Иванов Иван Иванович (INN 500100732259)', ['company:7700000001', 'company:7700000002']],
        ['address', 'Москва, Арбат, 1', ['company:7700000001', 'company:7700000002']],
        ['company', `${HOSTILE} (7700000001)`, ['company:7700000001', 'domain:romashka.ru']],
      ]),
    );
    expect(n?.hubs).toEqual([
      { kind: 'officer', key: 'inn:000000000001', name: 'Номинальный Директор (INN 000000000001)', shared: 150, members: 1 },
    ]);
    expect(described.alone).toEqual([]);
    expect(described.others).toBe(0);
  });

  it('says why each member is in: its strongest tie to the others', () => {
    const [network] = described.networks;
    const why = Object.fromEntries((network?.members ?? []).map((m) => [m.ref, m.why]));
    // The fixture's ties all weigh 1: the strongest first, ties broken by kind (address, company, officer).
    expect(why).toEqual({
      'company:7700000001': 'address:москва, арбат 1',
      'company:7700000002': 'address:москва, арбат 1',
      'domain:romashka.ru': 'company:7700000001',
    });
    const html = networksSection(described);
    expect(html.match(/<td class="why">registration address Москва, Арбат, 1, with 1 other<\/td>/g)).toHaveLength(2);
    expect(html).toContain(
      '<td class="why">tied to &lt;script&gt;alert(1)&lt;/script&gt; ООО &quot;Ромашка&quot; [U+202E]evil (company)</td>',
    );
  });

  it('asks the lookup for members, identifiers and the hubs of the chosen networks; seeds by id or key', () => {
    const refs = namesToRead(result.networks, result.hubs, EVIDENCE).map((r) => r.ref);
    expect(refs).toEqual(expect.arrayContaining(['company:7700000001', 'officer:inn:500100732259', 'officer:inn:000000000001']));
    expect(refs).not.toContain('company:7700000009');
    expect(
      seedNameRefs([
        { kind: 'domain', id: 42 },
        { kind: 'company', key: '1027700132195' },
      ]),
    ).toEqual([
      { ref: 'seed:domain#42', pivot: false, kind: 'domain', id: 42, key: null },
      { ref: 'seed:company:1027700132195', pivot: false, kind: 'company', id: null, key: '1027700132195' },
    ]);
    expect(identifierName('officer', 'name:петров пётр', null)).toBe('петров пётр');
  });

  it('a seed in no network is named as alone', () => {
    const alone = describeCaseNetworks(EVIDENCE, result, [{ kind: 'company', key: X.key }], new Map(), {
      ...params,
      seeds: [`company:${X.key}`],
    });
    expect(alone.networks).toEqual([]);
    expect(alone.alone).toEqual([`company:${X.key}`]);
    expect(alone.others).toBe(1);
  });

  it('renders hostile names as inert text with bidi controls shown; pictures a tie between two members as a line', () => {
    const html = networksSection(described);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; ООО &quot;Ромашка&quot; [U+202E]evil');
    expect(html).not.toContain('\u202E');
    const [picture] = networkPictures(described);
    // The officer and the address each tie the two companies: two lines between them, no diamond of their own.
    const pairs = result.networks[0]!.evidence.filter((e) => e.kind === 'officer' || e.kind === 'address');
    expect(pairs.map((e) => e.members)).toEqual([2, 2]);
    expect(picture?.nodes.map((x) => [x.ref, x.member])).toEqual([
      ['company:7700000001', true],
      ['company:7700000002', true],
      ['domain:romashka.ru', true],
    ]);
    expect(picture?.edges.filter((e) => e.from === 'company:7700000001' && e.to === 'company:7700000002')).toHaveLength(2);
    expect(picture?.edges).toContainEqual({ from: 'domain:romashka.ru', to: 'company:7700000001', weak: false });
    expect(JSON.stringify(picture)).not.toContain('\u202E');
  });

  it("never lists a member as a hub of its network, and leaves a domain's own mailbox out of the ties", () => {
    const seeds = [{ kind: 'company' as const, key: A.key }];
    const describe = (rows: EvidenceRow[], extra: [string, CaseName][] = []) => {
      const evidence = evidenceOf(rows);
      return describeCaseNetworks(evidence, findNetworks(evidence, DEFAULT_NETWORK_OPTIONS), seeds, new Map([...NAMES, ...extra]), params)
        .networks[0];
    };
    // The seed company is named by 40 records: a hub by count, yet a member of its own network.
    const named = describe(ROWS.map((r) => (r.evidenceKind === 'company' && r.evidenceKey === A.key ? { ...r, shared: 40 } : r)));
    expect(named?.members.map((m) => m.ref)).toContain('company:7700000001');
    expect(named?.hubs.map((h) => `${h.kind}:${h.key}`)).toEqual(['officer:inn:000000000001']);
    // The site's mailbox ties only to the site: the same owner, not a tie.
    const E = { kind: 'email' as const, id: 4, key: 'info@romashka.ru' };
    const mailbox = describe(
      [
        ...ROWS.filter((r) => !(r.member === S && r.evidenceKind === 'domain')),
        row(E, 'email', E.key, 1),
        row(E, 'domain', S.key),
        row(S, 'domain', S.key),
      ],
      [['email:info@romashka.ru', { id: 4, key: E.key, name: null, date: null }]],
    );
    expect(mailbox?.members.map((m) => m.ref)).toContain('email:info@romashka.ru');
    expect(mailbox?.evidence.map((e) => e.ref)).not.toContain('domain:romashka.ru');
    expect(mailbox?.ownMailboxes.map((e) => [e.ref, e.members])).toEqual([
      ['domain:romashka.ru', ['domain:romashka.ru', 'email:info@romashka.ru']],
    ]);
    expect(networksSection({ ...described, networks: [mailbox!] })).toContain(
      'Not listed: 1 member domain tied only to e-mail addresses at itself',
    );
    // The picture still holds the mailbox, tied to its domain.
    expect(networkPictures({ ...described, networks: [mailbox!] })[0]?.edges).toContainEqual({
      from: 'email:info@romashka.ru',
      to: 'domain:romashka.ru',
      weak: false,
    });
  });

  it('draws the timeline oldest first on a year axis, as SVG without script', () => {
    expect(dayOf('2016-07-01T00:00:00Z')).toBe(Date.UTC(2016, 6, 1));
    expect(dayOf('01.07.2016')).toBeNull();
    const svg = timeline(described.networks[0]!.members);
    expect(svg).toMatch(/<svg class="timeline"/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
    expect([...svg.matchAll(/class="date">([^<]+)</g)].map((m) => m[1])).toEqual(['2015-03-01', '2015-03-20', '2016-07-01']);
    expect([...svg.matchAll(/class="year">(\d+)</g)].map((m) => m[1])).toEqual(['2015', '2016', '2017']);
  });
});
