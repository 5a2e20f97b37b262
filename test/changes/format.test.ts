import { describe, expect, it } from 'vitest';
import { changeItems, formatCsv, formatJson, formatSummary, importance, terminalText } from '../../src/changes/format.js';
import { renderChangesHtml } from '../../src/changes/html.js';
import type { Changes, RecordChange } from '../../src/changes/model.js';

const HOSTILE = '<script>alert(1)</script>\u001b[2J\u202Eevil\nline "q", ;';

function record(overrides: Partial<RecordChange>): RecordChange {
  return {
    kind: 'company',
    id: 1,
    key: '7707083893',
    change: 'changed',
    fields: [],
    edgesAdded: [],
    edgesRemoved: [],
    pivotsAdded: [],
    pivotsRemoved: [],
    ...overrides,
  };
}

const changes: Changes = {
  report: {
    since: '2026-05-02T00:00:00.000Z',
    until: '2026-05-03T00:00:00.000Z',
    hits: [],
    records: [
      record({
        id: 1,
        fields: [{ name: 'companyStatus', before: 'active', after: 'liquidated' }],
        edgesRemoved: [{ type: 'RELATED', list: 'relatedDomains', to: { kind: 'domain', id: 9 } }],
        pivotsAdded: [{ type: 'HAS_OFFICER', pivot: { kind: 'person', key: 'name:иванов' }, role: 'manager' }],
      }),
      record({
        id: 2,
        key: '5001007322',
        change: 'new',
        pivotsAdded: [{ type: 'REGISTERED_AT', pivot: { kind: 'address', key: 'москва' }, role: null }],
      }),
      record({
        kind: 'domain',
        id: 5,
        key: 'gone.ru',
        change: 'gone',
        edgesRemoved: [{ type: 'SIMILAR', list: 'similarDomains', to: { kind: 'domain', id: 6 } }],
      }),
      record({ kind: 'domain', id: 7, key: 'new.ru', change: 'new' }),
    ],
  },
  titles: new Map([
    ['company#1', HOSTILE],
    ['company#2', 'ООО Новая'],
    ['domain#9', 'lost.ru'],
    ['pivot:person:name:иванов', 'Иванов Иван'],
  ]),
};

describe('formatJson', () => {
  it('prints exactly the contract: since, until, hits, records with their nine keys in order', () => {
    const parsed = JSON.parse(formatJson(changes.report)) as { since: string; until: string; records: Record<string, unknown>[] };
    expect(Object.keys(parsed)).toEqual(['since', 'until', 'hits', 'records']);
    for (const r of parsed.records) {
      expect(Object.keys(r)).toEqual([
        'kind',
        'id',
        'key',
        'change',
        'fields',
        'edgesAdded',
        'edgesRemoved',
        'pivotsAdded',
        'pivotsRemoved',
      ]);
    }
    expect(parsed.records[0]).toEqual({
      kind: 'company',
      id: 1,
      key: '7707083893',
      change: 'changed',
      fields: [{ name: 'companyStatus', before: 'active', after: 'liquidated' }],
      edgesAdded: [],
      edgesRemoved: [{ type: 'RELATED', list: 'relatedDomains', to: { kind: 'domain', id: 9 } }],
      pivotsAdded: [{ type: 'HAS_OFFICER', pivot: { kind: 'person', key: 'name:иванов' }, role: 'manager' }],
      pivotsRemoved: [],
    });
    expect(formatJson(changes.report).split('\n')).toHaveLength(2); // one line and its newline
  });
});

describe('items, importance and the summary', () => {
  it('ranks new companies, officers, gone records, lost links, other new records, fields', () => {
    const ranked = changeItems(changes)
      .filter((i) => importance(i) !== undefined)
      .sort((a, b) => importance(a)! - importance(b)!)
      .map((i) => `${i.record.kind}#${i.record.id} ${i.what} ${i.name}`);
    expect(ranked).toEqual([
      'company#2 record ',
      'company#1 pivot-added HAS_OFFICER manager',
      'domain#5 record ',
      'company#1 edge-removed RELATED relatedDomains',
      'domain#7 record ',
      'company#1 field companyStatus',
    ]);
  });

  it('prints counts, then one line per change; hostile titles cannot reach the terminal as control characters', () => {
    const text = formatSummary(changes);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Changes from 2026-05-02T00:00:00.000Z to 2026-05-03T00:00:00.000Z: 4 records (new 2, changed 1, gone 1, back 0)',
    );
    expect(lines[1]).toBe('+ new company 5001007322 "ООО Новая" (company#2): 1 link');
    expect(lines[2]).toMatch(/^\+ officer \(manager\) of company 7707083893 ".*" \(company#1\): person:name:иванов "Иванов Иван"$/);
    expect(lines[3]).toBe('- gone domain gone.ru (domain#5) (it had 1 link)');
    expect(lines[4]).toMatch(/^- lost link company 7707083893 .* -RELATED relatedDomains-> domain#9 "lost.ru"$/);
    expect(lines[5]).toBe('+ new domain new.ru (domain#7)');
    expect(lines[6]).toMatch(/: companyStatus "active" → "liquidated"$/);
    expect(lines).toHaveLength(7);
    expect(text).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202E]/);
    expect(text).toContain('\\u001B[2J\\u202Eevil\\u000Aline');
    expect(formatSummary(changes, { maxLines: 2 }).trimEnd().split('\n').pop()).toBe(
      '… 4 more (--json, --csv or --html --out FILE list everything)',
    );
    expect(formatSummary({ ...changes, report: { ...changes.report, records: [] } })).toBe(
      'No changes from 2026-05-02T00:00:00.000Z to 2026-05-03T00:00:00.000Z.\n',
    );
  });

  it('terminalText escapes backslashes too, so an escape cannot be forged', () => {
    expect(terminalText('a\\u001Bb\u001b')).toBe('a\\\\u001Bb\\u001B');
  });
});

