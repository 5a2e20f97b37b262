import { describe, expect, it } from 'vitest';
import type { CompanyRow, PersonRow, Side } from '../../src/resolve/model.js';
import { chooseSides, parseReference, referenceProblem, sidesByName } from '../../src/resolve/references.js';

/** The hand-written sides of a decision file (src/resolve/references.ts). */

const ok = (text: string) => {
  const parsed = parseReference(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.reference;
};
const problem = (text: string) => {
  const parsed = parseReference(text);
  if (parsed.ok) throw new Error(`read ${JSON.stringify(parsed.reference)}`);
  return parsed.message;
};

const companyRow = (id: number | null, key: string | null, title: string, extra: Partial<CompanyRow> = {}): CompanyRow => ({
  id,
  key,
  status: null,
  title,
  fullName: null,
  shortName: null,
  inn: null,
  ogrn: null,
  registrationAddress: null,
  ...extra,
});
const personRow = (key: string, name: string): PersonRow => ({ key, name, inn: null, companies: [] });

describe('parseReference', () => {
  it('reads the refs resolve prints, and the kind with a space as query lists members', () => {
    expect(ok('company:7707083893')).toEqual({ kind: 'company', by: 'number', value: '7707083893' });
    expect(ok('Company 1027700132195')).toEqual({ kind: 'company', by: 'number', value: '1027700132195' });
    expect(ok('company: 7707 083 893')).toEqual({ kind: 'company', by: 'number', value: '7707083893' });
    expect(ok('company#30001')).toEqual({ kind: 'company', by: 'id', value: 30001 });
    expect(ok('company #30001')).toEqual({ kind: 'company', by: 'id', value: 30001 });
    expect(ok('person:inn:770412345678')).toEqual({ kind: 'person', by: 'key', value: 'inn:770412345678' });
    expect(ok('person:770412345678')).toEqual({ kind: 'person', by: 'inn', value: '770412345678' });
    expect(ok('person:name:иванова мария петровна@company#30001')).toEqual({
      kind: 'person',
      by: 'key',
      value: 'name:иванова мария петровна@company#30001',
    });
    // The name of a key folded as the pivot's is (case, ё).
    expect(ok('person:name:Иванова Мария Пётровна@company#30001')).toMatchObject({ value: 'name:иванова мария петровна@company#30001' });
  });

  it('reads names, normalised as the rules normalise them', () => {
    expect(ok('company:ООО "Ромашка"')).toEqual({ kind: 'company', by: 'name', value: 'ООО "Ромашка"', core: 'ромашка', form: 'ооо' });
    expect(ok('company:ромашка')).toMatchObject({ by: 'name', core: 'ромашка', form: null });
    expect(ok('person: Мария Петровна ИВАНОВА')).toEqual({
      kind: 'person',
      by: 'name',
      value: 'Мария Петровна ИВАНОВА',
      nameKey: 'иванова мария петровна',
    });
    expect(ok('person:name:Иванова Мария')).toMatchObject({ by: 'name', nameKey: 'иванова мария' });
  });

  it('says what is wrong and what to write instead', () => {
    expect(problem('7707083893')).toBe('names no kind: write "company:7707083893"');
    expect(problem('inn:770412345678')).toBe('names no kind: write "person:inn:770412345678"');
    expect(problem('30001')).toMatch(/^names no kind: write "company#30001" \(a page number\), or company:<INN or OGRN>/);
    expect(problem('company:770708389')).toBe('is no INN (10 or 12 digits) or OGRN (13 or 15 digits)');
    expect(problem('company#abc')).toMatch(/^company#<page number> takes digits: write /);
    expect(problem('company:ООО')).toMatch(/^names no company: write /);
    expect(problem('person#5')).toMatch(/^a person has no page number: write person:inn:<INN>/);
    expect(problem('person:inn:123')).toMatch(/^person:inn: takes an INN of 10 or 12 digits/);
    expect(problem('person:Иванова')).toMatch(/^a name of one word names nobody: write the full name/);
    expect(problem('domain:example.com')).toMatch(/^names no kind: write company:<INN or OGRN>/);
  });
});

describe('matching', () => {
  const fetched: Side = { kind: 'company', id: 30001, key: '7701000001', name: 'ООО "Ромашка"' };
  const stub: Side = { kind: 'company', id: null, key: '1027701000001', name: 'ООО "Ромашка"' };

  it('a node whose key is the value beats one that only states it', () => {
    expect(
      chooseSides([
        { side: stub, exact: true },
        { side: fetched, exact: false },
      ]),
    ).toEqual([stub]);
    expect(
      chooseSides([
        { side: fetched, exact: false },
        { side: fetched, exact: false },
      ]),
    ).toEqual([fetched]);
    expect(chooseSides([])).toEqual([]);
  });

  it('names match on any name of a company, the legal form when written, persons in any word order', () => {
    const rows = [
      companyRow(30001, '7701000001', 'ООО "Ромашка"'),
      companyRow(30002, '7701000002', 'Рога', { fullName: 'АО «Ромашка»' }),
      companyRow(30003, '7701000003', 'ООО "Лютик"'),
    ];
    expect(sidesByName(ok('company:ООО «РОМАШКА»'), rows, []).map((s) => s.key)).toEqual(['7701000001']);
    expect(sidesByName(ok('company:Ромашка'), rows, []).map((s) => s.key)).toEqual(['7701000001', '7701000002']);
    const persons = [personRow('inn:770412345678', 'Иванова Мария Петровна'), personRow('inn:770500000001', 'Петров Пётр Петрович')];
    expect(sidesByName(ok('person:Мария Иванова Петровна'), [], persons)).toEqual([
      { kind: 'person', id: null, key: 'inn:770412345678', name: 'Иванова Мария Петровна' },
    ]);
  });

  it('a problem is one line naming the value; none for one node', () => {
    const ref = ok('company:Ромашка');
    expect(referenceProblem('company:Ромашка', ref, [fetched])).toBeUndefined();
    expect(referenceProblem('company:Ромашка', ref, [])).toMatch(/^"company:Ромашка" names no company in the graph: write /);
    const many = [1, 2, 3, 4].map((i) => ({ ...fetched, id: i, key: `770100000${i}`, name: `ООО "Ромашка"\n${i}` }));
    const message = referenceProblem('company:Ромашка', ref, many) as string;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toBe(
      '"company:Ромашка" names 4 companies: company:7701000001 "ООО \\"Ромашка\\"\\n1", company:7701000002 "ООО \\"Ромашка\\"\\n2", company:7701000003 "ООО \\"Ромашка\\"\\n3", … and 1 more; write the one meant by its key',
    );
  });
});
