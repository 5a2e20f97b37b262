import { describe, expect, it } from 'vitest';
import {
  caseFlagsSection,
  countFlags,
  type Flag,
  type FlagShared,
  findingsOf,
  flagsCsv,
  flagsJson,
  flagsTable,
  flagUid,
  loadRules,
  parseRule,
  type Severity,
  sortFlags,
} from '../../src/flags/index.js';

const flag = (rule: string, score: number, key: string, fact = 'a fact', severity: Severity = 'high'): Flag => ({
  rule,
  severity,
  score,
  record: { kind: 'company', id: 7, key, name: null },
  evidence: [{ fact, records: [{ kind: 'company', id: 8, key: '7700000008', name: null }] }],
  shared: null,
});

/** A company flagged by a rule that groups: `title` at `shared`. */
const member = (rule: string, severity: Severity, score: number, key: string, title: string, shared: FlagShared): Flag => ({
  rule,
  severity,
  score,
  record: { kind: 'company', id: Number(key), key, name: title },
  evidence: [{ fact: `${shared.fact} (one of them)`, records: [] }],
  shared,
});

const ADDRESS: FlagShared = { kind: 'address', key: 'addr-1', name: 'Москва, Ленина, 1', fact: 'Москва, Ленина, 1 houses 72 companies' };
const NOMINEE: FlagShared = {
  kind: 'officer',
  key: 'inn:7701',
  name: 'Иванов И. И. (INN 7701)',
  fact: 'Иванов И. И. (INN 7701) is manager or founder of 59 companies',
};

describe('flag rules are data', () => {
  it('every rule of cypher/flags/rules/ parses: id, severity, description, thresholds with their reasons', () => {
    const rules = loadRules();
    expect(rules.map((r) => r.id)).toEqual([
      'competitors-share-control',
      'liquidated-serves-live',
      'listed',
      'mass-address',
      'mass-officer',
      'no-activity-many-sites',
      'phoenix',
      'registrant-mismatch',
      'young-company',
    ]);
    for (const rule of rules) {
      expect(rule.description.length).toBeGreaterThan(40);
      for (const t of rule.thresholds) expect(t.description).toMatch(/\d/); // says what the default was chosen from
    }
    expect(rules.find((r) => r.id === 'mass-officer')?.thresholds).toEqual([
      expect.objectContaining({ name: 'minCompanies', default: 10 }),
    ]);
  });

  it('refuses a rule that names another id, lacks a severity or uses an undeclared parameter', () => {
    const head = '// rule: x\n// severity: high\n// description: d\n// threshold: n 3  why 3\n';
    expect(parseRule('x', `${head}MATCH (n) WHERE size($scope) > $n RETURN n`).thresholds).toHaveLength(1);
    expect(() => parseRule('y', `${head}RETURN 1`)).toThrow(/names rule "x"; the file's name is the rule's id/);
    expect(() => parseRule('x', '// rule: x\n// description: d\nRETURN 1')).toThrow(/no `\/\/ severity:` line/);
    expect(() => parseRule('x', `${head}RETURN $other`)).toThrow(/uses \$other, which is neither \$scope nor a threshold/);
  });
});

