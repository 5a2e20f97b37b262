import { describe, expect, it } from 'vitest';
import { latestRevenue } from '../../src/graph/revenue.js';

describe('latestRevenue', () => {
  it('takes line 2110 of the latest year, from a point object or a number', () => {
    expect(latestRevenue({ '2023': { '2110': { value: 500 } }, '2025': { '2110': 0 }, '2024': { '2110': { value: 700 } } })).toEqual({
      revenue: 0,
      revenueYear: 2025,
    });
  });

  it('skips years without a readable revenue line and keys that are not years', () => {
    expect(latestRevenue({ '2024': { '2110': { value: 12 } }, '2025': { '2120': { value: -3 } }, total: { '2110': 99 } })).toEqual({
      revenue: 12,
      revenueYear: 2024,
    });
  });

  it('gives nothing for shapes it cannot read rather than guess', () => {
    expect(latestRevenue(undefined)).toBeUndefined();
    expect(latestRevenue({ '2025': { '2110': { amount: 5 } } })).toBeUndefined();
    expect(latestRevenue({ '2025': { '2110': '5' } })).toBeUndefined();
    expect(latestRevenue({ '2025': null })).toBeUndefined();
  });
});
