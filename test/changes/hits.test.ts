import { describe, expect, it } from 'vitest';
import { formatCsv, formatJson, formatSummary } from '../../src/changes/format.js';
import { hitChanges } from '../../src/changes/hits.js';
import { renderChangesHtml } from '../../src/changes/html.js';
import type { Changes, HitRow } from '../../src/changes/model.js';

const at = (iso: string) => Date.parse(iso);
const window = { since: at('2026-11-20T00:00:00Z'), until: at('2026-11-21T00:00:00Z') };
const BEFORE = at('2026-11-19T12:00:00Z');
const INSIDE = at('2026-11-20T10:00:00Z');
const LATER = at('2026-11-20T20:00:00Z');
const AFTER = at('2026-11-22T00:00:00Z');

function row(key: string, history: Pick<HitRow, 'firstSeenAt' | 'removals' | 'returns'>, score = 1): HitRow {
  return {
    record: { kind: 'company', id: 7, key, name: `ООО "${key}"` },
    list: 'watch',
    entity: { id: `e-${key}`, schema: 'Company', caption: `Caption ${key}`, topics: ['sanction'], datasets: ['d'] },
    file: 'watch.ftm.json',
    listDate: at('2026-11-19T00:00:00Z'),
    how: 'identifier',
    property: 'innCode',
    value: key,
    score,
    ...history,
  };
}

describe('hitChanges (pure): a hit judged at both ends of the window', () => {
  it('first found in the window: new; retired in it: retired; found again: new again; at the last such moment', () => {
    const changes = hitChanges(
      [
        row('first', { firstSeenAt: INSIDE, removals: [], returns: [] }, 0.8),
        row('retired', { firstSeenAt: BEFORE, removals: [INSIDE], returns: [] }),
        row('back', { firstSeenAt: BEFORE, removals: [BEFORE], returns: [LATER] }),
      ],
      window,
    );
    expect(changes.map((c) => [c.record.key, c.change, c.at])).toEqual([
      // New first, the surest first; then retired.
      ['back', 'new', '2026-11-20T20:00:00.000Z'],
      ['first', 'new', '2026-11-20T10:00:00.000Z'],
      ['retired', 'retired', '2026-11-20T10:00:00.000Z'],
    ]);
    expect(changes[0]?.listDate).toBe('2026-11-19T00:00:00.000Z');
  });

  it('net: found and retired inside the window, retired and found again inside it, or outside it: nothing', () => {
    const rows = [
      row('blip', { firstSeenAt: INSIDE, removals: [LATER], returns: [] }),
      row('flicker', { firstSeenAt: BEFORE, removals: [INSIDE], returns: [LATER] }),
      row('old', { firstSeenAt: BEFORE, removals: [], returns: [] }),
      row('future', { firstSeenAt: AFTER, removals: [], returns: [] }),
      row('gone-before', { firstSeenAt: BEFORE, removals: [BEFORE], returns: [] }),
    ];
    expect(hitChanges(rows, window)).toEqual([]);
  });

  it('a hit at the window`s end counts (until inclusive), one at its start does not (since exclusive)', () => {
    const rows = [
      row('at-until', { firstSeenAt: window.until, removals: [], returns: [] }),
      row('at-since', { firstSeenAt: window.since, removals: [], returns: [] }),
    ];
    expect(hitChanges(rows, window).map((c) => c.record.key)).toEqual(['at-until']);
  });
});

describe('hits in the outputs: first, and inert', () => {
  const HOSTILE = '<script>alert(1)</script>\u001b[2J\u202Eevil';
  const [hit] = hitChanges(
    [
      {
        ...row('7707083893', { firstSeenAt: INSIDE, removals: [], returns: [] }),
        entity: { ...row('x', { firstSeenAt: null, removals: [], returns: [] }).entity, caption: HOSTILE },
      },
    ],
    window,
  );
  const changes: Changes = {
    report: {
      since: new Date(window.since).toISOString(),
      until: new Date(window.until).toISOString(),
      hits: [hit!],
      records: [
        {
          kind: 'company',
          id: 1,
          key: '5001007322',
          change: 'new',
          fields: [],
          edgesAdded: [],
          edgesRemoved: [],
          pivotsAdded: [],
          pivotsRemoved: [],
        },
      ],
    },
    titles: new Map([['company#1', 'ООО Новая']]),
  };

  it('--json: hits between the window and the records, each in a fixed key order', () => {
    const parsed = JSON.parse(formatJson(changes.report)) as Record<string, Record<string, unknown>[]>;
    expect(Object.keys(parsed)).toEqual(['since', 'until', 'hits', 'records']);
    expect(Object.keys(parsed.hits![0]!)).toEqual([
      'change',
      'at',
      'record',
      'list',
      'file',
      'listDate',
      'entity',
      'how',
      'property',
      'value',
      'score',
    ]);
  });

  it('the summary: counts in the heading, the hit before the records, escaped', () => {
    const lines = formatSummary(changes).trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Changes from 2026-11-20T00:00:00.000Z to 2026-11-21T00:00:00.000Z: 1 record (new 1, changed 0, gone 0, back 0); watch lists: 1 new hit, 0 retired',
    );
    expect(lines[1]).toBe(
      '! new on list watch: company 7707083893 "ООО "7707083893"" (company#7): listed as "<script>alert(1)</script>\\u001B[2J\\u202Eevil" (e-x) [sanction], by innCode 7707083893, score 1',
    );
    expect(lines[2]).toBe('+ new company 5001007322 "ООО Новая" (company#1)');
    expect(formatSummary(changes, { maxLines: 1 }).trimEnd().split('\n').slice(1)).toEqual([
      lines[1],
      '… 1 more (--json, --csv or --html --out FILE list everything)',
    ]);
  });

  it('CSV: a row per hit before the records; HTML: the hits table before the records, no markup from data', () => {
    const csv = formatCsv(changes).split('\r\n');
    expect(csv[1]).toMatch(/^company,7,7707083893,"ООО ""7707083893""",new,hit,watch,,innCode 7707083893,entity:e-x,/);
    expect(csv[2]).toMatch(/^company,1,5001007322,ООО Новая,new,record,/);
    const page = renderChangesHtml(changes, { seeds: [], depth: 1, sinceGiven: '1d', madeAt: '2026-11-21T00:00:00Z' });
    expect(page).not.toContain('<script>');
    expect(page.indexOf('<h2>New on a watch list')).toBeLessThan(page.indexOf('<h2>New records'));
    expect(page).toContain('1 new watch-list hit, 0 off a list');
  });
});
