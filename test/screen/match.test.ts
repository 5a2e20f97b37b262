import { describe, expect, it } from 'vitest';
import type { ListEntity } from '../../src/screen/list-entity.js';
import { type Hit, matchEntity, type ScreenRecord, screenIndex } from '../../src/screen/match.js';

const company = (key: string, names: string[], inn: string | null, ogrn: string | null = null): ScreenRecord => ({
  element: `e-${key}`,
  kind: 'company',
  key,
  name: names[0] ?? null,
  names,
  inns: inn ? [inn] : [],
  ogrns: ogrn ? [ogrn] : [],
  birthDates: [],
});
const person = (key: string, name: string, inn: string | null, birthDates: string[] = []): ScreenRecord => ({
  element: `e-${key}`,
  kind: 'person',
  key,
  name,
  names: [name],
  inns: inn ? [inn] : [],
  ogrns: [],
  birthDates,
});
const entity = (schema: ListEntity['schema'], names: string[], more: Partial<ListEntity> = {}): ListEntity => ({
  id: `x-${names[0] ?? more.inns?.[0]}`,
  schema,
  caption: names[0] ?? '',
  names,
  inns: [],
  ogrns: [],
  birthDates: [],
  topics: ['sanction'],
  datasets: [],
  ...more,
});

const GRAPH = [
  company('7701234567', ['ООО "Ромашка"', 'Общество с ограниченной ответственностью «Ромашка»'], '7701234567', '1027700000001'),
  company('7709999999', ['АО "Ромашка Плюс"'], '7709999999'),
  company('7705555555', ['ООО "Звезда"'], '7705555555'),
  person('inn:770123456789', 'Иванов Иван Иванович', '770123456789'),
  person('name:петров петр петрович@company#5', 'Петров Пётр Петрович', null),
  person('name:сидоров сидор@company#6', 'Сидоров Сидор Сидорович', null, ['1960-02-03']),
];
const index = screenIndex(GRAPH);
const brief = (hits: Hit[]) => hits.map((h) => [h.record.key, h.how, h.property, h.score, h.variants]);

describe('screen: matching a list entity', () => {
  it('matches an INN or OGRN written with spaces, score 1, whatever the name', () => {
    expect(brief(matchEntity(entity('Company', ['Other Name'], { inns: ['7701234567'] }), index))).toEqual([
      ['7701234567', 'identifier', 'innCode', 1, []],
    ]);
    expect(brief(matchEntity(entity('Company', [], { ogrns: ['1027700000001'] }), index))).toEqual([
      ['7701234567', 'identifier', 'ogrnCode', 1, []],
    ]);
    expect(brief(matchEntity(entity('Person', [], { inns: ['770123456789'] }), index))).toEqual([
      ['inn:770123456789', 'identifier', 'innCode', 1, []],
    ]);
  });

  it('matches company names across legal-form spellings and scripts', () => {
    expect(brief(matchEntity(entity('Company', ['Romashka LLC']), index))).toEqual([
      ['7701234567', 'name', 'name', 0.8, ['transliteration']],
    ]);
    expect(brief(matchEntity(entity('Organization', ['Ромашка, общество с ограниченной ответственностью']), index))).toEqual([
      ['7701234567', 'name', 'name', 0.9, []],
    ]);
    expect(brief(matchEntity(entity('LegalEntity', ['ZVEZDA OOO']), index))).toEqual([
      ['7705555555', 'name', 'name', 0.8, ['transliteration']],
    ]);
  });

  it('matches people across word order, initials and scripts', () => {
    expect(brief(matchEntity(entity('Person', ['Иван Иванович Иванов']), index))).toEqual([['inn:770123456789', 'name', 'name', 0.8, []]]);
    expect(brief(matchEntity(entity('Person', ['Ivanov Ivan Ivanovich']), index))).toEqual([
      ['inn:770123456789', 'name', 'name', 0.7, ['transliteration']],
    ]);
    expect(brief(matchEntity(entity('Person', ['Петров П.П.']), index))).toEqual([
      ['name:петров петр петрович@company#5', 'name', 'name', 0.7, ['initials']],
    ]);
  });

  it('keeps near misses out: another INN, another legal form, a longer name, a person for a company, another birth date', () => {
    expect(matchEntity(entity('Company', ['ООО Ромашка'], { inns: ['7700000000'] }), index)).toEqual([]);
    expect(matchEntity(entity('Company', ['АО Ромашка']), index)).toEqual([]);
    expect(matchEntity(entity('Company', ['ООО Ромашка Трейд']), index)).toEqual([]);
    expect(matchEntity(entity('Company', ['ООО Ромашк']), index)).toEqual([]);
    expect(matchEntity(entity('Person', ['Ромашка Звезда']), index)).toEqual([]);
    expect(matchEntity(entity('Person', ['Иванов Иван Иванович'], { inns: ['770000000000'] }), index)).toEqual([]);
    expect(matchEntity(entity('Person', ['Иванов Иван Петрович']), index)).toEqual([]);
    expect(matchEntity(entity('Person', ['Иванова Ивана Ивановна']), index)).toEqual([]);
    expect(matchEntity(entity('Person', ['Сидоров Сидор Сидорович'], { birthDates: ['1961-02-03'] }), index)).toEqual([]);
    expect(brief(matchEntity(entity('Person', ['Сидоров Сидор Сидорович'], { birthDates: ['1960'] }), index))).toEqual([
      ['name:сидоров сидор@company#6', 'name', 'name', 0.8, []],
    ]);
    expect(matchEntity(entity('Company', ['Company'], { inns: ['770123456789'] }), index)).toEqual([]);
  });

  it('gives one hit per record: the identifier beats the name', () => {
    expect(brief(matchEntity(entity('Company', ['ООО Ромашка'], { inns: ['7701234567'] }), index))).toEqual([
      ['7701234567', 'identifier', 'innCode', 1, []],
    ]);
  });
});
