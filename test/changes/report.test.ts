import { describe, expect, it } from 'vitest';
import type { FieldValue, LinkRow, RecordRow } from '../../src/changes/model.js';
import { buildChanges, changesInOrder, fieldsAt, linkExistedAt, recordChange } from '../../src/changes/report.js';

/** Times by name, in order: t0 < since < t1 < t2 < t3 < until < t4. */
const T = {
  t0: Date.parse('2026-05-01T00:00:00.000Z'),
  since: Date.parse('2026-05-02T00:00:00.000Z'),
  t1: Date.parse('2026-05-02T06:00:00.000Z'),
  t2: Date.parse('2026-05-02T12:00:00.000Z'),
  t3: Date.parse('2026-05-02T18:00:00.000Z'),
  until: Date.parse('2026-05-03T00:00:00.000Z'),
  t4: Date.parse('2026-05-04T00:00:00.000Z'),
};
const window = { since: T.since, until: T.until };

function row(overrides: Partial<RecordRow> = {}): RecordRow {
  return {
    kind: 'company',
    id: 7,
    key: '7707083893',
    status: 'fetched',
    firstFetchedAt: T.t0,
    goneAt: null,
    backAt: null,
    current: { title: 'ООО Ромашка', companyStatus: 'active' },
    versions: [],
    links: [],
    ...overrides,
  };
}

function edge(toId: number, firstSeenAt: number | null, removals: number[] = [], returns: number[] = [], list = 'relatedDomains'): LinkRow {
  return {
    type: list.startsWith('similar') ? 'SIMILAR' : 'RELATED',
    list,
    role: null,
    target: { landing: true, kind: 'domain', id: toId, key: `d${toId}.ru`, title: `D${toId}.ru` },
    firstSeenAt,
    removals,
    returns,
  };
}

function pivot(
  type: string,
  kind: string,
  key: string,
  firstSeenAt: number,
  removals: number[] = [],
  returns: number[] = [],
  role: string | null = type === 'HAS_OFFICER' ? 'manager' : null,
): LinkRow {
  return {
    type,
    list: null,
    role,
    target: { landing: false, kind, id: null, key, title: key.toUpperCase() },
    firstSeenAt,
    removals,
    returns,
  };
}

function blockLink(type: string, kind: string, key: string, firstSeenAt: number, removals: number[] = []): LinkRow {
  return { type, list: null, role: null, target: { landing: true, kind, id: null, key, title: key }, firstSeenAt, removals, returns: [] };
}

const version = (supersededAt: number, values: Record<string, FieldValue>) => ({ supersededAt, values });

describe('linkExistedAt: firstSeenAt <= T and as many removals as returns <= T', () => {
  it('follows removals and returns, boundaries inclusive', () => {
    const link = edge(1, T.t0, [T.t1, T.t3], [T.t2]);
    expect(linkExistedAt(link, T.t0 - 1)).toBe(false);
    expect(linkExistedAt(link, T.t0)).toBe(true);
    expect(linkExistedAt(link, T.t1)).toBe(false);
    expect(linkExistedAt(link, T.t2)).toBe(true);
    expect(linkExistedAt(link, T.t3)).toBe(false);
    expect(linkExistedAt(link, T.t4)).toBe(false);
    expect(linkExistedAt(edge(1, null), T.t0)).toBe(true);
  });
});

