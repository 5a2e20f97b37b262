import { describe, expect, it } from 'vitest';
import { canonicalIp } from '../../../src/graph/pivots/ip.js';
import { personKey } from '../../../src/graph/pivots/company.js';
import {
  addressKey,
  emailKey,
  hostKey,
  innKey,
  ipKey,
  mailServerKey,
  nameKey,
  ogrnKey,
  okvedKey,
  phoneKey,
  socialProfileKey,
} from '../../../src/graph/pivots/normalize.js';

function allEqual(keyOf: (value: string) => string | undefined, variants: string[], expected: string): void {
  for (const variant of variants) expect(keyOf(variant), variant).toBe(expected);
}

describe('pivot keys (pure)', () => {
  it('writes IPv6 the RFC 5952 way and mapped IPv4 as IPv4', () => {
    allEqual(
      ipKey,
      [
        '2a00:f940:2:1:2::1a2b',
        '2A00:F940:0002:0001:0002:0000:0000:1A2B',
        '2a00:f940:2:1:2:0:0:1a2b',
        '[2a00:f940:2:1:2::1a2b]',
        ' 2a00:f940:2:1:2::1A2B ',
      ],
      '2a00:f940:2:1:2::1a2b',
    );
    expect(canonicalIp('2001:0:0:1:0:0:0:1')?.address).toBe('2001:0:0:1::1');
    expect(canonicalIp('2001:db8:0:1:1:1:1:1')?.address).toBe('2001:db8:0:1:1:1:1:1');
    expect(canonicalIp('2001:0:0:1:0:0:1:1')?.address).toBe('2001::1:0:0:1:1');
    allEqual(ipKey, ['185.71.67.12', ' 185.71.67.12', '::ffff:185.71.67.12', '::FFFF:b947:430c'], '185.71.67.12');
  });

  it('refuses what is no IP address', () => {
    for (const value of [
      '',
      'localhost',
      '185.71.67',
      '185.071.67.12',
      '256.1.1.1',
      '1:2:3:4:5:6:7:8:9',
      'fe80::1%eth0',
      '185.71.67.12/24',
      'n/a',
      "1.2.3.4'})",
    ])
      expect(ipKey(value), value).toBeUndefined();
  });

  it('writes hosts lower-case without the trailing dot, MX without its priority', () => {
    allEqual(hostKey, ['ns1.reg.ru', 'NS1.REG.RU.', ' ns1.reg.ru. '], 'ns1.reg.ru');
    expect(hostKey('xn--e1afmkfd.xn--p1ai')).toBe('пример.рф');
    allEqual(mailServerKey, ['10 mx.yandex.net.', 'mx.yandex.net', '0   MX.Yandex.NET'], 'mx.yandex.net');
    for (const value of ['localhost', 'localhost.', 'mx', '-', 'none', '10.0.0.53', 'fe80::53'])
      expect(hostKey(value), value).toBeUndefined();
    for (const value of ['0 .', '10 localhost', '10']) expect(mailServerKey(value), value).toBeUndefined();
    expect(hostKey('185.71.67.12')).toBe('185.71.67.12');
  });

  it('folds names: trim, collapse spaces, case, ё, quotes; too short or placeholder is none', () => {
    allEqual(
      (v) => personKey({ inn: null, name: v }, 7),
      ['Иванова Мария Петровна', '  иванова   мария петровна ', 'ИВАНОВА МАРИЯ ПЕТРОВНА'],
      'name:иванова мария петровна@company#7',
    );
    expect(personKey({ inn: null, name: 'Семёнов Пётр' }, 7)).toBe(personKey({ inn: null, name: 'Семенов Петр' }, 7));
    expect(personKey({ inn: null, name: 'ООО «Чайная лавка»' }, 7)).toBe(personKey({ inn: null, name: 'ООО "Чайная лавка"' }, 7));
    expect(personKey({ inn: ' 7704 12345678 ', name: 'Иванова М. П.' }, 7)).toBe('inn:770412345678');
    expect(personKey({ inn: 'нет', name: 'Иванова Мария' }, 7)).toBe('name:иванова мария@company#7');
    // Without an INN a name identifies a person within one company only.
    expect(personKey({ inn: null, name: 'Иванова Мария' }, 8)).not.toBe(personKey({ inn: null, name: 'Иванова Мария' }, 7));
    expect(personKey({ inn: '770412345678', name: 'Иванова' }, 8)).toBe(personKey({ inn: '770412345678', name: 'Иванова М.' }, 7));
    expect(personKey({ inn: '0000000000', name: 'Ли' }, 7)).toBeUndefined();
    expect(personKey({ inn: null, name: 'не указано' }, 7)).toBeUndefined();
    expect(nameKey('RU-CENTER-RU')).toBe(nameKey(' ru-center-ru '));
    expect(nameKey('AB')).toBeUndefined();
    expect(nameKey('Go', false)).toBe('go');
  });

  it('folds addresses: case, punctuation variants, postal code and country dropped alike', () => {
    allEqual(
      addressKey,
      [
        '119002, г. Москва, ул. Арбат, д. 10, помещ. 3',
        'г.Москва, ул.Арбат, д.10, помещ.3',
        'Г. МОСКВА; УЛ. АРБАТ — Д. 10 / ПОМЕЩ. № 3',
        'Россия, 119002, г. Москва, ул. Арбат, д. 10, помещ. 3',
        '119002 г Москва ул Арбат д 10 помещ 3',
      ],
      'г москва ул арбат д 10 помещ 3',
    );
    expect(addressKey('Ростов-на-Дону, ул. Ёлочная')).toBe(addressKey('ростов на дону ул елочная'));
    for (const value of ['', '119002', 'не указано', '-', 'г.']) expect(addressKey(value), value).toBeUndefined();
  });

  it('writes social links as host and path', () => {
    allEqual(
      socialProfileKey,
      [
        'https://vk.com/lavkachaya',
        'http://www.VK.com/lavkachaya/',
        'vk.com/lavkachaya',
        '//vk.com/lavkachaya?utm_source=site#top',
        'HTTPS://WWW.VK.COM/lavkachaya//',
      ],
      'vk.com/lavkachaya',
    );
    expect(socialProfileKey('https://vk.com/%D1%87%D0%B0%D0%B9')).toBe(socialProfileKey('https://vk.com/чай'));
    expect(socialProfileKey('https://vk.com/LavkaChaya')).toBe('vk.com/LavkaChaya');
    for (const value of [
      'https://vk.com/',
      'vk.com',
      'javascript:alert(1)',
      'mailto:a@b.ru',
      'ftp://vk.com/x',
      'https://localhost/x',
      '@lavkachaya',
      'n/a',
      "'}) DETACH DELETE n",
    ])
      expect(socialProfileKey(value), value).toBeUndefined();
  });

  it('checks OKVED codes, company numbers, phones and e-mails', () => {
    expect(okvedKey(' 47.29.39 ')).toBe('47.29.39');
    for (const value of ['47', '01.1', '46.37']) expect(okvedKey(value)).toBe(value);
    for (const value of ['', 'нет', '4', '47.', '47,29', 'abc']) expect(okvedKey(value), value).toBeUndefined();
    expect(innKey('7701 234567')).toBe('7701234567');
    expect(innKey('770412345678')).toBe('770412345678');
    for (const value of ['770123456', '77012345678', '0000000000', 'нет', null]) expect(innKey(value)).toBeUndefined();
    expect(ogrnKey('1157746123456')).toBe('1157746123456');
    expect(ogrnKey('7701234567')).toBeUndefined();
    allEqual(phoneKey, ['+74951234567', '+7 (495) 123-45-67', '7 495 123 45 67'], '+74951234567');
    for (const value of ['', '+7', '123', 'нет', '+1234567890123456']) expect(phoneKey(value), value).toBeUndefined();
    expect(emailKey(' Info@Lavka-Chaya.RU ')).toBe('info@lavka-chaya.ru');
    for (const value of ['', 'info', 'info@localhost', 'a@b', 'n/a', 'a b@c.ru']) expect(emailKey(value), value).toBeUndefined();
  });
});
