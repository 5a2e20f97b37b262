import { describe, expect, it } from 'vitest';
import { collectCandidates } from '../../src/resolve/candidates.js';
import { companyCandidates } from '../../src/resolve/company-rules.js';
import { candidatesCsv, candidatesJson, candidatesTable } from '../../src/resolve/format.js';
import { type CompanyRow, DEFAULT_RESOLVE_OPTIONS, type PersonRow } from '../../src/resolve/model.js';
import { pairId } from '../../src/resolve/pair.js';
import { groupPersons, tiedCandidates } from '../../src/resolve/person-rules.js';
import { MAX_EVIDENCE } from '../../src/resolve/model.js';

const options = DEFAULT_RESOLVE_OPTIONS;
const ADDRESS = '119002, г. Москва, ул. Арбат, д. 10';

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

const co = (id: number, key: string) => ({ id, key, name: `ООО "Фирма ${id}"`, element: `e${id}` });
const person = (key: string, name: string | null, companies: PersonRow['companies'], inn: string | null = null): PersonRow => ({
  key,
  name,
  inn,
  companies,
});

describe('company rules', () => {
  it('company-name-address: same name and address (spelled differently), numbers differing: 0.7 with the evidence', () => {
    const rows = [
      company({ id: 1, key: '7701000001', title: 'ООО "Ромашка"', inn: '7701000001', ogrn: '1027700000001', registrationAddress: ADDRESS }),
      company({
        id: 2,
        key: '7701000002',
        title: 'Общество с ограниченной ответственностью «РОМАШКА»',
        inn: '7701000002',
        ogrn: '1027700000002',
        registrationAddress: 'г.Москва ул.Арбат д.10',
      }),
      company({ id: 3, key: '7701000003', title: 'ООО "Ромашка"', inn: '7701000003', registrationAddress: 'г. Тула, ул. Ленина, 1' }),
    ];
    const { candidates } = companyCandidates(rows, options);
    expect(candidates).toEqual([
      {
        pairId: pairId({ kind: 'company', id: 1, key: '7701000001' }, { kind: 'company', id: 2, key: '7701000002' }),
        rule: 'company-name-address',
        score: 0.7,
        a: { kind: 'company', id: 1, key: '7701000001', name: 'ООО "Ромашка"' },
        b: { kind: 'company', id: 2, key: '7701000002', name: 'Общество с ограниченной ответственностью «РОМАШКА»' },
        evidence: [
          { kind: 'name', value: 'ромашка' },
          { kind: 'address', value: 'г москва ул арбат д 10' },
          { kind: 'numbers', value: 'differ: inn 7701000001 / 7701000002; ogrn 1027700000001 / 1027700000002' },
        ],
      },
    ]);
  });

  it('company-name-numbers: a stub named by INN and one named by OGRN, same name, no address: 0.6; an INN against another INN is no candidate', () => {
    const rows = [
      company({ key: '7707083893', status: 'stub', title: 'АО "Чайный дом"', inn: '7707083893' }),
      company({ key: '1027700132195', status: 'stub', title: 'АО «Чайный дом»', ogrn: '1027700132195' }),
      company({ key: '7707083894', status: 'stub', title: 'АО "Чайный дом"', inn: '7707083894', ogrn: '1027700132196' }),
    ];
    const { candidates } = companyCandidates(rows, options);
    expect(candidates.map((c) => [c.rule, c.score, c.a.key, c.b.key])).toEqual([
      ['company-name-numbers', 0.6, '1027700132195', '7707083893'],
    ]);
    expect(candidates[0]?.evidence).toContainEqual({ kind: 'numbers', value: 'ogrn 1027700132195 / inn 7707083893' });
  });

  it('legal forms that differ cost 0.1; same numbers-free company with an address matches a stub', () => {
    const rows = [
      company({ id: 7, title: 'ООО "Восток"', registrationAddress: ADDRESS }),
      company({ key: '7701999999', status: 'stub', title: 'АО "Восток"', inn: '7701999999' }),
    ];
    const [c] = companyCandidates(rows, options).candidates;
    expect(c?.rule).toBe('company-name-numbers');
    expect(c?.score).toBe(0.5);
    expect(c?.evidence).toContainEqual({ kind: 'legalForm', value: 'ооо / ао' });
  });

  it('a name held by more than maxNamesakes companies proposes nothing without an address, and is reported', () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      company({ key: `10277000000${String(i).padStart(2, '0')}`, status: 'stub', title: 'ООО "Ромашка"' }),
    );
    const result = companyCandidates(rows, { ...options, maxNamesakes: 10 });
    expect(result.candidates).toEqual([]);
    expect(result.crowded).toEqual([{ kind: 'company', name: 'ромашка', count: 12 }]);
  });

  it('two companies with different addresses are no candidates', () => {
    const rows = [
      company({ id: 1, title: 'ООО "Ромашка"', registrationAddress: ADDRESS }),
      company({ id: 2, title: 'ООО "Ромашка"', registrationAddress: 'г. Тула, ул. Ленина, 1' }),
    ];
    expect(companyCandidates(rows, options).candidates).toEqual([]);
  });
});

