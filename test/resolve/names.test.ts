import { describe, expect, it } from 'vitest';
import { companyName, personNameKey } from '../../src/graph/names/names.js';
import { pairId, sideRef } from '../../src/resolve/pair.js';

describe('companyName', () => {
  it('reads quotes, case, ё and spacing away and keeps the legal form as a separate token', () => {
    const spellings = [
      'ООО "Ромашка"',
      'ООО «Ромашка»',
      'Общество с ограниченной ответственностью «Ромашка»',
      'общество  с ограниченной ответственностью „Ромашка“',
      'Ромашка, ООО',
      'OOO "Ромашка"',
      'ООО  РОМАШКА ',
    ];
    for (const s of spellings) expect(companyName(s), s).toEqual({ core: 'ромашка', form: 'ооо' });
    expect(companyName('АО "Ёлка"')).toEqual({ core: 'елка', form: 'ао' });
    expect(companyName('ПАО «Ёлка»')).toEqual({ core: 'елка', form: 'пао' });
    expect(companyName('Публичное акционерное общество "Ёлка"')).toEqual({ core: 'елка', form: 'пао' });
    expect(companyName('Закрытое акционерное общество Ёлка')).toEqual({ core: 'елка', form: 'зао' });
    expect(companyName('Romashka LLC')).toEqual({ core: 'romashka', form: 'ооо' });
    expect(companyName('ИП Иванов Иван Иванович')).toEqual({ core: 'иванов иван иванович', form: 'ип' });
  });

  it('keeps a name without a form whole, and a form alone is no name', () => {
    expect(companyName('Ромашка-Плюс')).toEqual({ core: 'ромашка плюс', form: null });
    expect(companyName('ООО')).toEqual({ core: '', form: 'ооо' });
    // A form inside the name is part of it.
    expect(companyName('Торговый дом АО Восток')).toEqual({ core: 'торговый дом ао восток', form: null });
  });

  it('survives hostile strings: quotes, Cypher, emoji', () => {
    expect(companyName(`ООО "'}) DETACH DELETE n //"`)).toEqual({ core: 'detach delete n', form: 'ооо' });
    expect(companyName('ООО «Чай 🍵 и кофе»')).toEqual({ core: 'чай и кофе', form: 'ооо' });
  });
});

describe('personNameKey', () => {
  it('folds case, ё, punctuation and word order', () => {
    expect(personNameKey('Иванов Иван Иванович')).toBe('иван иванов иванович');
    expect(personNameKey('ИВАНОВ  Иван  Иванович')).toBe('иван иванов иванович');
    expect(personNameKey('Иван Иванович Иванов')).toBe('иван иванов иванович');
    expect(personNameKey('Семёнов, Пётр')).toBe(personNameKey('Семенов Петр'));
  });

  it('is undefined for a single word', () => {
    expect(personNameKey('Иванов')).toBeUndefined();
    expect(personNameKey(' ,. ')).toBeUndefined();
  });
});

describe('pairId', () => {
  const a = { kind: 'company' as const, id: 1, key: '7701234567' };
  const b = { kind: 'company' as const, id: null, key: '1027700132195' };
  it('is stable and order-independent, made of the side refs', () => {
    expect(pairId(a, b)).toBe(pairId(b, a));
    expect(pairId(a, b)).toMatch(/^pair-[0-9a-f]{16}$/);
    expect(pairId(a, b)).not.toBe(pairId(a, { ...b, key: '1027700132196' }));
    expect(sideRef({ kind: 'company', id: 5, key: null })).toBe('company#5');
    expect(sideRef({ kind: 'person', id: null, key: 'inn:770412345678' })).toBe('person:inn:770412345678');
  });
  it('does not change with the names (they are not part of the id)', () => {
    expect(pairId({ ...a, name: 'x' } as never, b)).toBe(pairId(a, b));
  });
});