describe('recordChange: the change kinds', () => {
  it('new: first fetched in the window; its links are all added, no fields', () => {
    const r = recordChange(
      row({
        firstFetchedAt: T.t1,
        links: [
          edge(3, T.t1),
          edge(2, T.t1),
          pivot('HAS_OFFICER', 'person', 'inn:500100732259', T.t1),
          blockLink('LISTS_CONTACT', 'phone', '+74951234567', T.t1),
        ],
      }),
      window,
    );
    expect(r).toEqual({
      kind: 'company',
      id: 7,
      key: '7707083893',
      change: 'new',
      fields: [],
      edgesAdded: [
        { type: 'RELATED', list: 'relatedDomains', to: { kind: 'domain', id: 2 } },
        { type: 'RELATED', list: 'relatedDomains', to: { kind: 'domain', id: 3 } },
      ],
      edgesRemoved: [],
      pivotsAdded: [
        { type: 'HAS_OFFICER', pivot: { kind: 'person', key: 'inn:500100732259' }, role: 'manager' },
        { type: 'LISTS_CONTACT', pivot: { kind: 'phone', key: '+74951234567' }, role: null },
      ],
      pivotsRemoved: [],
    });
  });

  it('changed: a field changed in a version superseded in the window, and a link added and one removed', () => {
    const r = recordChange(
      row({
        current: { title: 'ООО Ромашка', companyStatus: 'liquidated' },
        versions: [version(T.t2, { title: 'ООО Ромашка', companyStatus: 'active' })],
        links: [edge(1, T.t0, [T.t2]), edge(2, T.t2), pivot('REGISTERED_AT', 'address', 'москва тверская 1', T.t0, [T.t2])],
      }),
      window,
    );
    expect(r?.change).toBe('changed');
    expect(r?.fields).toEqual([{ name: 'companyStatus', before: 'active', after: 'liquidated' }]);
    expect(r?.edgesAdded).toEqual([{ type: 'RELATED', list: 'relatedDomains', to: { kind: 'domain', id: 2 } }]);
    expect(r?.edgesRemoved).toEqual([{ type: 'RELATED', list: 'relatedDomains', to: { kind: 'domain', id: 1 } }]);
    expect(r?.pivotsRemoved).toEqual([{ type: 'REGISTERED_AT', pivot: { kind: 'address', key: 'москва тверская 1' }, role: null }]);
    expect(r?.pivotsAdded).toEqual([]);
  });

  it('changed: an officer who loses the manager role and stays a founder is a lost role, not a lost officer', () => {
    const r = recordChange(
      row({
        links: [
          pivot('HAS_OFFICER', 'person', 'inn:500100732259', T.t0, [T.t2], [], 'manager'),
          pivot('HAS_OFFICER', 'person', 'inn:500100732259', T.t0, [], [], 'founder'),
          pivot('HAS_OFFICER', 'person', 'inn:770100732250', T.t2, [], [], 'manager'),
        ],
      }),
      window,
    );
    expect(r?.change).toBe('changed');
    expect(r?.pivotsRemoved).toEqual([{ type: 'HAS_OFFICER', pivot: { kind: 'person', key: 'inn:500100732259' }, role: 'manager' }]);
    expect(r?.pivotsAdded).toEqual([{ type: 'HAS_OFFICER', pivot: { kind: 'person', key: 'inn:770100732250' }, role: 'manager' }]);
  });

  it('gone: gone in the window and still gone at until; the links it had at since are removed, no fields', () => {
    const r = recordChange(
      row({
        status: 'missing',
        goneAt: T.t2,
        links: [edge(1, T.t0), edge(2, T.t0, [T.t0 + 1]), pivot('RESOLVES_TO', 'ip', '1.2.3.4', T.t0)],
      }),
      window,
    );
    expect(r?.change).toBe('gone');
    expect(r?.fields).toEqual([]);
    expect(r?.edgesRemoved).toEqual([{ type: 'RELATED', list: 'relatedDomains', to: { kind: 'domain', id: 1 } }]);
    expect(r?.pivotsRemoved).toEqual([{ type: 'RESOLVES_TO', pivot: { kind: 'ip', key: '1.2.3.4' }, role: null }]);
    expect(r?.edgesAdded).toEqual([]);
  });

  it('gone after until, or gone and back within the window: not gone', () => {
    expect(recordChange(row({ goneAt: T.t4 }), window)).toBeUndefined();
    // Gone and back in the window, nothing else: back (served at both ends, no net link change).
    const r = recordChange(row({ goneAt: T.t1, backAt: T.t2, links: [edge(1, T.t0)] }), window);
    expect(r?.change).toBe('back');
    expect(r?.edgesAdded).toEqual([]);
    expect(r?.edgesRemoved).toEqual([]);
  });

  it('gone in the window but back only after until: still gone at until', () => {
    expect(recordChange(row({ status: 'fetched', goneAt: T.t2, backAt: T.t4 }), window)?.change).toBe('gone');
  });

  it('back: gone before since and back in the window; its links are all added, fields against what it said before', () => {
    const r = recordChange(
      row({
        goneAt: T.t0 + 1,
        backAt: T.t2,
        current: { title: 'ООО Ромашка', companyStatus: 'liquidated' },
        versions: [version(T.t2, { title: 'ООО Ромашка', companyStatus: 'active' })],
        links: [edge(1, T.t0), pivot('HAS_OFFICER', 'person', 'name:иванов', T.t0)],
      }),
      window,
    );
    expect(r?.change).toBe('back');
    expect(r?.edgesAdded).toEqual([{ type: 'RELATED', list: 'relatedDomains', to: { kind: 'domain', id: 1 } }]);
    expect(r?.pivotsAdded).toEqual([{ type: 'HAS_OFFICER', pivot: { kind: 'person', key: 'name:иванов' }, role: 'manager' }]);
    expect(r?.fields).toEqual([{ name: 'companyStatus', before: 'active', after: 'liquidated' }]);
  });

  it('precedence: gone > back > new > changed', () => {
    // New and gone in the window: gone (with nothing removed: it stated nothing at since).
    const newThenGone = recordChange(row({ firstFetchedAt: T.t1, goneAt: T.t2, links: [edge(1, T.t1)] }), window);
    expect(newThenGone?.change).toBe('gone');
    expect(newThenGone?.edgesRemoved).toEqual([]);
    // Back, then gone again, in the window: gone.
    expect(recordChange(row({ goneAt: T.t3, backAt: T.t2 }), window)?.change).toBe('gone');
    // Back with a field change: back.
    const back = row({ goneAt: T.t0 + 1, backAt: T.t1, versions: [version(T.t1, { title: 'Old' })] });
    expect(recordChange(back, window)?.change).toBe('back');
    // New with a later change in the window: new, its links as of until.
    const fresh = recordChange(
      row({ firstFetchedAt: T.t1, versions: [version(T.t2, { title: 'Old' })], links: [edge(1, T.t1, [T.t2]), edge(2, T.t2)] }),
      window,
    );
    expect(fresh?.change).toBe('new');
    expect(fresh?.fields).toEqual([]);
    expect(fresh?.edgesAdded.map((e) => e.to.id)).toEqual([2]);
  });
});