describe('formatCsv', () => {
  it('one row per item, RFC 4180 quoting, CRLF', () => {
    const csv = formatCsv(changes);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('kind,id,key,title,change,what,name,before,after,target,target_title');
    expect(lines[1]).toBe(`company,1,7707083893,"${HOSTILE.replace(/"/g, '""')}",changed,record,,,,,`);
    expect(lines).toContain(
      'company,1,7707083893,"<script>alert(1)</script>\u001b[2J\u202Eevil\nline ""q"", ;",changed,field,companyStatus,active,liquidated,,',
    );
    expect(csv).toContain('domain,5,gone.ru,,gone,edge-removed,SIMILAR similarDomains,,,domain#6,\r\n');
    expect(csv).toContain(',pivot-added,HAS_OFFICER manager,,,person:name:иванов,Иванов Иван\r\n');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('neutralises titles and values a spreadsheet would run as formulas', () => {
    const hostile: Changes = {
      report: {
        ...changes.report,
        records: [record({ id: 3, fields: [{ name: 'phone', before: '+79161234567', after: '=1+2' }] })],
      },
      titles: new Map([['company#3', '=HYPERLINK("http://evil.example/x","open")']]),
    };
    const lines = formatCsv(hostile).split('\r\n');
    expect(lines[1]).toBe(`company,3,7707083893,"'=HYPERLINK(""http://evil.example/x"",""open"")",changed,record,,,,,`);
    expect(lines[2]).toBe(
      `company,3,7707083893,"'=HYPERLINK(""http://evil.example/x"",""open"")",changed,field,phone,'+79161234567,'=1+2,,`,
    );
  });
});

describe('renderChangesHtml', () => {
  it('escapes every data string, has no script and forbids them', () => {
    const html = renderChangesHtml(changes, { seeds: [], depth: 1, sinceGiven: '1d', madeAt: '2026-05-03T00:00:00.000Z' });
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('content="default-src &#39;none&#39;; style-src');
    expect(html).not.toMatch(/script-src/);
    expect(html).not.toContain('\u202E');
    expect(html).toContain('[U+202E]evil');
    expect(html).toContain('<h2>Officers gained <span class="count">(1)</span></h2>');
    expect(html).toContain('<h2>Records back</h2><p class="none">None in this window.</p>');
  });

  it("shows date fields as a reader's dates, exactly where those would read the same, other values as they are", () => {
    const dated: Changes = {
      report: {
        ...changes.report,
        records: [
          record({
            id: 3,
            fields: [
              { name: 'registrationDate', before: '2000-12-08', after: '2000-12-08T00:00:00Z' },
              { name: 'whoisChangedAt', before: '2020-01-01T10:00:00Z', after: '2021-03-04T10:00:59Z' },
              { name: 'inn', before: '7707083893', after: '20001208' },
            ],
          }),
        ],
      },
      titles: new Map(),
    };
    const html = renderChangesHtml(dated, { seeds: [], depth: 1, sinceGiven: '1d', madeAt: '2026-05-03T00:00:00.000Z' });
    const row = (field: string) => new RegExp(`<td>${field}</td><td>([^<]*)</td><td>([^<]*)</td>`).exec(html)?.slice(1);
    expect(row('registrationDate')).toEqual(['2000-12-08', '2000-12-08T00:00:00Z']);
    expect(row('whoisChangedAt')).toEqual(['1 Jan 2020, 10:00 UTC', '4 Mar 2021, 10:00 UTC']);
    expect(row('inn')).toEqual(['7707083893', '20001208']);
  });

  it('dates the window as a reader writes dates, with the exact moments beside them', () => {
    const html = renderChangesHtml(
      { ...changes, report: { ...changes.report, since: '2026-05-02T09:30:15.261Z' } },
      { seeds: [], depth: 1, sinceGiven: '1d', madeAt: '2026-05-03T00:00:00.000Z' },
    );
    expect(html).toContain('<h1>Changes 2 May 2026, 09:30 UTC → 3 May 2026, 00:00 UTC</h1>');
    expect(html).toContain('<tr><th>Since</th><td>2 May 2026, 09:30 UTC (2026-05-02T09:30:15.261Z; --since 1d)</td></tr>');
    expect(html).toContain('<tr><th>Until</th><td>3 May 2026, 00:00 UTC (2026-05-03T00:00:00.000Z)</td></tr>');
  });
});
