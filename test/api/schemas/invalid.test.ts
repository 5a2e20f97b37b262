/**
 * Invalid records throw RECORD_INVALID with a short message naming the record, the path of the first
 * failing field and the bad value.
 */
import { describe, expect, it } from 'vitest';
import { LandingGraphError } from '../../../src/errors.js';
import type { LandingKind } from '../../../src/api/kinds.js';
import { parseLandingRecord } from '../../../src/api/schemas/index.js';
import { fullRecord, type Json } from './records.js';

function failure(kind: LandingKind, record: unknown): LandingGraphError {
  try {
    parseLandingRecord(kind, record);
  } catch (error) {
    expect(error).toBeInstanceOf(LandingGraphError);
    const landingError = error as LandingGraphError;
    expect(landingError.code).toBe('RECORD_INVALID');
    expect(landingError.kind).toBe('skip');
    return landingError;
  }
  throw new Error('expected RECORD_INVALID');
}

describe('parseLandingRecord on invalid records', () => {
  it('names a string id', () => {
    const record = { ...fullRecord('domain'), id: 'abc' };
    const error = failure('domain', record);
    expect(error.message).toBe('domain record "abc": id: expected a non-negative integer, got "abc"');
    expect(error.details).toEqual({
      kind: 'domain',
      issues: [{ path: 'id', message: 'expected a non-negative integer, got "abc"' }],
      issueCount: 1,
    });
  });

  it.each([
    [-1, 'domain record -1: id: expected a non-negative integer, got -1'],
    [4.5, 'domain record 4.5: id: expected a non-negative integer, got 4.5'],
    [null, 'domain record: id: expected a non-negative integer, got null'],
  ])('names a bad id %j', (id, message) => {
    expect(failure('domain', { id }).message).toBe(message);
  });

  it('names a missing id', () => {
    expect(failure('phone', { title: '+74951234567' }).message).toBe('phone record: id: missing, expected a non-negative integer');
  });

  it('names a relation list that is not an array', () => {
    const record = { ...fullRecord('domain'), relatedDomains: { id: 5 } };
    expect(failure('domain', record).message).toBe('domain record 1048576: relatedDomains: expected an array, got an object');
  });

  it('names an entry of a relation list without an id', () => {
    const record = fullRecord('company');
    record.relatedDomains = [{ id: 1 }, { id: 2 }, { id: 3 }, { title: 'no-id.ru' }];
    const error = failure('company', record);
    expect(error.message).toBe('company record 20001: relatedDomains[3].id: missing, expected a non-negative integer');
    expect(error.details.issues).toEqual([{ path: 'relatedDomains[3].id', message: 'missing, expected a non-negative integer' }]);
  });

  it('names a bad id deep in nested relation lists', () => {
    const record = { id: 42, relatedDomains: [{ id: 1, relatedCompanies: [{ id: 2, similarCompanies: [{ id: 'abc' }] }] }] };
    expect(failure('email', record).message).toBe(
      'email record 42: relatedDomains[0].relatedCompanies[0].similarCompanies[0].id: expected a non-negative integer, got "abc"',
    );
  });

  it('names a status code given as a string', () => {
    const record = fullRecord('domain');
    (record.websiteResponseHeaders as Json).statusCode = '200';
    expect(failure('domain', record).message).toBe(
      'domain record 1048576: websiteResponseHeaders.statusCode: expected a number, got "200"',
    );
  });

  it('names bad values of every sort of field', () => {
    const cases: [LandingKind, (record: Json) => void, string][] = [
      ['domain', (r) => ((r.whoIs as Json).creationDate = true), 'whoIs.creationDate: expected a date (a string or a number), got true'],
      ['domain', (r) => ((r.dns as Json).mx = 'mx.yandex.net'), 'dns.mx: expected an array, got "mx.yandex.net"'],
      ['domain', (r) => ((r.dns as Json).a = ['1.2.3.4', 5]), 'dns.a[1]: expected a string, got 5'],
      ['domain', (r) => ((r.rating as Json).https = 'yes'), 'rating.https: expected a boolean, got "yes"'],
      ['domain', (r) => (r.traffic = []), 'traffic: expected an object, got an array of 0'],
      [
        'domain',
        (r) => ((r.traffic as Json).estimatedMonthlyVisits = { '2024-10': '64200' }),
        'traffic.estimatedMonthlyVisits["2024-10"]: expected a number, got "64200"',
      ],
      ['domain', (r) => (r.searchTags = ['tag']), 'searchTags[0]: expected an object, got "tag"'],
      [
        'domain',
        (r) => ((((r.domainReviews as Json).yearlyAnalytics as Json)['2023'] as Json).year = '2023'),
        'domainReviews.yearlyAnalytics["2023"].year: expected a number, got "2023"',
      ],
      [
        'company',
        (r) => ((r.financeAsset as Json).balance = { '1600': { '2023': 'abc' } }),
        'financeAsset.balance["1600"]["2023"]: expected a finance point (a number or an object), got "abc"',
      ],
      [
        'company',
        (r) => ((r.companyRequisites as Json).mainOkved = ' 47.29'),
        'companyRequisites.mainOkved: expected an object, got " 47.29"',
      ],
      ['company', (r) => (r.relatedBranches = [{ id: 'x' }]), 'relatedBranches[0].id: expected a non-negative integer, got "x"'],
    ];
    for (const [kind, spoil, expected] of cases) {
      const record = fullRecord(kind);
      spoil(record);
      expect(failure(kind, record).message).toBe(`${kind} record ${String(record.id)}: ${expected}`);
    }
  });

  it.each([
    [null, 'null'],
    [[], 'an array of 0'],
    ['{"id":1}', '"{\\"id\\":1}"'],
  ])('names a record that is not an object: %j', (json, got) => {
    expect(failure('domain', json).message).toBe(`domain record: expected an object, got ${got}`);
  });

  it('never puts a huge value into the message', () => {
    const huge = `${'x'.repeat(1_000_000)}'}) DETACH DELETE n //`;
    const error = failure('domain', {
      id: 1,
      title: 7,
      websiteInfo: { title: ['a'], url: huge.length },
      href: { big: huge },
      provider: [huge],
    });
    expect(error.message).toBe('domain record 1: title: expected a string, got 7');
    expect(JSON.stringify(error.details).length).toBeLessThan(1_000);
    const stringError = failure('domain', { id: huge });
    expect(stringError.message.length).toBeLessThan(250);
  });

  it('keeps at most 20 issues in the details of a record with thousands', () => {
    const record = { id: 1, relatedPhones: Array.from({ length: 10_000 }, () => ({ id: -1 })) };
    const error = failure('phone', record);
    expect(error.message).toBe('phone record 1: relatedPhones[0].id: expected a non-negative integer, got -1');
    expect(error.details.issueCount).toBe(10_000);
    expect(error.details.issues).toHaveLength(20);
  });
});
