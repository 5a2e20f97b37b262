import { describe, expect, it } from 'vitest';
import { companyNameMatch, personNameMatch } from '../../src/graph/names/name-match.js';
import { skeleton } from '../../src/graph/names/spelling.js';

/**
 * The labelled table of name variants: pairs that name one company or person (true) and hard negatives
 * (false), with the precision and recall of the matching computed over it.
 */
const COMPANIES: [string, string, boolean][] = [
  ['ООО «Ромашка»', 'OOO Romashka', true],
  ['ООО «Ромашка»', 'Romashka LLC', true],
  ['OOO Romashka', 'Romashka LLC', true],
  ['ООО "Ромашка"', 'Общество с ограниченной ответственностью «РОМАШКА»', true],
  ["ООО 'Ромашка'", 'ооо  ромашка', true],
  ['АО «Чайный дом»', 'JSC Chainyy Dom', true],
  ['АО «Чайный дом»', 'AO "Chainy dom"', true],
  ['ЗАО «Северсталь»', 'Severstal CJSC', true],
  ['ПАО «Хлебозавод»', 'PJSC Khlebozavod', true],
  ['ООО «Цветмет»', 'Tsvetmet LLC', true],
  ['ООО «ОрионИнвест»', 'ООО "Орион Инвест"', true],
  ['ООО «ГермесТорг-Инвест»', 'Germestorg-Invest LLC', true],
  ['ООО «Щит»', 'Shchit LLC', true],
  ['ООО «Альянс»', 'Alyans LLC', true],
  ['ООО «Экспресс»', 'Ekspress LLC', true],
  ['ООО «Экспресс»', 'Express LLC', true],
  ['ООО «Юпитер»', 'Yupiter LLC', true],
  ['ООО «Ромашка»', 'ООО «Ромашка-Плюс»', false],
  ['ООО «Ромашка»', 'Romashka Plus LLC', false],
  ['ООО «Ромашка»', 'ООО «Ромашки»', false],
  ['ООО «Альфа»', 'ООО «Альфа-М»', false],
  ['ООО «Восток»', 'ООО «Запад»', false],
  ['АО «Чайный дом»', 'АО «Чайный двор»', false],
  ['ООО «Цветмет»', 'ООО «Светмет»', false],
  ['ООО «Орион»', 'Orion Invest LLC', false],
  ['ООО «Юпитер»', 'ООО «Упитер»', false],
  ['ООО', 'LLC', false],
];

const PERSONS: [string, string, boolean][] = [
  ['Иванов И.И.', 'Иванов Иван Иванович', true],
  ['Иванов И. И.', 'Иван Иванович Иванов', true],
  ['Иванов Иван Иванович', 'Ivanov Ivan', true],
  ['Иванов И.И.', 'Ivanov Ivan', true],
  ['Иванов Иван', 'Иванов Иван Иванович', true],
  ['И.И. Иванов', 'Иванов Иван Иванович', true],
  ['Иванов Иван Иванович', 'Ivan Ivanovich Ivanov', true],
  ['Щукин Юрий Петрович', 'Shchukin Yury', true],
  ['Щукин Юрий Петрович', 'Yuriy Shchukin', true],
  ['Хабарова Мария Сергеевна', 'Khabarova Mariya Sergeevna', true],
  ['Хабарова Мария Сергеевна', 'Хабарова М.С.', true],
  ['Цветков Алексей Андреевич', 'Tsvetkov Alexey', true],
  ['Цветков Алексей Андреевич', 'Цветков А.', true],
  ['Зайцева Анна Андреевна', 'Zaitseva Anna', true],
  ['Семёнов Пётр', 'Семенов Петр Ильич', true],
  ['Евгеньев Евгений', 'Yevgenyev Yevgeny', true],
  ['Иванов И.И.', 'Иванова И.И.', false],
  ['Иванов И.И.', 'Иванов П.И.', false],
  ['Иванов Иван Иванович', 'Иванов Иван Петрович', false],
  ['Иванов И.И.', 'Иванов Юрий Иванович', false],
  ['Иванов И.И.', 'Иванов Иван Петрович', false],
  ['Иванов Иван', 'Иванова Ивана', false],
  ['Иванов Иван Иванович', 'Petrov Ivan', false],
  ['Петров Иван', 'Иван Петрович', false],
  ['Щукин Юрий', 'Shchukin Ilya', false],
  ['Иванов', 'Иванов Иван', false],
  ['Павлова Ольга Алексеевна', 'Павлова Олеся Алексеевна', false],
  ['Павлова О.А.', 'Павлова О.Б.', false],
  ['Смирнов Андрей', 'Smirnova Andreya', false],
];

