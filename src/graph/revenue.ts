/**
 * A company's latest reported revenue, lifted from `financeResults.revenueAndCost` for the rules that screen
 * activity. The spec publishes neither the keys nor the point's shape, so this reads only what is unambiguous:
 * outer keys that are years ("2024"), the line "2110" (revenue, "Выручка", in the Russian income statement form),
 * and a point that is a number or an object with a numeric `value`. Anything else gives nothing: no guess.
 */
export interface Revenue {
  /** The latest year's revenue line, as served (the sandbox serves thousands of roubles). */
  revenue: number;
  revenueYear: number;
}

const REVENUE_LINE = '2110';

export function latestRevenue(revenueAndCost: unknown): Revenue | undefined {
  if (revenueAndCost === null || typeof revenueAndCost !== 'object') return undefined;
  let latest: Revenue | undefined;
  for (const [year, lines] of Object.entries(revenueAndCost as Record<string, unknown>)) {
    if (!/^\d{4}$/.test(year) || lines === null || typeof lines !== 'object') continue;
    const value = pointValue((lines as Record<string, unknown>)[REVENUE_LINE]);
    if (value === undefined || (latest !== undefined && latest.revenueYear > Number(year))) continue;
    latest = { revenue: value, revenueYear: Number(year) };
  }
  return latest;
}

function pointValue(point: unknown): number | undefined {
  if (typeof point === 'number') return Number.isFinite(point) ? point : undefined;
  if (point !== null && typeof point === 'object') {
    const value = (point as { value?: unknown }).value;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}
