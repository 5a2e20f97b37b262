import type { Rng } from '../prng.js';
import { registrationYear } from '../shared-values.js';
import type { BlockBuilder, RecordContext } from './context.js';
import { updateStamp } from './dates.js';

/**
 * The six finance blocks. Every field is Record<year, Record<line code, Point>> with Point = { value }
 * (the shapes of the keys and of Point are not published; the sandbox uses the year as "2024", the line
 * code of the Russian accounting forms as "2110", and values in thousands of roubles). Totals add up:
 * 1100/1200/1600 on the asset side, 1300/1400/1500/1700 on the liability side with 1700 = 1600, and the
 * profit lines 2100/2200/2300/2400.
 */
export const FINANCE_BLOCKS = {
  financeAsset: {
    mainAssets: ['1110', '1150'],
    nonCurrentAssets: ['1170', '1180', '1190', '1100'],
    currentAssets: ['1210', '1230', '1250', '1200'],
    balance: ['1600'],
  },
  financeLiability: {
    capitalAndReserves: ['1310', '1370', '1300'],
    longTermObligations: ['1410', '1400'],
    shortTermObligations: ['1510', '1520', '1500'],
    balance: ['1700'],
  },
  financeResults: {
    revenueAndCost: ['2110', '2120', '2100'],
    operatingExpenses: ['2210', '2220', '2200'],
    otherIncomeExpenses: ['2310', '2320', '2340', '2350'],
    taxesAndNetProfit: ['2300', '2410', '2400'],
    comprehensiveResult: ['2500', '2510'],
    earningsPerShare: ['2900', '2910'],
  },
  financeCapital: {
    capitalValues: ['3100', '3200', '3300'],
    capitalIncrease: ['3210', '3211', '3212'],
    capitalDecrease: ['3220', '3221', '3222'],
    capitalAdjustments: ['3400', '3410'],
  },
  financeCashFlow: {
    operating: ['4110', '4120', '4100'],
    investing: ['4210', '4220', '4200'],
    financing: ['4310', '4320', '4300'],
    summary: ['4400', '4450', '4500'],
  },
  financeTargetUsage: { fundsReceived: ['6100', '6200', '6210', '6215'], fundsUsed: ['6300', '6310', '6311'], balances: ['6400'] },
} as const;

export type FinanceBlockName = keyof typeof FINANCE_BLOCKS;

const sum = (values: Map<string, number>, codes: readonly string[]): number => codes.reduce((s, c) => s + (values.get(c) ?? 0), 0);

/** All line values of one year: random lines first, then the totals from them. */
function yearLines(rng: Rng, scale: number, revenue: number | undefined): Map<string, number> {
  const v = new Map<string, number>();
  for (const block of Object.values(FINANCE_BLOCKS)) {
    for (const codes of Object.values(block)) for (const code of codes) v.set(code, Math.round(scale * rng.float()));
  }
  const negate = (code: string): void => void v.set(code, -(v.get(code) ?? 0));
  ['2120', '2210', '2220', '2350', '4120', '4220', '4320', '3220', '3221', '3222', '6300', '6310', '6311'].forEach(negate);
  const drawn = Math.round(scale * (2 + rng.float() * 3));
  v.set('2110', revenue ?? drawn);
  v.set('1100', sum(v, ['1110', '1150', '1170', '1180', '1190']));
  v.set('1200', sum(v, ['1210', '1230', '1250']));
  v.set('1600', sum(v, ['1100', '1200']));
  v.set('1400', sum(v, ['1410']));
  v.set('1500', sum(v, ['1510', '1520']));
  v.set('1370', (v.get('1600') ?? 0) - sum(v, ['1310', '1400', '1500']));
  v.set('1300', sum(v, ['1310', '1370']));
  v.set('1700', sum(v, ['1300', '1400', '1500']));
  v.set('2100', sum(v, ['2110', '2120']));
  v.set('2200', sum(v, ['2100', '2210', '2220']));
  v.set('2300', sum(v, ['2200', '2310', '2320', '2340', '2350']));
  v.set('2410', -Math.round(Math.max(0, v.get('2300') ?? 0) * 0.2));
  v.set('2400', sum(v, ['2300', '2410']));
  v.set('2500', v.get('2400') ?? 0);
  v.set('2510', 0);
  v.set('4100', sum(v, ['4110', '4120']));
  v.set('4200', sum(v, ['4210', '4220']));
  v.set('4300', sum(v, ['4310', '4320']));
  v.set('4400', sum(v, ['4100', '4200', '4300']));
  return v;
}

/** Report years of a company: from its registration (at the earliest 2021) to 2025. */
function reportYears(ctx: RecordContext): number[] {
  const years: number[] = [];
  const planted = ctx.node.registeredOn === undefined ? undefined : new Date(ctx.node.registeredOn).getUTCFullYear();
  for (let y = Math.max(2021, planted ?? registrationYear(ctx.graph.seed, ctx.node.id)); y <= 2025; y++) years.push(y);
  return years;
}

/** Builders of the six finance blocks, all from one generator per company so that totals agree. */
function financeBuilder(name: FinanceBlockName): BlockBuilder {
  return (ctx) => {
    const lines = ctx.memo('finance', () => {
      const rng = ctx.rng('finance');
      const scale = 10 ** (2 + rng.float() * 5);
      return reportYears(ctx).map((year, i) => [year, yearLines(rng, scale * (1 + 0.15 * i), ctx.node.revenue)] as const);
    });
    const block: Record<string, unknown> = {};
    for (const [field, codes] of Object.entries(FINANCE_BLOCKS[name])) {
      const byYear: Record<string, Record<string, { value: number }>> = {};
      for (const [year, values] of lines) {
        byYear[String(year)] = Object.fromEntries((codes as readonly string[]).map((code) => [code, { value: values.get(code) ?? 0 }]));
      }
      block[field] = byYear;
    }
    return { ...block, ...updateStamp(ctx.rng(name)) };
  };
}

export const FINANCE_BUILDERS = Object.fromEntries(
  Object.keys(FINANCE_BLOCKS).map((name) => [name, financeBuilder(name as FinanceBlockName)]),
) as Record<FinanceBlockName, BlockBuilder>;
