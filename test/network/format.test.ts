import { describe, expect, it } from 'vitest';
import { hubsLine, type NetworkResult, networksCsv, networksJson, networksTable } from '../../src/network/index.js';

const result: NetworkResult = {
  networks: [
    {
      id: 'net-000000000001',
      size: 2,
      score: 0.5,
      members: [
        { kind: 'company', id: 7, key: '7707083893' },
        { kind: 'domain', id: null, key: 'example.com' },
      ],
      evidence: [{ kind: 'company', key: '7707083893', members: 2 }],
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
          size: 2,
          score: 0.5,
          members: [
            { kind: 'company', id: 7, key: '7707083893' },
            { kind: 'domain', id: null, key: 'example.com' },
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
      '#1  net-000000000001  size 2  score 0.5\n    members:  ООО "Ромашка" \\u001B[31mred (company:7707083893), domain:example.com\n    evidence: company ООО "Ромашка" (7707083893) (2)\n',
    );
  });

  it('prints a ranked table with members and evidence, one CSV line per member, and the hubs on one line', () => {
    expect(networksTable(result)).toBe(
      '#1  net-000000000001  size 2  score 0.5\n    members:  company:7707083893, domain:example.com\n    evidence: company 7707083893 (2)\n',
    );
    expect(networksCsv(result).split('\r\n')[1]).toBe('net-000000000001,1,2,0.5,company,7,7707083893,company 7707083893 (2)');
    expect(hubsLine(result.hubs, 20)).toBe(
      'ignored 1 hub (shared by more than 20 records, or public infrastructure): officer inn:1, "nominee" (150)',
    );
    expect(networksTable({ networks: [], hubs: [], split: 0 })).toBe('no networks\n');
  });
});

describe('networks JSON in pieces', () => {
  it('is byte for byte JSON.stringify of the whole, for none, one and several networks with hostile keys', () => {
    const hostile = {
      ...result.networks[0]!,
      id: 'net-000000000002',
      members: [{ kind: 'domain' as const, id: 3, key: '\'}) DETACH DELETE n //\n"рф 🙂' }],
    };
    for (const networks of [[], result.networks, [...result.networks, hostile, hostile]]) {
      const whole = `${JSON.stringify({ networks: networks.map(({ id, size, score, members, evidence }) => ({ id, size, score, members, evidence })) }, null, 2)}\n`;
      expect(networksJson({ networks, hubs: [], split: 0 })).toBe(whole);
    }
  });
});
