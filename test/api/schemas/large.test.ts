/**
 * Records of the size the service sends at most: lists of 10,000 entries, about 5 MB of JSON.
 * Speed is measured in `npm run bench`, never asserted here.
 */
import { describe, expect, it } from 'vitest';
import { parseLandingRecord } from '../../../src/api/schemas/index.js';
import { fullRecord } from './records.js';

function bigDomain(entries: number): Record<string, unknown> {
  const record = fullRecord('domain');
  const template = fullRecord('domain');
  record.relatedDomains = Array.from({ length: entries }, (_, i) => ({
    id: 2_000_000 + i,
    title: `site-${i}.ru`,
    href: `https://landing.example/domain/${2_000_000 + i}`,
    websiteInfo: template.websiteInfo,
    dns: template.dns,
  }));
  record.relatedPhones = Array.from({ length: entries }, (_, i) => ({ id: 3_000_000 + i, title: `+7495${String(i).padStart(7, '0')}` }));
  return record;
}

describe('large records', () => {
  it('parses a record with two 10,000-entry lists (about 5 MB) and keeps every entry', () => {
    const record = bigDomain(10_000);
    const text = JSON.stringify(record);
    expect(text.length).toBeGreaterThan(4_000_000);
    const parsed = parseLandingRecord('domain', JSON.parse(text));
    expect(parsed.relatedDomains).toHaveLength(10_000);
    expect(parsed.relatedPhones?.[9_999]?.id).toBe(3_009_999);
    expect(JSON.stringify(parsed)).toBe(text);
  });
});
