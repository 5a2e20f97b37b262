import { describe, expect, it } from 'vitest';
import type { LandingKind } from '../../../src/api/kinds.js';
import { parseLandingRecord } from '../../../src/api/schemas/index.js';
import { parseSeed } from '../../../src/api/seeds.js';
import { emailDomain, normalizeDomain, normalizeEmail, normalizeKey } from '../../../src/api/keys.js';
import { mapFetchedRecord } from '../../../src/graph/map-record.js';
import { isOrganization, mergePivotBatches, type PivotBatch, pivotsOf } from '../../../src/graph/pivots/index.js';
import { emailKey } from '../../../src/graph/pivots/normalize.js';
import { fullRecord, type Json } from '../../api/schemas/records.js';

/** Entity resolution by identifiers: the pure rules, on the record fixtures. */

function batchOf(kind: LandingKind, change?: (r: Json) => void): { json: Json; batch: PivotBatch } {
  const json = fullRecord(kind);
  change?.(json);
  return { json, batch: pivotsOf(kind, parseLandingRecord(kind, json), { kind, id: json.id as number }) };
}

const block = (json: Json, name: string) => json[name] as Json;
const officers = (batch: PivotBatch) => batch.keyLinks.filter((l) => l.type === 'HAS_OFFICER');
const PUNY_EMAIL = 'Info@XN--2933-43DMAX2A1DXAKEH.xn--p1ai';
const UNICODE_EMAIL = 'info@автосервис2933.рф';

describe('officers that are organizations link to their Company node', () => {
  it('links a founder and a predecessor company by INN with roles and posts, as key-only stubs showing their name', () => {
    const { json, batch } = batchOf('company');
    expect(officers(batch)).toEqual([
      {
        type: 'HAS_OFFICER',
        fromKind: 'company',
        fromId: json.id,
        toKind: 'company',
        toKey: '7707083893',
        via: ['companyManagersAndFounders.founders'],
        role: 'founder',
        posts: ['Участник'],
      },
      {
        type: 'HAS_OFFICER',
        fromKind: 'company',
        fromId: json.id,
        toKind: 'company',
        toKey: '7701000001',
        via: ['companyPredecessorsAndSuccessors.predecessors'],
        role: 'predecessor',
        posts: [],
      },
    ]);
    expect(batch.keyStubs.find((n) => n.key === '7707083893')).toEqual({
      kind: 'company',
      id: null,
      key: '7707083893',
      status: 'stub',
      title: 'АО "Чайный дом"',
      href: null,
      provider: null,
      raw: null,
      props: { inn: '7707083893', ogrn: '1027700132195', caption: 'Чайный дом' },
      error: null,
    });
    expect(batch.pivots.filter((p) => p.kind === 'person').map((p) => p.key)).toEqual(['inn:770412345678']);
    // Officers are not embedded references: no --follow group fetches them.
    expect(batch.embedded.filter((r) => r.kind === 'company')).toEqual([]);
  });

  it('takes the sandbox type LEGAL, a 10-digit INN or a 13-digit OGRN as an organization; 12-digit INN persons stay persons', () => {
    expect(isOrganization({ type: 'LEGAL', inn: '', ogrn: '1027700132195' })).toBe(true);
    expect(isOrganization({ type: 'Юридическое лицо', inn: null, ogrn: null })).toBe(true);
    expect(isOrganization({ type: null, inn: '7707083893', ogrn: null })).toBe(true);
    expect(isOrganization({ type: null, inn: null, ogrn: '1027700132195' })).toBe(true);
    expect(isOrganization({ type: 'PERSON', inn: '770412345678', ogrn: '' })).toBe(false);
    expect(isOrganization({ type: 'person', inn: '770412345678', ogrn: '304770000012345' })).toBe(false);
  });

  it('keys an organization by OGRN when it has no INN, and keeps a numberless organization as a Person pivot by name', () => {
    const { batch } = batchOf('company', (r) => {
      r.companyManagersAndFounders = {
        managers: [{ inn: '', ogrn: '1027700132195', name: 'АО "Чайный дом"', post: 'Управляющая организация', type: 'LEGAL' }],
        founders: [{ inn: null, ogrn: null, name: 'ООО "Без номера"', post: null, type: 'LEGAL' }],
      };
      r.companyPredecessorsAndSuccessors = null;
    });
    expect(officers(batch).map((l) => [l.toKey, l.role, l.posts])).toEqual([['1027700132195', 'manager', ['Управляющая организация']]]);
    expect(batch.pivots.filter((p) => p.kind === 'person').map((p) => p.key)).toEqual(['name:ооо "без номера"@company#20001']);
  });

  it('gives a company named both as manager and founder one link per role, each with its own post', () => {
    const { batch } = batchOf('company', (r) => {
      const entry = { inn: '7707083893', ogrn: '1027700132195', name: 'АО "Чайный дом"', type: 'LEGAL' };
      r.companyManagersAndFounders = {
        managers: [{ ...entry, post: 'Управляющая организация' }],
        founders: [{ ...entry, post: 'Участник' }],
      };
      r.companyPredecessorsAndSuccessors = null;
    });
    expect(officers(batch).map(({ role, posts, via }) => ({ role, posts, via }))).toEqual([
      { role: 'manager', posts: ['Управляющая организация'], via: ['companyManagersAndFounders.managers'] },
      { role: 'founder', posts: ['Участник'], via: ['companyManagersAndFounders.founders'] },
    ]);
  });

  it('keeps persons one per INN across companies, and same-name persons without INN apart', () => {
    const people = (id: number, inn: string | null) =>
      batchOf('company', (r) => {
        r.id = id;
        r.companyManagersAndFounders = {
          managers: [{ inn, name: 'Петров Пётр Петрович', post: 'Директор', type: 'PERSON' }],
          founders: [],
        };
        r.companyPredecessorsAndSuccessors = null;
      }).batch;
    const withInn = mergePivotBatches([people(1, '770412345678'), people(2, '770412345678')]);
    expect(withInn.pivots.filter((p) => p.kind === 'person').map((p) => p.key)).toEqual(['inn:770412345678']);
    const noInn = mergePivotBatches([people(1, null), people(2, null)]);
    expect(noInn.pivots.filter((p) => p.kind === 'person').map((p) => p.key)).toEqual([
      'name:петров петр петрович@company#1',
      'name:петров петр петрович@company#2',
    ]);
  });
});