describe('recordChange: net changes only', () => {
  it('a relationship removed and back within the window is no change; the record is not listed', () => {
    const r = row({ versions: [version(T.t1, { title: 'ООО Ромашка', companyStatus: 'active' })], links: [edge(1, T.t0, [T.t1], [T.t2])] });
    expect(recordChange(r, window)).toBeUndefined();
  });

  it('a relationship removed before since (and not back) is no change', () => {
    expect(recordChange(row({ links: [edge(1, T.t0, [T.t0 + 5])] }), window)).toBeUndefined();
  });

  it('a relationship removed before since and back in the window is added', () => {
    const r = recordChange(row({ links: [edge(1, T.t0, [T.t0 + 5], [T.t2])] }), window);
    expect(r?.change).toBe('changed');
    expect(r?.edgesAdded.map((e) => e.to.id)).toEqual([1]);
  });

  it('a relationship first seen after until is not added; one removed after until is not removed', () => {
    expect(recordChange(row({ links: [edge(1, T.t4), edge(2, T.t0, [T.t4])] }), window)).toBeUndefined();
  });

  it('a field changed and changed back within the window is no change', () => {
    const r = row({
      current: { title: 'A', companyStatus: 'active' },
      versions: [version(T.t1, { title: 'A', companyStatus: 'active' }), version(T.t2, { title: 'B', companyStatus: 'active' })],
    });
    expect(recordChange(r, window)).toBeUndefined();
  });

  it('only the raw text changed (a version with the same fields): not listed', () => {
    expect(recordChange(row({ versions: [version(T.t1, { title: 'ООО Ромашка', companyStatus: 'active' })] }), window)).toBeUndefined();
  });
});

describe('window boundaries: (since, until]', () => {
  it('first fetched exactly at since is not new; exactly at until is', () => {
    expect(recordChange(row({ firstFetchedAt: T.since }), window)).toBeUndefined();
    expect(recordChange(row({ firstFetchedAt: T.until }), window)?.change).toBe('new');
  });

  it('gone exactly at since is not gone in the window; exactly at until is', () => {
    expect(recordChange(row({ goneAt: T.since }), window)).toBeUndefined();
    expect(recordChange(row({ goneAt: T.until }), window)?.change).toBe('gone');
  });

  it('a link removed exactly at since was already gone at since; one added exactly at until is added', () => {
    expect(recordChange(row({ links: [edge(1, T.t0, [T.since])] }), window)).toBeUndefined();
    expect(recordChange(row({ links: [edge(1, T.until)] }), window)?.edgesAdded.map((e) => e.to.id)).toEqual([1]);
  });

  it('a version superseded exactly at until belongs to the window; exactly at since does not', () => {
    const atUntil = row({ current: { title: 'B' }, versions: [version(T.until, { title: 'A' })] });
    expect(recordChange(atUntil, window)?.fields).toEqual([{ name: 'title', before: 'A', after: 'B' }]);
    const atSince = row({ current: { title: 'B' }, versions: [version(T.since, { title: 'A' })] });
    expect(recordChange(atSince, window)).toBeUndefined();
  });
});

