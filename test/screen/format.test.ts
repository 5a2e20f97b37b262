import { describe, expect, it } from 'vitest';
import { screenJson, screenSummary } from '../../src/screen/format.js';
import type { ScreenResult } from '../../src/screen/screen.js';

const result: ScreenResult = {
  list: 'watch',
  file: 'watch.ftm.json',
  listDate: '2026-11-20T10:00:00.000Z',
  read: 2,
  skipped: { Vessel: 1, Address: 2 },
  records: 40,
  newHits: 1,
  hits: [
    {
      entity: {
        id: 'ws-1\u001b[2J',
        schema: 'Company',
        caption: 'Evil \u001b[31mCorp\u202e',
        names: [],
        inns: ['7701234567'],
        ogrns: [],
        birthDates: [],
        topics: ['sanction'],
        datasets: [],
      },
      record: {
        element: 'e1',
        kind: 'company',
        key: '7701234567',
        name: 'ООО "Ромашка"\r\nforged line',
        names: [],
        inns: [],
        ogrns: [],
        birthDates: [],
      },
      how: 'identifier',
      property: 'innCode',
      value: '7701234567',
      score: 1,
      variants: [],
    },
  ],
  retired: [
    {
      kind: 'person',
      key: 'inn:770123456789',
      name: 'Иванов Иван Иванович',
      entityId: 'ws-2',
      caption: 'Ivanov',
      topics: [],
      property: 'name',
      value: 'Ivanov I',
    },
  ],
};

describe('screen: the summary', () => {
  it('counts, then each hit by the record NAME and key and the entity caption, id and topics, control characters escaped', () => {
    expect(screenSummary(result)).toBe(
      [
        'list watch (watch.ftm.json, 2026-11-20T10:00:00.000Z): 2 entities screened against 40 companies and people; 2 Address, 1 Vessel skipped (other schemata)',
        'hits: 1 (1 by identifier, 0 by name); 1 new, 1 retired',
        '  1.00  ООО "Ромашка"\\u000D\\u000Aforged line (company:7701234567)',
        '        listed as Evil \\u001B[31mCorp\\u202E (ws-1\\u001B[2J) [sanction], by innCode 7701234567',
        'retired:',
        '  Иванов Иван Иванович (person:inn:770123456789): no longer listed as Ivanov (ws-2)',
        '',
      ].join('\n'),
    );
  });

  it('as JSON keeps the values as they are (JSON escapes them)', () => {
    const json = JSON.parse(screenJson(result));
    expect(json.hits[0].entity.caption).toBe('Evil \u001b[31mCorp\u202e');
    expect(json.hits[0].record).toEqual({ kind: 'company', key: '7701234567', name: 'ООО "Ромашка"\r\nforged line' });
    expect(json.retired).toHaveLength(1);
  });
});
