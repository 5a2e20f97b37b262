import { toPersonRow } from '../../src/resolve/store.js';
import { describe, expect, it } from 'vitest';
import { companyCandidates } from '../../src/resolve/company-rules.js';
import { type CompanyRow, DEFAULT_RESOLVE_OPTIONS, type PersonRow } from '../../src/resolve/model.js';
import { groupPersons, tiedCandidates } from '../../src/resolve/person-rules.js';

/** The rules with names matching across spellings: the same ties required, a step weaker, the variant as evidence. */

const options = DEFAULT_RESOLVE_OPTIONS;
const ARBAT = '119002, г. Москва, ул. Арбат, д. 10';

function company(row: Partial<CompanyRow>): CompanyRow {
  return {
    id: null,
    key: null,
    status: 'fetched',
    title: null,
    fullName: null,
    shortName: null,
    inn: null,
    ogrn: null,
    registrationAddress: null,
    ...row,
  };
}
const co = (id: number) => ({ id, key: String(7701000000 + id), name: `ООО "Фирма ${id}"`, element: `e${id}` });
const person = (key: string, name: string, companies: PersonRow['companies'], inn: string | null = null): PersonRow => ({
  key,
  name,
  inn,
  companies,
});

describe('company rules across spellings', () => {
  it('ООО «Ромашка» and Romashka LLC at one address: company-name-address, 0.1 weaker, with both names', () => {
    const rows = [
      company({ id: 1, key: '7701000001', title: 'ООО «Ромашка»', inn: '7701000001', registrationAddress: ARBAT }),
      company({ id: 2, key: '7701000002', title: 'Romashka LLC', inn: '7701000002', registrationAddress: 'г.Москва ул.Арбат д.10' }),
      company({ id: 3, key: '7701000003', title: 'ООО «Ромашка-Плюс»', inn: '7701000003', registrationAddress: ARBAT }),
      // The same Latin name elsewhere: no tie, no candidate.
      company({ id: 4, key: '7701000004', title: 'OOO Romashka', inn: '7701000004', registrationAddress: 'г. Тула, ул. Ленина, 1' }),
    ];
    const { candidates } = companyCandidates(rows, options);
    expect(candidates.map((c) => [c.rule, c.score, c.a.key, c.b.key])).toEqual([['company-name-address', 0.6, '7701000001', '7701000002']]);
    expect(candidates[0]?.evidence).toEqual([
      { kind: 'name', value: 'ромашка / romashka' },
      { kind: 'nameMatch', value: 'transliteration: ООО «Ромашка» / Romashka LLC' },
      { kind: 'address', value: 'г москва ул арбат д 10' },
      { kind: 'numbers', value: 'differ: inn 7701000001 / 7701000002' },
    ]);
  });

  it('a Latin stub and a Cyrillic company, numbers not contradicting: company-name-numbers at 0.5', () => {
    const rows = [
      company({ id: 5, key: '7707083893', title: 'АО «Чайный дом»', inn: '7707083893', registrationAddress: ARBAT }),
      company({ key: '1027700132195', status: 'stub', title: 'JSC Chainyy Dom', ogrn: '1027700132195' }),
    ];
    const [c, ...rest] = companyCandidates(rows, options).candidates;
    expect(rest).toEqual([]);
    expect([c?.rule, c?.score]).toEqual(['company-name-numbers', 0.5]);
    expect(c?.evidence[1]).toEqual({ kind: 'nameMatch', value: 'transliteration: JSC Chainyy Dom / АО «Чайный дом»' });
  });

  it('an exact match is unchanged by the spellings pass (no nameMatch evidence)', () => {
    const rows = [
      company({ id: 1, key: '7701000001', title: 'ООО "Ромашка"', inn: '7701000001', registrationAddress: ARBAT }),
      company({ id: 2, key: '7701000002', title: 'Ромашка, ООО', inn: '7701000002', registrationAddress: ARBAT }),
    ];
    const [c] = companyCandidates(rows, options).candidates;
    expect(c?.score).toBe(0.7);
    expect(c?.evidence.map((e) => e.kind)).toEqual(['name', 'address', 'numbers']);
  });
});

