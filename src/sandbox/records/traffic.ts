import type { BlockBuilder } from './context.js';
import { updateStamp } from './dates.js';
import { SITE } from './header.js';
import { COUNTRY_CODES, TRAFFIC_SOURCES } from './vocab-records.js';

/**
 * Traffic block of a DomainLanding. estimatedMonthlyVisits is keyed by the first day of the month,
 * "YYYY-MM-01" (the key format is not published; the sandbox's choice).
 */
export const traffic: BlockBuilder = (ctx) => {
  const rng = ctx.rng('traffic');
  const visits = Math.round(10 ** (2 + rng.float() * 4));
  let left = 100;
  const topCountryShares = ['RU', ...rng.sample(COUNTRY_CODES.slice(1), rng.int(1, 4))].map((countryCode, i) => {
    const value = i === 0 ? rng.decimal(55, 95, 2) : rng.decimal(0, Math.max(0, left) / 2, 2);
    left -= value;
    return { countryCode, value };
  });
  const trafficSources = TRAFFIC_SOURCES.map((key) => ({ key, value: Math.round(visits * rng.float() * 0.6) }));
  const estimatedMonthlyVisits: Record<string, number> = {};
  for (let m = 0; m < 6; m++) {
    const month = String(m + 5).padStart(2, '0');
    estimatedMonthlyVisits[`2026-${month}-01`] = Math.round(visits * (0.7 + rng.float() * 0.6));
  }
  const topKeywords = [...ctx.activity.keywords, ctx.node.title.toLowerCase()].map((name) => ({
    name,
    estimatedValue: rng.decimal(0, 5_000, 2),
    volume: rng.int(10, 200_000),
    cpc: rng.decimal(0.05, 90, 2),
  }));
  return {
    screenShot: `${SITE}/screenshots/${ctx.node.id}.png`,
    topCountryShares,
    trafficSources,
    estimatedMonthlyVisits,
    engagementMetrics: {
      visits,
      pagePerVisit: rng.decimal(1, 9, 2),
      timeOnSite: rng.int(10, 900),
      bounceRate: rng.decimal(15, 90, 2),
    },
    sitePositioning: {
      globalRank: rng.int(1_000, 20_000_000),
      countryRank: rng.int(100, 2_000_000),
      categoryRank: rng.int(1, 100_000),
      category: ctx.activity.category,
    },
    topKeywords,
    ...updateStamp(rng),
  };
};