describe('person rules', () => {
  it('person-name-company: the same name with and without an INN at one company: 0.9', () => {
    const rows = [
      person('inn:770412345678', 'Иванова Мария Петровна', [co(1, '7701000001')], '770412345678'),
      person('name:иванова мария петровна@company#1', 'ИВАНОВА Мария Петровна', [co(1, '7701000001')]),
      person('name:иванова мария петровна@company#2', 'Иванова Мария Петровна', [co(2, '7701000002')]),
    ];
    const grouping = groupPersons(rows, options);
    expect(grouping.candidates.map((c) => [c.rule, c.score, c.a.key, c.b.key, c.evidence])).toEqual([
      [
        'person-name-company',
        0.9,
        'inn:770412345678',
        'name:иванова мария петровна@company#1',
        [
          { kind: 'name', value: 'иванова мария петровна' },
          { kind: 'company', value: 'company:7701000001 ООО "Фирма 1"' },
        ],
      ],
    ]);
    // The others need their companies' ties: company 2 against company 1.
    expect(grouping.pending.map((p) => [p.x.side.key, p.y.side.key])).toEqual([
      ['inn:770412345678', 'name:иванова мария петровна@company#2'],
      ['name:иванова мария петровна@company#1', 'name:иванова мария петровна@company#2'],
    ]);
    expect(grouping.companyPairs).toEqual([{ a: 'e1', b: 'e2' }]);
  });

  it('two INNs are never candidates, whatever ties their companies', () => {
    const rows = [
      person('inn:770412345678', 'Иванов Иван', [co(1, '7701000001')], '770412345678'),
      person('inn:770412345679', 'Иванов Иван', [co(1, '7701000001')], '770412345679'),
    ];
    const grouping = groupPersons(rows, options);
    expect(grouping.candidates).toEqual([]);
    expect(grouping.pending).toEqual([]);
  });

  it('person-name-tied: namesakes of tied companies, 0.6 plus 0.1 per further tie; untied: nothing', () => {
    const rows = [
      person('inn:770412345678', 'Петров Пётр', [co(1, '7701000001')], '770412345678'),
      person('name:петров петр@company#2', 'Петров Петр', [co(2, '7701000002')]),
      person('name:петров петр@company#3', 'Петров Петр', [co(3, '7701000003')]),
    ];
    const grouping = groupPersons(rows, options);
    const tied = tiedCandidates(grouping.pending, [
      { a: 'e2', b: 'e1', kind: 'address', value: 'г москва ул арбат д 10' },
      { a: 'e1', b: 'e2', kind: 'phone', value: '+74950000000' },
    ]);
    expect(tied.map((c) => [c.rule, c.score, c.a.key, c.b.key])).toEqual([
      ['person-name-tied', 0.7, 'inn:770412345678', 'name:петров петр@company#2'],
    ]);
    expect(tied[0]?.evidence).toEqual([
      { kind: 'name', value: 'петр петров' },
      { kind: 'companies', value: 'company:7701000001 ООО "Фирма 1" / company:7701000002 ООО "Фирма 2"' },
      { kind: 'address', value: 'г москва ул арбат д 10' },
      { kind: 'phone', value: '+74950000000' },
    ]);
  });

  it('an officer of more than maxShared companies (a nominee) pairs none of them: no company pairs to read', () => {
    const many = Array.from({ length: options.maxShared + 1 }, (_, i) => co(100 + i, String(7702000000 + i)));
    const rows = [
      person('name:иванов иван@company#100', 'Иванов Иван', many),
      person('name:иванов иван@company#9', 'Иванов Иван', [co(9, '7701000009')]),
    ];
    const grouping = groupPersons(rows, options);
    expect(grouping.pending).toEqual([]);
    expect(grouping.companyPairs).toEqual([]);
    const fewer = groupPersons([{ ...rows[0]!, companies: many.slice(0, options.maxShared) }, rows[1]!], options);
    expect(fewer.companyPairs).toHaveLength(options.maxShared);
  });

  it('keeps at most MAX_EVIDENCE entries, what a decision file line may hold', () => {
    const many = Array.from({ length: MAX_EVIDENCE + 1 }, (_, i) => co(200 + i, String(7703000000 + i)));
    const rows = [
      person('inn:770412345678', 'Петров Пётр', many, '770412345678'),
      person('name:петров петр@company#200', 'Петров Петр', many),
    ];
    const [candidate] = groupPersons(rows, { ...options, maxShared: 1000 }).candidates;
    expect(candidate?.evidence).toHaveLength(MAX_EVIDENCE);
  });
});