describe('person rules across spellings and initials', () => {
  it('Иванов И.И. and Иванов Иван Иванович at one company: person-name-company 0.8; Иванова И.И. and Иванов П.И. are not', () => {
    const rows = [
      person('inn:770412345678', 'Иванов Иван Иванович', [co(1)], '770412345678'),
      person('name:и и иванов@company#1', 'Иванов И.И.', [co(1)]),
      person('name:и и иванова@company#1', 'Иванова И.И.', [co(1)]),
      person('name:и иванов п@company#1', 'Иванов П.И.', [co(1)]),
    ];
    const grouping = groupPersons(rows, options);
    expect(grouping.candidates.map((c) => [c.rule, c.score, c.a.key, c.b.key, c.evidence])).toEqual([
      [
        'person-name-company',
        0.8,
        'inn:770412345678',
        'name:и и иванов@company#1',
        [
          { kind: 'name', value: 'иван иванов иванович / и и иванов' },
          { kind: 'nameMatch', value: 'initials: Иванов Иван Иванович / Иванов И.И.' },
          { kind: 'company', value: 'company:7701000001 ООО "Фирма 1"' },
        ],
      ],
    ]);
    expect(grouping.pending).toEqual([]);
  });

  it('Ivanov Ivan at a tied company: person-name-tied, 0.1 less per variant', () => {
    const rows = [
      person('inn:770412345678', 'Иванов Иван Иванович', [co(1)], '770412345678'),
      person('name:ivan ivanov@company#2', 'Ivanov Ivan', [co(2)]),
      person('name:ivan ivanov@company#3', 'Ivanov Ivan', [co(3)]),
    ];
    const grouping = groupPersons(rows, options);
    expect(grouping.candidates).toEqual([]);
    const tied = tiedCandidates(grouping.pending, [{ a: 'e1', b: 'e2', kind: 'address', value: 'г москва ул арбат д 10' }]);
    expect(tied.map((c) => [c.rule, c.score, c.a.key, c.b.key])).toEqual([
      ['person-name-tied', 0.4, 'inn:770412345678', 'name:ivan ivanov@company#2'],
    ]);
    expect(tied[0]?.evidence.slice(0, 2)).toEqual([
      { kind: 'name', value: 'иван иванов иванович / ivan ivanov' },
      { kind: 'nameMatch', value: 'no patronymic, transliteration: Иванов Иван Иванович / Ivanov Ivan' },
    ]);
  });

  it('a name matching more than maxNamesakes others across spellings pairs with none', () => {
    const rows = [
      person('name:и иванов@company#1', 'Иванов И.', [co(1)]),
      ...['Иван', 'Игорь', 'Илья'].map((given, i) => person(`name:${given}@company#1`, `Иванов ${given}`, [co(1)], `77040000000${i}`)),
    ];
    expect(groupPersons(rows, { ...options, maxNamesakes: 2 }).candidates).toEqual([]);
    expect(groupPersons(rows, options).candidates).toHaveLength(3);
  });

  it('a name too vague to pair everywhere still pairs with the one match at its own address, when there is one', () => {
    const at = (id: number, address: string) => ({ ...co(id), address });
    const rows = [
      person('name:а н лебедев@company#5', 'Лебедев А.Н.', [at(5, 'arbat-10')]),
      person('inn:770400000001', 'Лебедев Алексей Николаевич', [at(4, 'arbat-10')], '770400000001'),
      person('inn:770400000002', 'Лебедев Андрей Никитич', [at(6, 'tverskaya-1')], '770400000002'),
      person('inn:770400000003', 'Лебедев Антон Николаевич', [at(7, 'lenina-3')], '770400000003'),
    ];
    const found = groupPersons(rows, { ...options, maxNamesakes: 2 });
    expect(found.candidates).toEqual([]);
    expect(found.pending.map((p) => [p.x.side.key, p.y.side.key])).toEqual([['inn:770400000001', 'name:а н лебедев@company#5']]);
    // A second match at the same address: no one in particular, no pair.
    const twice = [...rows, person('inn:770400000009', 'Лебедев Аркадий Никонович', [at(8, 'arbat-10')], '770400000009')];
    expect(groupPersons(twice, { ...options, maxNamesakes: 2 }).pending).toEqual([]);
  });

  it("the persons read keeps each company's address (without it a crowded name never meets at one; 100,000 records: recall 0.75)", () => {
    const row = toPersonRow({
      key: 'inn:1',
      name: 'Волков Алексей Сергеевич',
      inn: '1',
      companies: [{ id: 7, key: 'k', name: 'n', element: 'e7', address: 'arbat-10' }],
    });
    expect(row.companies[0]?.address).toBe('arbat-10');
  });
});