describe('flags output', () => {
  it('most severe first, then rule (a watch list hit first), then the highest score, then the record; one uid per rule and record', () => {
    const sorted = sortFlags([
      flag('b', 0.5, '2', 'x', 'medium'),
      flag('young', 1, '9', 'x', 'low'),
      flag('b', 0.9, '3', 'x', 'medium'),
      flag('a', 0.5, '3'),
      flag('a', 0.9, '1', 'x', 'medium'),
      flag('z', 0.6, '1'),
      flag('a', 0.5, '1'),
      flag('listed', 0.7, '5'),
      flag('listed', 0.8, '4', 'x', 'medium'),
    ]);
    expect(sorted.map((f) => `${f.severity} ${f.rule}:${f.score}:${f.record.key}`)).toEqual([
      'high listed:0.7:5',
      'high a:0.5:1',
      'high a:0.5:3',
      'high z:0.6:1',
      'medium listed:0.8:4',
      'medium a:0.9:1',
      'medium b:0.9:3',
      'medium b:0.5:2',
      'low young:1:9',
    ]);
    expect(flagUid('mass-address', { kind: 'company', id: 7, key: '77' })).toBe('mass-address|company#7');
    expect(flagUid('mass-address', { kind: 'company', id: null, key: '77' })).toBe('mass-address|company:77');
  });

  // Three companies at one mass address, two fronted by one nominee, a phoenix: five flags, three findings.
  const world = [
    member('mass-address', 'medium', 0.6, '7700000003', 'ООО "Вега"', ADDRESS),
    flag('phoenix', 0.7, '7700000009'),
    member('mass-officer', 'high', 0.55, '7700000002', 'ООО "Бета"', NOMINEE),
    member('mass-address', 'medium', 0.6, '7700000001', 'ООО "Альфа"', ADDRESS),
    member('mass-officer', 'high', 0.55, '7700000001', 'ООО "Альфа"', NOMINEE),
    member('mass-address', 'medium', 0.6, '7700000002', 'ООО "Бета"', ADDRESS),
  ];

  it('groups the flags of one rule sharing one identifier into one finding, the most severe finding first', () => {
    const findings = findingsOf(world);
    expect(findings.map((f) => [f.severity, f.rule, f.shared?.key ?? null, f.flags.map((x) => x.record.key)])).toEqual([
      ['high', 'mass-officer', 'inn:7701', ['7700000001', '7700000002']],
      ['high', 'phoenix', null, ['7700000009']],
      ['medium', 'mass-address', 'addr-1', ['7700000001', '7700000002', '7700000003']],
    ]);
    expect(countFlags(findings)).toEqual([
      { severity: 'high', rule: 'mass-officer', flags: 2, findings: 1 },
      { severity: 'high', rule: 'phoenix', flags: 1, findings: 1 },
      { severity: 'medium', rule: 'mass-address', flags: 3, findings: 1 },
    ]);
  });

  it('the table opens with the counts, then each finding once, named by names with keys, the first five members', () => {
    const crowd = Array.from({ length: 7 }, (_, i) => member('mass-address', 'medium', 0.6, `770000001${i}`, `ООО "Фирма ${i}"`, ADDRESS));
    expect(flagsTable([...world, ...crowd])).toBe(
      [
        '13 flags in 3 findings:',
        '  high    mass-officer      2 in 1 finding',
        '  high    phoenix           1',
        '  medium  mass-address     10 in 1 finding',
        '',
        'high   0.55  mass-officer  Иванов И. И. (INN 7701) is manager or founder of 59 companies: 2 records flagged',
        '    ООО "Альфа" (company:7700000001)',
        '    ООО "Бета" (company:7700000002)',
        '',
        'high   0.70  phoenix  company:7700000009',
        '    a fact',
        '      company:7700000008',
        '',
        'medium 0.60  mass-address  Москва, Ленина, 1 houses 72 companies: 10 records flagged',
        '    ООО "Альфа" (company:7700000001)',
        '    ООО "Бета" (company:7700000002)',
        '    ООО "Вега" (company:7700000003)',
        '    ООО "Фирма 0" (company:7700000010)',
        '    ООО "Фирма 1" (company:7700000011)',
        '    and 5 more',
        '',
      ].join('\n'),
    );
  });

  it('JSON: the counts, the findings with their members, and every flag with its name', () => {
    const json = JSON.parse(flagsJson(world));
    expect(json.summary).toEqual([
      { severity: 'high', rule: 'mass-officer', flags: 2, findings: 1 },
      { severity: 'high', rule: 'phoenix', flags: 1, findings: 1 },
      { severity: 'medium', rule: 'mass-address', flags: 3, findings: 1 },
    ]);
    expect(json.findings[0]).toEqual({
      rule: 'mass-officer',
      severity: 'high',
      score: 0.55,
      shared: NOMINEE,
      members: [
        { kind: 'company', id: 7700000001, key: '7700000001', name: 'ООО "Альфа"' },
        { kind: 'company', id: 7700000002, key: '7700000002', name: 'ООО "Бета"' },
      ],
      evidence: [],
    });
    expect(json.findings[1]).toEqual({
      rule: 'phoenix',
      severity: 'high',
      score: 0.7,
      shared: null,
      members: [{ kind: 'company', id: 7, key: '7700000009', name: null }],
      evidence: [{ fact: 'a fact', records: [{ kind: 'company', id: 8, key: '7700000008', name: null }] }],
    });
    expect(json.flags.map((f: Flag) => `${f.rule} ${f.record.key}`)).toEqual([
      'mass-officer 7700000001',
      'mass-officer 7700000002',
      'phoenix 7700000009',
      'mass-address 7700000001',
      'mass-address 7700000002',
      'mass-address 7700000003',
    ]);
  });

  it('the case file section counts first, then one row per finding naming its members', () => {
    const { html } = caseFlagsSection(world, { seeds: ['company:7700000001'], depth: 1, skipped: null });
    expect(html).toContain('Red flags <span class="count">(6 in 3 findings)</span>');
    const [counts, findings] = html.split('<table class="flags">') as [string, string];
    expect(counts).toContain('<td>mass-officer</td><td class="num">2</td><td class="num">1</td>');
    const rows = findings.split('</tr>').filter((r) => r.includes('<td>'));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain(
      '<td>Иванов И. И. (INN 7701) is manager or founder of 59 companies</td><td class="num">0.55</td><td><div>2 records of this file flagged:</div><div class="members">ООО &quot;Альфа&quot; (company:7700000001); ООО &quot;Бета&quot; (company:7700000002)</div></td>',
    );
    expect(rows[2]).toContain('<td>mass-address</td>');
  });

  it('prints the documented JSON, CSV safe to open, and a table inert on a terminal', () => {
    const hostile = flag('mass-address', 0.75, '7700000007', '=HYPERLINK("http://evil.example/x","open") \u001b[31mred');
    expect(JSON.parse(flagsJson([hostile])).flags).toEqual([
      {
        rule: 'mass-address',
        severity: 'high',
        score: 0.75,
        record: { kind: 'company', id: 7, key: '7700000007', name: null },
        evidence: [{ fact: hostile.evidence[0]?.fact, records: [{ kind: 'company', id: 8, key: '7700000008', name: null }] }],
        shared: null,
      },
    ]);
    expect(flagsCsv([hostile]).split('\r\n')[1]).toBe(
      `mass-address,high,0.75,company,7,7700000007,"'=HYPERLINK(""http://evil.example/x"",""open"") \u001b[31mred",,`,
    );
    expect(flagsTable([hostile])).toBe(
      '1 flag in 1 finding:\n  high    mass-address      1\n\nhigh   0.75  mass-address  company:7700000007\n    =HYPERLINK("http://evil.example/x","open") \\u001B[31mred\n      company:7700000008\n',
    );
  });
});
