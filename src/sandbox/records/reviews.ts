import type { Rng } from '../prng.js';
import { DAY, isoDate, updateStamp } from './dates.js';
import { REVIEW_ASPECTS } from './vocab-records.js';

/** TimeSeriesDataPoint<number>: date (ISO 8601 string) and value. */
interface Point {
  date: string;
  value: number;
}

const round = (x: number, digits = 2): number => Math.round(x * 10 ** digits) / 10 ** digits;
const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const stdev = (xs: readonly number[]): number => {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
};

/** Least-squares slope of values over their positions. */
function slope(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const mx = (n - 1) / 2;
  const my = mean(values);
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return den === 0 ? 0 : num / den;
}

function longestRun(ratings: readonly number[], test: (r: number) => boolean): number {
  let best = 0;
  let run = 0;
  for (const r of ratings) {
    run = test(r) ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

/** YearlyReviewAnalytics of one year: individual ratings first, every statistic computed from them. */
function yearly(rng: Rng, year: number, bias: number): Record<string, unknown> {
  const count = rng.int(3, 30);
  const start = Date.UTC(year, 0, 1);
  const days: { day: number; value: number }[] = [];
  for (let i = 0; i < count; i++) {
    const value = Math.min(5, Math.max(1, Math.round(bias + rng.float() * 2.4 - 1.2)));
    days.push({ day: Math.floor(rng.float() * 365), value });
  }
  days.sort((a, b) => a.day - b.day);
  const individual: Point[] = days.map((d) => ({ date: isoDate(start + d.day * DAY), value: d.value }));
  const ratings = individual.map((p) => p.value);
  const distribution: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const r of ratings) distribution[String(r)] = (distribution[String(r)] ?? 0) + 1;
  const positive = ratings.filter((r) => r >= 4).length;
  const negative = ratings.filter((r) => r <= 2).length;
  const average = mean(ratings);
  const months: number[][] = Array.from({ length: 12 }, () => []);
  for (const d of days) months[new Date(start + d.day * DAY).getUTCMonth()]?.push(d.value);
  const monthStart = (m: number): string => isoDate(Date.UTC(year, m, 1));
  const monthlyAverages = months.map((rs, m) => ({ date: monthStart(m), value: round(rs.length ? mean(rs) : average) }));
  const monthlyCounts = months.map((rs, m) => ({ date: monthStart(m), value: rs.length }));
  const averages = monthlyAverages.map((p) => p.value);
  const counts = monthlyCounts.map((p) => p.value);
  let improvement = 0;
  for (let m = 1; m < 12; m++) improvement = Math.max(improvement, (averages[m] ?? 0) - (averages[m - 1] ?? 0));
  return {
    year,
    ratingDistribution: {
      data: distribution,
      customerSatisfactionScore: Math.round(((positive - negative) / count) * 100),
      polarizationFactor: round((distribution['1']! + distribution['5']!) / count),
      overallAverageRating: round(average),
    },
    individualRatings: {
      data: individual,
      ratingVolatility: round(stdev(ratings)),
      longestPositiveStreak: longestRun(ratings, (r) => r >= 4),
      longestNegativeStreak: longestRun(ratings, (r) => r <= 2),
    },
    monthlyAverageRatings: {
      data: monthlyAverages,
      trendSlope: round(slope(averages), 4),
      largestMonthlyImprovement: round(improvement),
      monthsAboveAverage: averages.filter((a) => a > average).length,
    },
    monthlyReviewCounts: {
      data: monthlyCounts,
      engagementTrendSlope: round(slope(counts), 4),
      volumeVolatility: round(stdev(counts)),
      yearlyGrowthPercentage: round(rng.float() * 120 - 40, 1),
    },
  };
}

/** ReviewsAnalytics (domainReviews, companyReviews), a (U) block. */
export function reviewsAnalytics(rng: Rng): Record<string, unknown> {
  const bias = 2 + rng.float() * 3;
  const yearlyAnalytics: Record<string, unknown> = {};
  let total = 0;
  let sum = 0;
  const lastYear = 2026;
  for (let year = lastYear - rng.int(1, 3); year <= lastYear; year++) {
    const analytics = yearly(rng, year, bias);
    yearlyAnalytics[String(year)] = analytics;
    const data = (analytics.individualRatings as { data: Point[] }).data;
    total += data.length;
    sum += data.reduce((a, p) => a + p.value, 0);
  }
  const aspects = rng.sample(REVIEW_ASPECTS, rng.int(2, 5)).map((text) => {
    const count = rng.int(1, Math.max(1, total));
    const positive = rng.int(0, count);
    return { text, count, positive, negative: count - positive };
  });
  return { rating: round(sum / Math.max(1, total)), reviewsCount: total, aspects, yearlyAnalytics, ...updateStamp(rng) };
}
