import { describe, expect, it } from 'vitest';
import { parseLandingRecord } from '../../src/api/schemas/index.js';
import { captionOf } from '../../src/graph/caption.js';
import { mapFetchedRecord } from '../../src/graph/map-record.js';
import { buildRecord, generateGraph } from '../../src/sandbox/index.js';

describe('captionOf: what a picture shows for a record', () => {
  it.each([
    ['ООО "ОрионИнвест"', 'ОрионИнвест'],
    ['ПАО «ПартнёрТрейд»', 'ПартнёрТрейд'],
    ['Общество с ограниченной ответственностью «СЕВЕРМЕД»', 'СЕВЕРМЕД'],
    ['Публичное акционерное общество "Сбербанк России"', 'Сбербанк России'],
    ['Некоммерческая организация «Лидер»', 'Лидер'],
    ['ИП Иванов Иван Иванович', 'Иванов Иван Иванович'],
    ['АНО "ГоризонтИнвест-Мед"', 'ГоризонтИнвест- Мед'],
    ['ООО "Рога-Копыта"', 'Рога-Копыта'],
    ['Яндекс', 'Яндекс'],
    ['ООО ""', 'ООО ""'],
    ['ООО  "Лавка   чая"', 'Лавка чая'],
    ['ООО "Кавычки\u001B[31m red\u202Eevil"', 'Кавычки[31m red[U+202E]evil'],
  ])('company %j -> %j', (title, caption) => {
    expect(captionOf('company', title, '7701234567')).toBe(caption);
  });

  it.each([
    ['Филиал ООО "ОрионИнвест" в г. Самара', 'Филиал ОрионИнвест в г. Самара'],
    ['Филиал ПАО «ПартнёрТрейд» в г. Нижний Новгород', 'Филиал ПартнёрТрейд в г. Нижний Новгород'],
    ['Представительство АО "ГоризонтИнвест-Мед"', 'Представительство ГоризонтИнвест- Мед'],
    ['Филиал в г. Самара', 'Филиал в г. Самара'],
  ])('branch %j -> %j', (title, caption) => {
    expect(captionOf('branch', title, null)).toBe(caption);
  });

  it('breaks an e-mail before its @, and gives domains, phones and untitled records none', () => {
    expect(captionOf('email', null, 'spavlov643@yandex.ru')).toBe('spavlov643 @yandex.ru');
    expect(captionOf('email', null, 'a@b@example.ru')).toBe('a@b @example.ru');
    expect(captionOf('email', null, 'andrey.kuznetsov@yandex.ru')).toBe('andrey.kuznetsov @yandex.ru');
    expect(captionOf('email', null, 'info@logisticdesign.net')).toBe('info @logisticdesign .net');
    expect(captionOf('email', null, 'konstantin.konstantinov@mail.ru')).toBe('konstantin .konstantinov @mail.ru');
    expect(captionOf('domain', 'school.ru', 'school.ru')).toBeUndefined();
    expect(captionOf('phone', '+79298449349', '+79298449349')).toBeUndefined();
    expect(captionOf('branch', null, null)).toBeUndefined();
    expect(captionOf('company', null, '7701234567')).toBeUndefined();
  });

  it('is written by the mapping on fetched companies and e-mails and on the stubs they list', () => {
    const graph = generateGraph({ records: 400, seed: 3 });
    const id = graph.ids('company')[0] as number;
    const json = buildRecord(graph, 'company', id);
    const mapped = mapFetchedRecord('company', parseLandingRecord('company', json), JSON.stringify(json));
    const title = (json as { title: string }).title;
    expect(mapped.self.props.caption).toBe(captionOf('company', title, null));
    expect(mapped.self.props.caption).not.toMatch(/["«»]|^(ООО|АО|ЗАО|ПАО|АНО|НКО) /);
    const emails = mapped.nodes.filter((n) => n.kind === 'email' && n.key !== null);
    expect(emails.length).toBeGreaterThan(0);
    for (const email of emails) expect((email.props.caption as string).replace(/ /g, '')).toBe(email.key);
  });
});
