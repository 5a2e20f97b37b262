import { describe, expect, it } from 'vitest';
import { canonicalIp } from '../../../src/graph/pivots/ip.js';
import { isLongEnough, isMeaningful, isPlaceholder, isPublicHost, isPublicIp } from '../../../src/graph/pivots/meaningful.js';

function publicIp(text: string): boolean {
  const ip = canonicalIp(text);
  if (!ip) throw new Error(`not an IP: ${text}`);
  return isPublicIp(ip.address, ip.version);
}

describe('values that identify nothing (pure)', () => {
  it('knows the placeholders in any case, spacing and trailing punctuation', () => {
    const placeholders = [
      '',
      '   ',
      '\t\n',
      '-',
      '—',
      '***',
      'n/a',
      'N/A.',
      ' None ',
      'unknown',
      'UNKNOWN',
      'нет',
      'Нет',
      'не указано',
      'НЕ  УКАЗАНО',
      'REDACTED FOR PRIVACY',
      'Redacted for Privacy.',
      'Private Person',
      'Data Protected',
      'null',
      'undefined',
    ];
    for (const value of placeholders) expect(isPlaceholder(value), value).toBe(true);
    for (const value of ['RU-CENTER-RU', 'Иванов Иван', 'n/a company ltd', 'nginx', 'нетология'])
      expect(isPlaceholder(value), value).toBe(false);
    expect(isMeaningful(null)).toBe(false);
    expect(isMeaningful(undefined)).toBe(false);
    expect(isMeaningful('Reg.ru')).toBe(true);
  });

  it('counts names in characters, not UTF-16 units', () => {
    expect(isLongEnough('ab')).toBe(false);
    expect(isLongEnough('abc')).toBe(true);
    expect(isLongEnough('🚀🚀')).toBe(false);
  });

  it('rejects loopback, private, link-local, shared and reserved IPv4 ranges', () => {
    const reserved = [
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '127.0.0.1',
      '127.8.8.8',
      '0.0.0.0',
      '169.254.10.20',
      '100.64.0.1',
      '100.127.255.255',
      '192.0.2.10',
      '198.51.100.1',
      '203.0.113.5',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
    ];
    for (const ip of reserved) expect(publicIp(ip), ip).toBe(false);
    for (const ip of [
      '185.71.67.12',
      '8.8.8.8',
      '172.15.255.255',
      '172.32.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '192.169.0.1',
      '11.0.0.1',
    ])
      expect(publicIp(ip), ip).toBe(true);
  });

  it('rejects loopback, unspecified, unique-local, link-local and documentation IPv6 ranges, and mapped private IPv4', () => {
    for (const ip of [
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'febf::1',
      'ff02::1',
      '2001:db8::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
    ])
      expect(publicIp(ip), ip).toBe(false);
    for (const ip of ['2a00:f940:2:1:2::1a2b', '2a02:6b8::1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(publicIp(ip), ip).toBe(true);
  });

  it('accepts public host names only', () => {
    for (const host of ['ns1.reg.ru', 'mx.yandex.net', 'пример.рф', 'a-b_c.example.com']) expect(isPublicHost(host), host).toBe(true);
    for (const host of [
      'localhost',
      'foo.localhost',
      'localhost.localdomain',
      'mx',
      'ns1 .reg.ru',
      'ns1..reg.ru',
      '.reg.ru',
      "x'}).ru DETACH",
      `${'a'.repeat(250)}.ru`,
    ])
      expect(isPublicHost(host), host).toBe(false);
  });
});
