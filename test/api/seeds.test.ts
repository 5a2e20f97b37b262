import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSeed, readSeedsFile } from '../../src/api/seeds.js';

describe('parseSeed', () => {
  it.each([
    ['domain:Example.COM', { kind: 'domain', key: 'example.com' }],
    ['domain:пример.рф', { kind: 'domain', key: 'пример.рф' }],
    ['domain:xn--e1afmkfd.xn--p1ai', { kind: 'domain', key: 'пример.рф' }],
    ['company:7707083893', { kind: 'company', key: '7707083893' }],
    ['company:1027700132195', { kind: 'company', key: '1027700132195' }],
    ['email:Ivan+Shop@Mail.RU', { kind: 'email', key: 'ivan+shop@mail.ru' }],
    ['phone:+7 (999) 000-11-22', { kind: 'phone', key: '+79990001122' }],
    ['domain#42', { kind: 'domain', id: 42 }],
    ['Company#7', { kind: 'company', id: 7 }],
  ])('reads %s', (seed, expected) => {
    expect(parseSeed(seed)).toEqual(expected);
  });

  it.each([
    ['example.com', /expected domain:<domain>/],
    ['site:example.com', /unknown kind "site"/],
    ['domain:not a domain', /not a domain name/],
    ["domain:'}) DETACH DELETE n //", /not a domain name/],
    ['email:nobody', /not an e-mail address/],
    ['phone:79990001122', /\+ and 7 to 15 digits/],
    ['phone:+12', /\+ and 7 to 15 digits/],
    ['company:12345', /INN \(10 or 12 digits\)/],
    ['domain#abc', /whole number/],
    ['domain#-1', /whole number/],
    ['email#', /whole number/],
  ])('refuses %s with one line naming it', (seed, why) => {
    let error: unknown;
    try {
      parseSeed(seed);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'SEED_INVALID' });
    const message = (error as Error).message;
    expect(message).toMatch(why);
    expect(message).toContain(JSON.stringify(seed));
    expect(message).not.toContain('\n');
  });

  it('reads a seeds file with comments and names the bad line', async () => {
    const file = path.join(os.tmpdir(), `seeds-${process.pid}.txt`);
    await writeFile(file, '# seeds\ndomain:a.ru\n\ncompany#3\n');
    expect(await readSeedsFile(file)).toEqual([
      { kind: 'domain', key: 'a.ru' },
      { kind: 'company', id: 3 },
    ]);
    await writeFile(file, 'domain:a.ru\nphone:123\n');
    await expect(readSeedsFile(file)).rejects.toThrow(`${file}:2: malformed seed "phone:123"`);
  });
});
