import { describe, expect, it } from 'vitest';
import { hubsLine, type NetworkResult, networksCsv, networksJson, networksTable, whyText } from '../../src/network/index.js';

const WHY_COMPANY = { kind: 'company' as const, key: '7707083893', weight: 0.8, weak: false, to: ['domain:example.com'], others: 1 };

const result: NetworkResult = {
  networks: [
    {
      id: 'net-000000000001',
      size: 2,
      score: 0.5,
      members: [
        { kind: 'company', id: 7, key: '7707083893', why: WHY_COMPANY, flags: ['mass-officer', 'young-company'] },
        { kind: 'domain', id: null, key: 'example.com', why: null, flags: [] },
      ],
      evidence: [{ kind: 'company', key: '7707083893', members: 2 }],
      flagged: { high: 1, medium: 0, low: 0, listed: 0 },
    },
  ],
  hubs: [{ kind: 'officer', key: 'inn:1, "nominee"', shared: 150 }],
  split: 0,
};

describe('networks output', () => {
  it('prints exactly the documented JSON shape (no hubs in it)', () => {
    expect(JSON.parse(networksJson(result))).toEqual({
      networks: [
        {
          id: 'net-000000000001',
          rank: 1,
          size: 2,
          score: 0.5,
          flagged: { high: 1, medium: 0, low: 0, listed: 0 },
          members: [
            {
              kind: 'company',
              id: 7,
              key: '7707083893',
              why: { kind: 'company', key: '7707083893', weight: 0.8, weak: false, to: ['domain:example.com'], others: 1 },
              flags: ['mass-officer', 'young-company'],
            },
            { kind: 'domain', id: null, key: 'example.com', why: null, flags: [] },
          ],
          evidence: [{ kind: 'company', key: '7707083893', members: 2 }],
        },
      ],
    });
  });

  it('names members and identifiers in the table where a name is known, made inert for a terminal', () => {
    const names = {
      members: new Map([['company:7707083893', 'ООО "Ромашка" \u001b[31mred']]),
      identifiers: new Map([['company:7707083893', 'ООО "Ромашка" (7707083893)']]),
    };
    expect(networksTable(result, { names })).toBe(
      '#1  net-000000000001  size 2  score 0.5  flagged 1 high\n    members:  ООО "Ромашка" \\u001B[31mred (company:7707083893), domain:example.com\n    evidence: company ООО "Ромашка" (7707083893) (2)\n',
    );
  });

  it('says why a network with a listed member ranks first: the first such member by name, its lists, how many more', () => {
    const network = result.networks[0]!;
    const listed: NetworkResult = {
      ...result,
      networks: [
        {
          ...network,
          members: [
            { ...network.members[0]!, flags: ['listed'], lists: ['opensanctions', 'watch\u001b[2J'] },
            { ...network.members[1]!, flags: ['listed'], lists: [] },
          ],
          flagged: { high: 2, medium: 0, low: 0, listed: 2 },
        },
      ],
    };
    const names = { members: new Map([['company:7707083893', 'ООО "Ромашка"']]), identifiers: new Map<string, string>() };
    expect(networksTable(listed, { names }).split('\n')[0]).toBe(
      '#1  net-000000000001  size 2  score 0.5  flagged 2 high  listed: ООО "Ромашка" (company:7707083893) on opensanctions, watch\\u001B[2J, +1 more',
    );
    expect((JSON.parse(networksJson(listed)) as { networks: { flagged: unknown }[] }).networks[0]?.flagged).toEqual({
      high: 2,
      medium: 0,
      low: 0,
      listed: 2,
    });
  });

  it('prints a ranked table with members and evidence, one CSV line per member, and the hubs on one line', () => {
    expect(networksTable(result)).toBe(
      '#1  net-000000000001  size 2  score 0.5  flagged 1 high\n    members:  company:7707083893, domain:example.com\n    evidence: company 7707083893 (2)\n',
    );
    const csv = networksCsv(result).split('\r\n');
    expect(csv[0]).toBe('network,rank,size,score,flagged,kind,id,key,evidence,why,flags');
    expect(csv[1]).toBe(
      'net-000000000001,1,2,0.5,1 high,company,7,7707083893,company 7707083893 (2),company 7707083893 (0.8) with domain:example.com,mass-officer; young-company',
    );
    expect(csv[2]).toBe('net-000000000001,1,2,0.5,1 high,domain,,example.com,company 7707083893 (2),,');
    expect(hubsLine(result.hubs, 20)).toBe(
      'ignored 1 hub (shared by more than 20 records, or public infrastructure): officer inn:1, "nominee" (150)',
    );
    expect(networksTable({ networks: [], hubs: [], split: 0 })).toBe('no networks\n');
  });

  it("numbers each network by its rank, not by where a listing put it (the seeds' own networks first)", () => {
    const one = result.networks[0]!;
    const listing: NetworkResult = {
      networks: [
        { ...one, id: 'net-000000000037', rank: 37 },
        { ...one, id: 'net-000000000002', rank: 2 },
      ],
      hubs: [],
      split: 0,
    };
    const heads = networksTable(listing)
      .split('\n')
      .filter((line) => line.startsWith('#'));
    expect(heads.map((line) => line.split('  ').slice(0, 2).join(' '))).toEqual(['#37 net-000000000037', '#2 net-000000000002']);
    const csv = networksCsv(listing).split('\r\n').slice(1, -1);
    expect(csv.map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      'net-000000000037,37',
      'net-000000000037,37',
      'net-000000000002,2',
      'net-000000000002,2',
    ]);
    const json = JSON.parse(networksJson(listing)) as { networks: { id: string; rank: number }[] };
    expect(json.networks.map((n) => [n.id, n.rank])).toEqual([
      ['net-000000000037', 37],
      ['net-000000000002', 2],
    ]);
  });

  it('says in the CSV why a member is in (starting with the kind, never a formula), weak evidence as such', () => {
    const why = { kind: 'ip' as const, key: '=1+2', weight: 0.3, weak: true, to: ['domain:a.ru', 'domain:b.ru', 'domain:c.ru'], others: 5 };
    expect(whyText(why)).toBe('ip =1+2 (0.3, weak only) with domain:a.ru, domain:b.ru, domain:c.ru, +2 more');
    const network = {
      ...result.networks[0]!,
      members: [{ kind: 'domain' as const, id: 1, key: '=cmd', why: { ...why, key: '=1+2' }, flags: [] }],
    };
    const line = networksCsv({ networks: [network], hubs: [], split: 0 }).split('\r\n')[1];
    expect(line).toBe(
      'net-000000000001,1,2,0.5,1 high,domain,1,\'=cmd,company 7707083893 (2),"ip =1+2 (0.3, weak only) with domain:a.ru, domain:b.ru, domain:c.ru, +2 more",',
    );
  });
});

describe('networks JSON in pieces', () => {
  it('is byte for byte JSON.stringify of the whole, for none, one and several networks with hostile keys', () => {
    const hostile = {
      ...result.networks[0]!,
      id: 'net-000000000002',
      members: [{ kind: 'domain' as const, id: 3, key: '\'}) DETACH DELETE n //\n"рф 🙂', why: null, flags: [] }],
    };
    for (const networks of [[], result.networks, [...result.networks, hostile, hostile]]) {
      const whole = `${JSON.stringify({ networks: networks.map(({ id, size, score, flagged, members, evidence }, i) => ({ id, rank: i + 1, size, score, flagged, members, evidence })) }, null, 2)}\n`;
      expect(networksJson({ networks, hubs: [], split: 0 })).toBe(whole);
    }
  });
});
