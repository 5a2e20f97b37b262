import { describe, expect, it } from 'vitest';
import type { LandingKind } from '../../../src/api/kinds.js';
import { parseLandingRecord } from '../../../src/api/schemas/index.js';
import {
  mergePivotBatches,
  pivotsOf,
  PIVOT_KIND_NAMES,
  PIVOT_KINDS,
  type PivotBatch,
  type PivotKind,
} from '../../../src/graph/pivots/index.js';
import { fullRecord, type Json } from '../../api/schemas/records.js';

function batchOf(kind: LandingKind, change?: (r: Json) => void): { json: Json; batch: PivotBatch } {
  const json = fullRecord(kind);
  change?.(json);
  return { json, batch: pivotsOf(kind, parseLandingRecord(kind, json), { kind, id: json.id as number }) };
}

const keysOf = (batch: PivotBatch, kind: PivotKind) => batch.pivots.filter((p) => p.kind === kind).map((p) => p.key);
const linkTo = (batch: PivotBatch, kind: PivotKind, key: string) => batch.links.find((l) => l.pivotKind === kind && l.pivotKey === key);
const block = (json: Json, name: string) => json[name] as Json;

describe('pivotsOf (pure)', () => {
  it('takes every pivot kind of a website record with its key and source fields', () => {
    const { json, batch } = batchOf('domain');
    expect(keysOf(batch, 'ip')).toEqual(['185.71.67.12', '2a00:f940:2:1:2::1a2b']);
    expect(keysOf(batch, 'nameServer')).toEqual(['ns1.reg.ru', 'ns2.reg.ru']);
    expect(keysOf(batch, 'mailServer')).toEqual(['mx.yandex.net']);
    expect(keysOf(batch, 'registrar')).toEqual(['ru-center-ru']);
    expect(keysOf(batch, 'technology')).toEqual(['1c-bitrix', 'yandex.metrika']);
    expect(keysOf(batch, 'socialProfile')).toEqual(['vk.com/lavkachaya', 't.me/lavkachaya']);
    expect(linkTo(batch, 'ip', '185.71.67.12')).toMatchObject({
      type: 'RESOLVES_TO',
      fromKind: 'domain',
      fromId: json.id,
      via: ['dns.a', 'dns.aWww', 'websiteResponseHeaders.hostIp'],
    });
    expect(linkTo(batch, 'nameServer', 'ns1.reg.ru')?.via).toEqual(['dns.ns', 'dns.soaPrimaryNameServer', 'whoIs.dnsServers']);
    expect(linkTo(batch, 'mailServer', 'mx.yandex.net')).toMatchObject({ type: 'USES_MAIL_SERVER', via: ['dns.mx'] });
    expect(batch.pivots.find((p) => p.kind === 'mailServer')?.value).toBe('10 mx.yandex.net.');
    expect(batch.pivots.find((p) => p.kind === 'registrar')?.value).toBe('RU-CENTER-RU');
    for (const link of batch.links) expect(link.type).toBe(PIVOT_KINDS[link.pivotKind].relation);
  });

  it('takes every pivot kind of a company record: address, activities (main), people with roles and posts', () => {
    const { json, batch } = batchOf('company');
    expect(keysOf(batch, 'address')).toEqual(['г москва ул арбат д 10 помещ 3']);
    expect(batch.pivots.find((p) => p.kind === 'address')?.value).toBe('119002, г. Москва, ул. Арбат, д. 10, помещ. 3');
    expect(keysOf(batch, 'activity')).toEqual(['47.29.39', '46.37', '47.91']);
    expect(batch.pivots.find((p) => p.key === '46.37')?.name).toBe('Торговля оптовая кофе, чаем, какао и пряностями');
    expect(linkTo(batch, 'activity', '47.29.39')).toMatchObject({ type: 'HAS_ACTIVITY', main: true, via: ['companyRequisites.mainOkved'] });
    expect(linkTo(batch, 'activity', '47.91')?.main).toBe(false);
    // The founder АО "Чайный дом" and the predecessor are organizations: Company nodes, not persons.
    expect(keysOf(batch, 'person')).toEqual(['inn:770412345678']);
    // One link per role: a role the next answer drops is retired on its own.
    const roles = batch.links.filter((l) => l.pivotKind === 'person' && l.pivotKey === 'inn:770412345678');
    expect(roles.map(({ type, fromId, role, posts, via, main }) => ({ type, fromId, role, posts, via, main }))).toEqual([
      {
        type: 'HAS_OFFICER',
        fromId: json.id,
        role: 'manager',
        posts: ['Генеральный директор'],
        via: ['companyManagersAndFounders.managers'],
        main: null,
      },
      {
        type: 'HAS_OFFICER',
        fromId: json.id,
        role: 'founder',
        posts: ['Участник'],
        via: ['companyManagersAndFounders.founders'],
        main: null,
      },
    ]);
    const kinds = new Set([...batchOf('domain').batch.pivots, ...batch.pivots].map((p) => p.kind));
    expect([...kinds].sort()).toEqual([...PIVOT_KIND_NAMES].sort());
  });

  it('names phones, e-mails and companies as key-only Landing stubs with links and embedded references', () => {
    const { json, batch } = batchOf('domain');
    expect(batch.keyStubs.map((n) => `${n.kind}:${n.key}`)).toEqual([
      'phone:+74951234567',
      'phone:+78005553535',
      'email:info@lavka-chaya.ru',
      'email:opt@lavka-chaya.ru',
      'company:7701234567',
    ]);
    for (const stub of batch.keyStubs) expect(stub).toMatchObject({ id: null, status: 'stub', raw: null, props: {} });
    expect(batch.keyLinks.find((l) => l.toKind === 'company')).toEqual({
      type: 'NAMES_COMPANY',
      fromKind: 'domain',
      fromId: json.id,
      toKind: 'company',
      toKey: '7701234567',
      via: ['websiteRequisites.inns', 'whoIs.inn'],
      role: null,
      posts: [],
    });
    expect(batch.keyLinks.find((l) => l.toKey === '+78005553535')).toMatchObject({
      type: 'LISTS_CONTACT',
      via: ['websiteContacts.phoneNumbers'],
    });
    expect(batch.embedded).toContainEqual({ kind: 'company', key: '7701234567', via: 'whoIs.inn' });
    expect(batch.embedded).toContainEqual({ kind: 'email', key: 'opt@lavka-chaya.ru', via: 'websiteContacts.validEmails' });
    const company = batchOf('company').batch;
    expect(company.keyLinks.filter((l) => l.type !== 'HAS_OFFICER').map((l) => [l.toKind, l.toKey, l.via])).toEqual([
      ['phone', '+74951234567', ['companyContacts.phoneNumbers']],
      ['email', 'info@lavka-chaya.ru', ['companyContacts.emails']],
    ]);
  });

  it('keys a company by OGRN only where its block gives no valid INN', () => {
    const { batch } = batchOf('domain', (r) => {
      block(r, 'whoIs').inn = 'нет';
      block(r, 'whoIs').ogrn = '1027700132195';
      block(r, 'websiteRequisites').inns = [];
      block(r, 'websiteRequisites').ogrns = ['1157746123456', '123'];
    });
    expect(batch.keyLinks.filter((l) => l.toKind === 'company').map((l) => [l.toKey, l.via])).toEqual([
      ['1157746123456', ['websiteRequisites.ogrns']],
      ['1027700132195', ['whoIs.ogrn']],
    ]);
  });

  it('leaves out private addresses, placeholders and invalid values', () => {
    const { batch } = batchOf('domain', (r) => {
      Object.assign(block(r, 'dns'), {
        a: ['10.1.2.3', '127.0.0.1', '0.0.0.0', 'not-an-ip', ''],
        aWww: ['192.168.0.10'],
        aaaa: ['::1', 'fe80::1', 'fd00::5'],
        aaaaWww: null,
        ns: ['localhost.', 'n/a', ''],
        mx: ['0 .', '10 localhost'],
        soaPrimaryNameServer: '-',
      });
      Object.assign(block(r, 'whoIs'), { registrar: 'REDACTED FOR PRIVACY', dnsServers: ['none'], inn: 'не указано', ogrn: null });
      Object.assign(block(r, 'websiteResponseHeaders'), { hostIp: '169.254.169.254' });
      Object.assign(block(r, 'websiteContacts'), {
        phoneNumbers: ['нет', '+7'],
        validEmails: ['unknown', 'a@b'],
        socialLinks: ['https://vk.com/', 'javascript:alert(1)'],
      });
      Object.assign(block(r, 'websiteRequisites'), { inns: ['0000000000'], ogrns: ['-'] });
      r.websiteTechnologies = { technologies: [{ name: 'n/a' }, { name: '  ' }, { name: null }] };
    });
    expect(batch).toEqual({ pivots: [], links: [], keyStubs: [], keyLinks: [], embedded: [], companyNumbers: [] });
    const company = batchOf('company', (r) => {
      Object.assign(block(r, 'companyInfo'), { registrationAddress: 'не указано' });
      r.companyRequisites = { mainOkved: { code: 'нет', name: 'x' }, otherOkveds: [{ code: null }] };
      r.companyManagersAndFounders = { managers: [{ inn: 'нет', name: 'Ли' }, { name: 'Private Person' }], founders: null };
      r.companyPredecessorsAndSuccessors = null;
      r.companyContacts = { phoneNumbers: ['-'], emails: ['n/a'] };
    }).batch;
    expect(company).toEqual({ pivots: [], links: [], keyStubs: [], keyLinks: [], embedded: [], companyNumbers: [] });
  });

  it('gives one key to the same value however it is written, and keeps the first spelling as value', () => {
    const { batch } = batchOf('domain', (r) => {
      Object.assign(block(r, 'dns'), {
        a: ['185.71.67.12'],
        aaaa: ['2A00:F940:0002:0001:0002:0000:0000:1A2B'],
        aaaaWww: ['2a00:f940:2:1:2::1a2b'],
        ns: ['NS1.REG.RU.'],
      });
      Object.assign(block(r, 'websiteResponseHeaders'), { hostIp: '::ffff:185.71.67.12' });
      Object.assign(block(r, 'websiteContacts'), {
        phoneNumbers: ['+7 (495) 123-45-67', '+74951234567'],
        validEmails: ['Info@Lavka-Chaya.ru'],
        socialLinks: ['https://www.vk.com/lavkachaya/', 'vk.com/lavkachaya?from=site'],
      });
    });
    expect(keysOf(batch, 'ip')).toEqual(['185.71.67.12', '2a00:f940:2:1:2::1a2b']);
    expect(batch.pivots.find((p) => p.kind === 'ip' && p.key.includes(':'))?.value).toBe('2A00:F940:0002:0001:0002:0000:0000:1A2B');
    expect(linkTo(batch, 'ip', '185.71.67.12')?.via).toEqual(['dns.a', 'dns.aWww', 'websiteResponseHeaders.hostIp']);
    expect(batch.pivots.find((p) => p.kind === 'nameServer' && p.key === 'ns1.reg.ru')?.value).toBe('NS1.REG.RU.');
    expect(keysOf(batch, 'socialProfile')).toEqual(['vk.com/lavkachaya']);
    expect(batch.keyStubs.map((n) => n.key)).toEqual(['+74951234567', 'info@lavka-chaya.ru', '7701234567']);
  });

  it('keeps hostile strings verbatim in value and names', () => {
    const hostile = "'}) DETACH DELETE n // Пример 🚀";
    const { batch } = batchOf('domain', (r) => {
      block(r, 'whoIs').registrar = hostile;
      r.websiteTechnologies = { technologies: [{ name: `${hostile} \u0000 \u202e` }] };
    });
    expect(batch.pivots.find((p) => p.kind === 'registrar')).toMatchObject({ value: hostile, key: "'}) detach delete n // пример 🚀" });
    expect(batch.pivots.find((p) => p.kind === 'technology')?.value).toBe(`${hostile} \u0000 \u202e`);
    const company = batchOf('company', (r) => {
      r.companyManagersAndFounders = { managers: [{ inn: null, name: hostile, post: hostile }] };
    }).batch;
    expect(company.pivots.find((p) => p.kind === 'person')).toMatchObject({ value: hostile, name: hostile, inn: null });
    expect(company.links.find((l) => l.pivotKind === 'person')?.posts).toEqual([hostile]);
  });

  it('gives nothing for a phone record, which has no blocks', () => {
    expect(batchOf('phone').batch).toEqual({ pivots: [], links: [], keyStubs: [], keyLinks: [], embedded: [], companyNumbers: [] });
  });

  it('merges batches of several records: one pivot row each, one link per record', () => {
    const a = batchOf('domain').batch;
    const b = batchOf('domain', (r) => {
      r.id = 1048577;
      block(r, 'whoIs').registrar = 'ru-center-ru';
    }).batch;
    const merged = mergePivotBatches([a, b, a]);
    expect(merged.pivots).toHaveLength(a.pivots.length);
    expect(merged.pivots.find((p) => p.kind === 'registrar')?.value).toBe('RU-CENTER-RU');
    expect(merged.links).toHaveLength(a.links.length * 2);
    expect(merged.keyStubs).toHaveLength(a.keyStubs.length);
    expect(merged.keyLinks).toHaveLength(a.keyLinks.length * 2);
  });
});
