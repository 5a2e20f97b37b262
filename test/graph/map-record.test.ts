import { describe, expect, it } from 'vitest';
import { parseLandingRecord } from '../../src/api/schemas/index.js';
import { mapFetchedRecord, mapInvalidRecord, mapUnfetched } from '../../src/graph/map-record.js';
import { fullRecord } from '../api/schemas/records.js';

function mapped(kind: 'domain' | 'company' | 'email' | 'phone', change?: (r: Record<string, unknown>) => void) {
  const json = fullRecord(kind);
  change?.(json);
  const text = JSON.stringify(json);
  return { json, text, result: mapFetchedRecord(kind, parseLandingRecord(kind, JSON.parse(text)), text) };
}

describe('mapFetchedRecord (pure)', () => {
  it('makes the record its own fetched node with the raw text exactly as served and analyst properties', () => {
    const { json, text, result } = mapped('domain');
    expect(result.self).toMatchObject({ kind: 'domain', id: json.id, key: 'lavka-chaya.ru', status: 'fetched', raw: text });
    expect(result.self.props).toMatchObject({
      registrar: 'RU-CENTER-RU',
      registrantInn: '7701234567',
      createdAt: '2015-03-17T10:12:00Z',
      whoisDnsServers: ['ns1.reg.ru', 'ns2.reg.ru'],
    });
    for (const value of Object.values(result.self.props)) {
      expect(
        ['string', 'number', 'boolean'].includes(typeof value) || (Array.isArray(value) && value.every((v) => typeof v === 'string')),
      ).toBe(true);
    }
  });

  it('adds one stub and one typed edge per list entry, RELATED/SIMILAR/COMPETITOR by list', () => {
    const { json, result } = mapped('domain');
    const lists = [
      'relatedDomains',
      'relatedCompanies',
      'relatedPhones',
      'relatedEmails',
      'relatedBranches',
      'similarDomains',
      'competitorDomains',
    ];
    const expected = lists.reduce((n, f) => n + (json[f] as unknown[]).length, 0);
    expect(result.edges).toHaveLength(expected);
    expect(result.nodes.slice(1).every((n) => n.status === 'stub')).toBe(true);
    const types = Object.fromEntries(result.edges.map((e) => [e.list, e.type]));
    expect(types).toMatchObject({
      relatedDomains: 'RELATED',
      similarDomains: 'SIMILAR',
      competitorDomains: 'COMPETITOR',
      relatedBranches: 'RELATED',
    });
    const company = result.nodes.find((n) => n.kind === 'company');
    expect(company).toMatchObject({ status: 'stub', id: 20001, title: 'ООО "Лавка чая"' });
    const branch = result.nodes.find((n) => n.kind === 'branch');
    expect(branch?.raw).toBeTypeOf('string');
  });

  it('collapses a duplicated entry and keeps a self-reference as one self edge without a second node', () => {
    const { json, result } = mapped('domain', (r) => {
      const first = (r.relatedDomains as Record<string, unknown>[])[0]!;
      r.relatedDomains = [first, first, { id: r.id, title: r.title }];
    });
    const related = result.edges.filter((e) => e.list === 'relatedDomains');
    expect(related).toHaveLength(2);
    expect(related.some((e) => e.toId === json.id && e.fromId === json.id)).toBe(true);
    expect(result.nodes.filter((n) => n.kind === 'domain' && n.id === json.id)).toHaveLength(1);
    expect(result.listLengths.relatedDomains).toBe(3);
  });

  it('keys companies by INN, else OGRN; e-mails lower-case; phones + and digits', () => {
    const company = mapped('company').result.self;
    expect(company.key).toMatch(/^\d{10}(\d{2})?$/);
    const noInn = mapped('company', (r) => {
      (r.companyRequisites as Record<string, unknown>).inn = null;
    }).result.self;
    expect(noInn.key).toMatch(/^\d{13}(\d{2})?$/);
    const email = mapped('email', (r) => {
      r.title = 'Ivan.Petrov+Shop@Example.COM';
    }).result.self;
    expect(email.key).toBe('ivan.petrov+shop@example.com');
    const phone = mapped('phone', (r) => {
      r.title = '+7 (495) 123-45-67';
    }).result.self;
    expect(phone.key).toBe('+74951234567');
  });

  it('stores hostile strings verbatim', () => {
    const hostile = '\'}) DETACH DELETE n // Пример 🚀 "quoted"';
    const { result } = mapped('domain', (r) => {
      r.title = hostile;
      (r.whoIs as Record<string, unknown>).registrar = hostile;
    });
    expect(result.self.title).toBe(hostile);
    expect(result.self.props.registrar).toBe(hostile);
  });

  it('gives invalid, missing and failed records a node without stubs or edges', () => {
    const invalid = mapInvalidRecord(
      { kind: 'domain', id: 7 },
      { id: 7, relatedDomains: 'nope' },
      '{"id":7,"relatedDomains":"nope"}',
      'relatedDomains: expected an array',
    );
    expect(invalid).toMatchObject({
      kind: 'domain',
      id: 7,
      status: 'fetched',
      raw: '{"id":7,"relatedDomains":"nope"}',
      props: { schemaError: 'relatedDomains: expected an array' },
    });
    expect(mapUnfetched({ kind: 'email', key: 'A@B.RU' }, 'missing', 'API_NOT_FOUND')).toMatchObject({
      id: null,
      key: 'a@b.ru',
      status: 'missing',
      error: 'API_NOT_FOUND',
    });
    expect(mapUnfetched({ kind: 'phone', id: 9 }, 'failed', 'API_RETRIES_EXHAUSTED')).toMatchObject({ id: 9, key: null, status: 'failed' });
  });
});