describe('fields: before is the state at since, after the state at until', () => {
  it('across two versions in the window and one after until', () => {
    const r = row({
      current: { title: 'D', companyStatus: 'liquidated', managers: ['Петров'] },
      versions: [
        // Listed out of order: the core orders them.
        version(T.t4, { title: 'C', companyStatus: 'liquidating', managers: ['Петров'] }),
        version(T.t1, { title: 'A', companyStatus: 'active', managers: ['Иванов'] }),
        version(T.t2, { title: 'B', companyStatus: 'active', managers: ['Иванов', 'Петров'] }),
      ],
    });
    expect(fieldsAt(r, T.since).title).toBe('A');
    expect(fieldsAt(r, T.t1).title).toBe('B');
    expect(fieldsAt(r, T.until).title).toBe('C');
    expect(fieldsAt(r, T.t4).title).toBe('D');
    expect(recordChange(r, window)?.fields).toEqual([
      { name: 'companyStatus', before: 'active', after: 'liquidating' },
      { name: 'managers', before: ['Иванов'], after: ['Петров'] },
      { name: 'title', before: 'A', after: 'C' },
    ]);
  });

  it('a property that appears or goes: null on the side where it is absent', () => {
    const r = row({ current: { title: 'A', okveds: ['62.01'] }, versions: [version(T.t1, { title: 'A', kpp: '770701001' })] });
    expect(recordChange(r, window)?.fields).toEqual([
      { name: 'kpp', before: '770701001', after: null },
      { name: 'okveds', before: null, after: ['62.01'] },
    ]);
  });
});

describe('buildChanges', () => {
  it('keeps records with a change, sorted by kind then page number; ISO ends; titles for display', () => {
    const rows = [
      row({ kind: 'domain', id: 9, key: 'b.ru', current: { title: 'b.ru' }, firstFetchedAt: T.t1 }),
      row({ kind: 'company', id: 12, firstFetchedAt: T.t1, links: [pivot('HAS_OFFICER', 'person', 'name:x', T.t1)] }),
      row({ kind: 'company', id: 3, goneAt: T.t1, status: 'missing' }),
      row({ kind: 'domain', id: 2, key: 'a.ru', current: { title: 'a.ru' } }), // nothing happened in the window
      row({ kind: 'company', id: null, key: '5001007322', firstFetchedAt: T.t1 }),
    ];
    const { report, titles } = buildChanges(rows, window);
    expect(report.since).toBe('2026-05-02T00:00:00.000Z');
    expect(report.until).toBe('2026-05-03T00:00:00.000Z');
    expect(report.records.map((r) => `${r.kind}#${r.id ?? r.key}:${r.change}`)).toEqual([
      'company#3:gone',
      'company#12:new',
      'company#5001007322:new',
      'domain#9:new',
    ]);
    expect(titles.get('company#12')).toBe('ООО Ромашка');
    expect(titles.get('pivot:person:name:x')).toBe('NAME:X');
  });

  it('the same rows in another order give the same report', () => {
    const rows = [
      row({ id: 1, firstFetchedAt: T.t1, links: [edge(5, T.t1), edge(4, T.t1, [], [], 'similarDomains'), edge(3, T.t1)] }),
      row({ id: 2, goneAt: T.t1 }),
    ];
    const a = buildChanges(rows, window).report;
    const b = buildChanges(
      [...rows].reverse().map((r) => ({ ...r, links: [...r.links].reverse() })),
      window,
    ).report;
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a.records[0]?.edgesAdded.map((e) => `${e.type}:${e.to.id}`)).toEqual(['RELATED:3', 'RELATED:5', 'SIMILAR:4']);
  });
});

describe('changesInOrder', () => {
  const emitted = async (rows: RecordRow[]) => {
    const out: string[] = [];
    const order = changesInOrder(window, (r) => {
      out.push(`${r.kind}#${r.id ?? r.key}:${r.change}`);
    });
    for (const r of rows) await order.add(r);
    await order.end();
    return out;
  };

  it('hands on each record with a change as its rows come, in the order of the report, records without a page number by key', async () => {
    const rows = [
      row({ kind: 'company', id: 3, goneAt: T.t1, status: 'missing' }),
      row({ kind: 'company', id: 12, firstFetchedAt: T.t1 }),
      row({ kind: 'company', id: null, key: '7707083893', firstFetchedAt: T.t1 }),
      row({ kind: 'company', id: null, key: '5001007322', firstFetchedAt: T.t1 }),
      row({ kind: 'domain', id: 2, key: 'a.ru', current: { title: 'a.ru' } }), // nothing happened in the window
      row({ kind: 'domain', id: 9, key: 'b.ru', current: { title: 'b.ru' }, firstFetchedAt: T.t1 }),
    ];
    expect(await emitted(rows)).toEqual([
      'company#3:gone',
      'company#12:new',
      'company#5001007322:new',
      'company#7707083893:new',
      'domain#9:new',
    ]);
  });

  it("refuses rows out of the report's order instead of writing another order", async () => {
    const rows = [row({ kind: 'domain', id: 2, firstFetchedAt: T.t1 }), row({ kind: 'company', id: 3, firstFetchedAt: T.t1 })];
    await expect(emitted(rows)).rejects.toThrow('change rows out of order: company#3 after domain#2');
    await expect(emitted([row({ id: 9 }), row({ id: 4 })])).rejects.toThrow('company#4 after company#9');
  });
});