describe('collectCandidates', () => {
  const rows = [
    company({ id: 1, key: '7701000001', title: 'ООО "Ромашка"', registrationAddress: ADDRESS }),
    company({ id: 2, key: '7701000002', title: 'ООО "Ромашка"', registrationAddress: ADDRESS }),
  ];
  const persons = groupPersons(
    [
      person('inn:770412345678', 'Сидоров Сидор', [co(1, '7701000001')], '770412345678'),
      person('name:сидоров сидор@company#1', 'Сидоров Сидор', [co(1, '7701000001')]),
    ],
    options,
  );

  it('ranks by score, leaves out decided pairs and those under minScore; prints a table and the exact JSON', () => {
    const all = collectCandidates(rows, persons, [], new Set(), options);
    // The companies' keys are two INNs: numbers differ, 0.7.
    expect(all.candidates.map((c) => [c.rule, c.score])).toEqual([
      ['person-name-company', 0.9],
      ['company-name-address', 0.7],
    ]);
    const companyPair = all.candidates.find((c) => c.rule === 'company-name-address')?.pairId as string;
    expect(collectCandidates(rows, persons, [], new Set([companyPair]), options).candidates.map((c) => c.rule)).toEqual([
      'person-name-company',
    ]);
    expect(collectCandidates(rows, persons, [], new Set(), { ...options, minScore: 0.95 }).candidates).toEqual([]);
    const json = JSON.parse(candidatesJson(all));
    expect(Object.keys(json)).toEqual(['candidates']);
    expect(Object.keys(json.candidates[0])).toEqual(['pairId', 'rule', 'score', 'a', 'b', 'evidence']);
    expect(Object.keys(json.candidates[0].a)).toEqual(['kind', 'id', 'key', 'name']);
    expect(candidatesTable(all)).toContain('company-name-address  score 0.7');
    expect(candidatesTable({ candidates: [], crowded: [] })).toBe('no candidates\n');
  });

  it('the table shows a terminal escape in a name as U+FFFD', () => {
    const hostile = [
      company({ id: 1, title: 'ООО "Ромашка\u001b[2J"', registrationAddress: ADDRESS }),
      company({ id: 2, title: 'ООО "Ромашка\u001b[2J"', registrationAddress: ADDRESS }),
    ];
    const table = candidatesTable(collectCandidates(hostile, groupPersons([], options), [], new Set(), options));
    expect(table).not.toContain('\u001b');
    expect(table).toContain('\uFFFD');
  });

  it('--csv is safe to open: a name that is a formula is written as text', () => {
    const hostile = [
      company({ id: 1, title: '=HYPERLINK("http://evil.example/x","open")', registrationAddress: ADDRESS }),
      company({ id: 2, title: '=HYPERLINK("http://evil.example/x","open")', registrationAddress: ADDRESS }),
    ];
    const csv = candidatesCsv(collectCandidates(hostile, groupPersons([], options), [], new Set(), options));
    const [header, line] = csv.split('\r\n');
    expect(header).toBe('pair_id,rule,score,a,a_name,b,b_name,evidence');
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example/x"",""open"")"`);
    expect(line).not.toMatch(/,=HYPERLINK|,"=HYPERLINK/);
  });
});