function measure(table: [string, string, boolean][], matches: (x: string, y: string) => unknown) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const wrong: string[] = [];
  for (const [x, y, same] of table) {
    const found = matches(x, y) !== undefined && matches(y, x) !== undefined;
    if (found && same) tp++;
    if (found && !same) fp++;
    if (!found && same) fn++;
    if (found !== same) wrong.push(`${x} / ${y}: ${found ? 'matched' : 'missed'}`);
  }
  return { precision: tp / (tp + fp), recall: tp / (tp + fn), wrong };
}

describe('names across spellings: the labelled table', () => {
  it('holds at least 40 pairs, with hard negatives', () => {
    expect(COMPANIES.length + PERSONS.length).toBeGreaterThanOrEqual(40);
    expect([...COMPANIES, ...PERSONS].filter(([, , same]) => !same).length).toBeGreaterThanOrEqual(15);
  });

  it('precision >= 0.95 and recall >= 0.9 over the companies and the persons', () => {
    const all = [
      ...COMPANIES.map(([x, y, s]) => [`c ${x}`, `c ${y}`, s] as [string, string, boolean]),
      ...PERSONS.map(([x, y, s]) => [`p ${x}`, `p ${y}`, s] as [string, string, boolean]),
    ];
    const result = measure(all, (x, y) =>
      x.startsWith('c ') ? companyNameMatch(x.slice(2), y.slice(2)) : personNameMatch(x.slice(2), y.slice(2)),
    );
    console.info(
      `names across spellings: precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)} over ${all.length} pairs`,
    );
    // A soft sign spelled `y` is not read as one (Евгеньев: evgenev / Yevgenyev): a known miss.
    expect(result.wrong).toEqual(['p Евгеньев Евгений / p Yevgenyev Yevgeny: missed']);
    expect(result.precision).toBeGreaterThanOrEqual(0.95);
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('the hard negatives of the issue do not match', () => {
    expect(companyNameMatch('ООО «Ромашка»', 'ООО «Ромашка-Плюс»')).toBeUndefined();
    expect(personNameMatch('Иванов И.И.', 'Иванова И.И.')).toBeUndefined();
    expect(personNameMatch('Иванов И.И.', 'Иванов П.И.')).toBeUndefined();
  });
});

describe('what a match says', () => {
  it('names the variants and their cost', () => {
    expect(companyNameMatch('ООО "Ромашка"', 'Общество с ограниченной ответственностью «РОМАШКА»')).toEqual({ how: [], penalty: 0 });
    expect(companyNameMatch('ООО «Ромашка»', 'Romashka LLC')).toEqual({ how: ['transliteration'], penalty: 0.1 });
    expect(companyNameMatch('ООО «ОрионИнвест»', 'ООО "Орион Инвест"')).toEqual({ how: ['spelling'], penalty: 0.1 });
    expect(personNameMatch('Иван Иванович Иванов', 'Иванов Иван Иванович')).toEqual({ how: [], penalty: 0 });
    expect(personNameMatch('Иванов И.И.', 'Иванов Иван Иванович')).toEqual({ how: ['initials'], penalty: 0.1 });
    expect(personNameMatch('Иванов И.И.', 'Ivanov Ivan')).toEqual({ how: ['initials', 'no patronymic', 'transliteration'], penalty: 0.3 });
  });

  it('spells Russian names in Latin alike', () => {
    const spelled: [string, string][] = [
      ['Юрий', 'Yury'],
      ['Юрий', 'Iurii'],
      ['Алексей', 'Alexey'],
      ['Хабаров', 'Khabarov'],
      ['Цветков', 'Tsvetkov'],
      ['Щукин', 'Schukin'],
      ['Мария', 'Mariya'],
      ['Евгений', 'Yevgeny'],
    ];
    for (const [x, y] of spelled) expect(skeleton(x), `${x} / ${y}`).toBe(skeleton(y));
  });
});
