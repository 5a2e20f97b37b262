import { describe, expect, it } from 'vitest';
import { flagsCsv, flagsJson, flagsTable, flagUid, loadRules, parseRule, sortFlags, type Flag } from '../../src/flags/index.js';

const flag = (rule: string, score: number, key: string, fact = 'a fact'): Flag => ({
  rule,
  severity: 'high',
  score,
  record: { kind: 'company', id: 7, key },
  evidence: [{ fact, records: [{ kind: 'company', id: 8, key: '7700000008' }] }],
});

describe('flag rules are data', () => {
  it('every rule of cypher/flags/rules/ parses: id, severity, description, thresholds with their reasons', () => {
    const rules = loadRules();
    expect(rules.map((r) => r.id)).toEqual([
      'competitors-share-control',
      'liquidated-serves-live',
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
  it('highest score first, then rule, then record; one uid per rule and record', () => {
    const sorted = sortFlags([flag('b', 0.5, '2'), flag('a', 0.5, '3'), flag('a', 0.9, '1'), flag('a', 0.5, '1')]);
    expect(sorted.map((f) => `${f.rule}:${f.score}:${f.record.key}`)).toEqual(['a:0.9:1', 'a:0.5:1', 'a:0.5:3', 'b:0.5:2']);
    expect(flagUid('mass-address', { kind: 'company', id: 7, key: '77' })).toBe('mass-address|company#7');
    expect(flagUid('mass-address', { kind: 'company', id: null, key: '77' })).toBe('mass-address|company:77');
  });

  it('prints the documented JSON, CSV safe to open, and a table inert on a terminal', () => {
    const hostile = flag('mass-address', 0.75, '7700000007', '=HYPERLINK("http://evil.example/x","open") \u001b[31mred');
    expect(JSON.parse(flagsJson([hostile]))).toEqual({
      flags: [
        {
          rule: 'mass-address',
          severity: 'high',
          score: 0.75,
          record: { kind: 'company', id: 7, key: '7700000007' },
          evidence: [{ fact: hostile.evidence[0]?.fact, records: [{ kind: 'company', id: 8, key: '7700000008' }] }],
        },
      ],
    });
    expect(flagsCsv([hostile]).split('\r\n')[1]).toBe(
      `mass-address,high,0.75,company,7,7700000007,"'=HYPERLINK(""http://evil.example/x"",""open"") \u001b[31mred"`,
    );
    expect(flagsTable([hostile])).toBe(
      'high   0.75  mass-address  company:7700000007\n    =HYPERLINK("http://evil.example/x","open") \\u001B[31mred\n',
    );
  });
});
