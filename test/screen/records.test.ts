import { describe, expect, it } from 'vitest';
import { screenRecordOf } from '../../src/screen/records.js';

const row = { element: 'e', name: null, names: [], inn: null, ogrn: null, birthDate: null };

describe('screen: graph rows as screening reads them', () => {
  it("takes a company stub's INN or OGRN from its key by length, stored numbers first", () => {
    expect(screenRecordOf({ ...row, kind: 'company', key: '7701234567' })).toMatchObject({ inns: ['7701234567'], ogrns: [] });
    expect(screenRecordOf({ ...row, kind: 'company', key: '1027700132195' })).toMatchObject({ inns: [], ogrns: ['1027700132195'] });
    expect(screenRecordOf({ ...row, kind: 'company', key: '7701234567', inn: '7701234567', ogrn: '1027700132195' })).toMatchObject({
      inns: ['7701234567'],
      ogrns: ['1027700132195'],
    });
  });

  it("takes a person's INN from an inn: key, none from a name key; a row without a key is left out", () => {
    expect(screenRecordOf({ ...row, kind: 'person', key: 'inn:770123456789' })).toMatchObject({ inns: ['770123456789'], ogrns: [] });
    expect(screenRecordOf({ ...row, kind: 'person', key: 'name:иванов иван@company#5' })).toMatchObject({ inns: [], ogrns: [] });
    expect(screenRecordOf({ ...row, kind: 'person', key: 'inn:770123456789', birthDate: '1970-01-02' })).toMatchObject({
      birthDates: ['1970-01-02'],
    });
    expect(screenRecordOf({ ...row, kind: 'company', key: null })).toBeUndefined();
  });
});