describe('INN and OGRN stated together are one company', () => {
  it('notes the pairs a company record states: its own requisites and organizations with both numbers', () => {
    expect(batchOf('company').batch.companyNumbers).toEqual([
      { inn: '7701234567', ogrn: '1157746123456' },
      { inn: '7707083893', ogrn: '1027700132195' },
      { inn: '7701000001', ogrn: '1107746000001' },
    ]);
  });

  it('notes a pair from a website block only when it gives exactly one INN and one OGRN', () => {
    const one = batchOf('domain', (r) => {
      block(r, 'whoIs').inn = '7701234567';
      block(r, 'whoIs').ogrn = '1157746123456';
      block(r, 'websiteRequisites').inns = ['7701234567'];
      block(r, 'websiteRequisites').ogrns = ['1157746123456'];
    }).batch;
    expect(one.companyNumbers).toEqual([{ inn: '7701234567', ogrn: '1157746123456' }]);
    const two = batchOf('domain', (r) => {
      block(r, 'whoIs').ogrn = null;
      block(r, 'websiteRequisites').inns = ['7701234567', '7707083893'];
      block(r, 'websiteRequisites').ogrns = ['1157746123456'];
    }).batch;
    expect(two.companyNumbers).toEqual([]);
  });
});

describe('e-mail keys canonicalise their domain part as domain keys are', () => {
  it('shows a punycode domain part in Unicode, lower-case, in keys, block contacts, record mapping and seeds', () => {
    expect(normalizeEmail(PUNY_EMAIL)).toBe(UNICODE_EMAIL);
    expect(normalizeEmail(PUNY_EMAIL).split('@')[1]).toBe(normalizeDomain('xn--2933-43dmax2a1dxakeh.xn--p1ai'));
    expect(normalizeKey('email', ` ${PUNY_EMAIL} `)).toBe(UNICODE_EMAIL);
    expect(emailKey(PUNY_EMAIL)).toBe(UNICODE_EMAIL);
    expect(emailDomain(UNICODE_EMAIL)).toBe('автосервис2933.рф');
    expect(parseSeed(`email:${PUNY_EMAIL}`)).toEqual({ kind: 'email', key: UNICODE_EMAIL });
    expect(parseSeed(`email:${UNICODE_EMAIL}`)).toEqual({ kind: 'email', key: UNICODE_EMAIL });
    // The local part is only lower-cased: "xn--" there is no domain.
    expect(normalizeEmail('XN--abc@mail.ru')).toBe('xn--abc@mail.ru');
    const { batch } = batchOf('domain', (r) => {
      block(r, 'websiteContacts').validEmails = [PUNY_EMAIL, UNICODE_EMAIL];
    });
    expect(batch.keyLinks.filter((l) => l.toKind === 'email').map((l) => l.toKey)).toEqual([UNICODE_EMAIL]);
    const email = fullRecord('email');
    email.title = PUNY_EMAIL;
    const text = JSON.stringify(email);
    expect(mapFetchedRecord('email', parseLandingRecord('email', email), text).self.key).toBe(UNICODE_EMAIL);
  });
});

describe('an e-mail record links to its domain', () => {
  it('gives AT_DOMAIN to a key-only Domain stub of its domain part, not followed by any crawl', () => {
    const { json, batch } = batchOf('email', (r) => {
      r.title = PUNY_EMAIL;
    });
    expect(batch.keyLinks).toEqual([
      {
        type: 'AT_DOMAIN',
        fromKind: 'email',
        fromId: json.id,
        toKind: 'domain',
        toKey: 'автосервис2933.рф',
        via: ['title'],
        role: null,
        posts: [],
      },
    ]);
    expect(batch.keyStubs).toMatchObject([{ kind: 'domain', key: 'автосервис2933.рф', id: null, status: 'stub' }]);
    expect(batch.embedded).toEqual([]);
    expect(batch.pivots).toEqual([]);
  });

  it('gives no link for an address at an IP literal or a bare host', () => {
    for (const title of ['root@[185.71.67.12]', 'root@185.71.67.12', 'root@localhost', 'no-at-sign'])
      expect(batchOf('email', (r) => void (r.title = title)).batch.keyLinks, title).toEqual([]);
  });
});
