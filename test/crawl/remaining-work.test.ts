import { describe, expect, it } from 'vitest';
import { isLandingKind, LANDING_KINDS, type LandingKind, LISTS_OF_KIND, relationList } from '../../src/api/kinds.js';
import { frontierRank } from '../../src/crawl/frontier-rank.js';
import { type KindSample, RemainingWork, type WorkSample } from '../../src/crawl/remaining-work.js';
import { generateGraph, type SandboxGraph } from '../../src/sandbox/index.js';
import { FakeClock } from '../support/fake-clock.js';

/** A RemainingWork on a fake clock, sampled every 5 s from `fromS` to `toS` seconds with `at(s)`. */
async function sampled(at: (s: number) => WorkSample, fromS = 0, toS = 60, clock = new FakeClock(), work = new RemainingWork(clock.now)) {
  for (let s = fromS; s <= toS; s += 5) {
    await clock.advanceTo(s * 1000);
    work.observe(at(s));
  }
  return { clock, work };
}

describe('RemainingWork', () => {
  it('has no estimate until its samples after the first span ten seconds, nor while nothing settles', async () => {
    const clock = new FakeClock();
    const work = new RemainingWork(clock.now);
    // The run's first sample (its start-up: nothing settled in the first second) only starts the run's time.
    work.observe({ settled: 0, toFetch: 1_000, listed: 0 });
    await clock.advanceTo(1_000);
    work.observe({ settled: 0, toFetch: 1_000, listed: 0 });
    await clock.advanceTo(10_999);
    work.observe({ settled: 100, toFetch: 900, listed: 0 });
    expect(work.estimate()).toBeUndefined();
    await clock.advanceTo(11_000);
    work.observe({ settled: 100, toFetch: 900, listed: 0 });
    // 100 in the 10 s since the second sample: 900 left at 10 a second.
    expect(work.estimate()).toEqual({ tasks: 900, etaMs: 90_000 });
    const stalled = new RemainingWork(clock.now);
    for (const atMs of [11_000, 16_000, 21_000, 26_000]) {
      await clock.advanceTo(atMs);
      stalled.observe({ settled: 10, toFetch: 5, listed: 0 });
    }
    expect(stalled.estimate()).toBeUndefined();
  });

  it('on the last level (nothing listed any more) is the records to fetch at the pace of the last third of the run', async () => {
    // A slow first minute (10 a second), then 100 a second for two minutes.
    const { clock, work } = await sampled((s) => ({ settled: 10 * s, toFetch: 30_000 - 10 * s, listed: 0 }));
    await sampled((s) => ({ settled: 600 + 100 * (s - 60), toFetch: 29_400 - 100 * (s - 60), listed: 0 }), 65, 180, clock, work);
    // The last third of 180 s is the last 60 s: 100 a second; 17,400 left, 174 s.
    expect(work.estimate()).toEqual({ tasks: 17_400, etaMs: 174_000 });
  });

  it('adds what the records to fetch will still discover: the recapture estimate while the crawl grows', async () => {
    // 100 settled a second; they list 1,200 references a second of which 120 are new (a tenth already known).
    const { work } = await sampled((s) => ({ settled: 100 * s, toFetch: 5_000 + 20 * s, listed: 1_200 * s }));
    // 12,200 known, nine tenths of what is listed is new: 12,200 / 0.9 - 12,200 = 1,355.6 still to discover,
    // 6,200 to fetch: 7,555.6 records at 100 a second.
    expect(work.estimate()).toEqual({ tasks: 7_556, etaMs: 75_556 });
  });

  it('takes the yield estimate when it is the smaller, as the crawl runs out of new records', async () => {
    // 100 settled a second, listing 100 references a second of which 20 are new.
    const { work } = await sampled((s) => ({ settled: 100 * s, toFetch: 10_000 - 80 * s, listed: 100 * s }));
    // 5,200 to fetch, each finding 0.2 new: 5,200 * 0.2 / 0.8 = 1,300 more (recapture: 11,200 / 0.8 - 11,200 = 2,800).
    expect(work.estimate()).toEqual({ tasks: 6_500, etaMs: 65_000 });
  });

  it('adds no more than the levels the depth leaves: none at the last level, one generation one level up', async () => {
    // As the yield test: 5,200 to fetch, each finding 0.2 new (recapture: 2,800).
    const { work } = await sampled((s) => ({ settled: 100 * s, toFetch: 10_000 - 80 * s, listed: 100 * s }));
    expect(work.estimate(undefined, 0)).toEqual({ tasks: 5_200, etaMs: 52_000 });
    // One generation: 5,200 * 0.2 = 1,040; two: 5,200 * (0.2 + 0.04) = 1,248; eight: 1,299.99 (all: 1,300).
    expect(work.estimate(undefined, 1)).toEqual({ tasks: 6_240, etaMs: 62_400 });
    expect(work.estimate(undefined, 2)).toEqual({ tasks: 6_448, etaMs: 64_480 });
    expect(work.estimate(undefined, 8)).toEqual({ tasks: 6_500, etaMs: 65_000 });
  });

  it('takes the recapture estimate with levels left when the yield says no end, even with none counted to fetch', async () => {
    // As the recapture test (each record settled finds 1.2 new: the yield says nothing), 1,355.6 still to discover;
    // the commits since the last count settled all 6,200 to fetch.
    const { work } = await sampled((s) => ({ settled: 100 * s, toFetch: 5_000 + 20 * s, listed: 1_200 * s }));
    expect(work.estimate(0, 2)).toEqual({ tasks: 1_356, etaMs: 13_556 });
  });

  it('has no records to discover at the last level even while every reference listed is new', async () => {
    const { work } = await sampled((s) => ({ settled: 100 * s, toFetch: 1_000 + 200 * s, listed: 300 * s }), 0, 30);
    // 7,000 to fetch at 100 a second (the last third of 30 s: 10 s).
    expect(work.estimate(undefined, 0)).toEqual({ tasks: 7_000, etaMs: 70_000 });
  });

  it('judges discoveries on the last tenth of the records settled when the pace rises at the end', async () => {
    // 100 a second for a minute, listing 1,000 references a second of which 300 are new; then 400 a second,
    // listing 400 a second, none new (the last levels: cheap to write, nothing left to find).
    const { clock, work } = await sampled((s) => ({ settled: 100 * s, toFetch: 1_000 + 200 * s, listed: 1_000 * s }));
    await sampled(
      (s) => ({ settled: 6_000 + 400 * (s - 60), toFetch: 13_000 - 400 * (s - 60), listed: 60_000 + 400 * (s - 60) }),
      62,
      62,
      clock,
      work,
    );
    // At 62 s: the last third of the time reaches back to 40 s (2,800 settled in 22 s); the last tenth of the 6,800
    // records settled to 60 s, since when nothing was new: 12,200 to fetch and no more, 95.857 s. (A fifth would
    // reach back to 50 s: 3,000 discovered of 10,800 listed, 19,000 / (1 - 3,000 / 10,800) - 19,000 = 7,311 more.)
    expect(work.estimate()).toEqual({ tasks: 12_200, etaMs: 95_857 });
  });

  it('counts the records to fetch as they are now, when commits since the last sample have settled some', async () => {
    const { work } = await sampled((s) => ({ settled: 100 * s, toFetch: 10_000 - 80 * s, listed: 100 * s }));
    // As the yield test at 60 s, with 1,200 of the 5,200 to fetch settled since: 4,000 + 4,000 * 0.2 / 0.8.
    expect(work.estimate(4_000)).toEqual({ tasks: 5_000, etaMs: 50_000 });
  });

  describe('with the store side', () => {
    // 100 e-mails settled at the start (7 rows each), then 100 companies a second (52 rows each) to 60 s, with
    // 1,000 records to fetch and nothing listed. A company costs its 52 rows, an e-mail its 7.
    const kinds = (s: number, toFetch: Partial<Record<LandingKind, number>> = { email: 1_000 }): Record<LandingKind, KindSample> => ({
      company: { settled: 100 * s, rows: 5_200 * s, toFetch: toFetch.company ?? 0 },
      domain: { settled: 0, rows: 0, toFetch: toFetch.domain ?? 0 },
      email: { settled: 100, rows: 700, toFetch: toFetch.email ?? 0 },
      phone: { settled: 0, rows: 0, toFetch: toFetch.phone ?? 0 },
    });

    /**
     * The estimate at 60 s of 100 records settled a second, 1,000 to fetch, with the store holding the crawl
     * `storeHeldPerS` ms a second and --rps `rateHeldPerS` (unknown when undefined).
     */
    async function estimateAt60s(storeHeldPerS: number, rateHeldPerS?: number, toFetch?: Partial<Record<LandingKind, number>>) {
      const { work } = await sampled((s) => ({
        settled: 100 + 100 * s,
        toFetch: 1_000,
        listed: 0,
        store: { heldMs: storeHeldPerS * s, kinds: kinds(s, toFetch) },
        ...(rateHeldPerS === undefined ? {} : { rateHeldMs: rateHeldPerS * s }),
      }));
      return work.estimate();
    }

    /** Held by the store all the time, 100 records settled a second, 1,000 to fetch, the companies as `company` says. */
    async function heldWithCompanies(company: (s: number) => KindSample, toFetch?: Partial<Record<LandingKind, number>>) {
      const { work } = await sampled((s) => ({
        settled: 100 + 100 * s,
        toFetch: 1_000,
        listed: 0,
        store: { heldMs: 1_000 * s, kinds: { ...kinds(s, toFetch), company: company(s) } },
      }));
      return work;
    }

    it('weighs records by their kind when the store held the crawl: a pace of costly records does not stand for cheap ones', async () => {
      // Held by the store all the time: the last third settled 5,200 rows a second, and the e-mails left are 7,000
      // rows, 1.346 s (10 s at 100 records a second).
      expect(await estimateAt60s(1_000)).toEqual({ tasks: 1_000, etaMs: 1_346 });
    });

    it('weighs a kind none of whose records has settled yet as the average record', async () => {
      // The records to fetch are phones, none settled: the average settled record costs (312,000 + 700) / 6,100 =
      // 51.262 rows; 1,000 of them at 5,200 rows a second take 9.858 s.
      expect(await estimateAt60s(1_000, undefined, { phone: 1_000 })).toEqual({ tasks: 1_000, etaMs: 9_858 });
    });

    it('counts every record the same when the store never held the crawl and the rate is not known (fetches on the queue)', async () => {
      expect(await estimateAt60s(0)).toEqual({ tasks: 1_000, etaMs: 10_000 });
    });

    it('weighs by kind for the share of the time the store held the crawl', async () => {
      // Held a quarter of the time: 0.25 * 1.346 s + 0.75 * 10 s.
      expect(await estimateAt60s(250)).toEqual({ tasks: 1_000, etaMs: 7_837 });
    });

    it('weighs by kind for the share of the time --rps did not hold the fetches, when that is larger than the store held them', async () => {
      // --rps held the fetches 40 % of the time, the store a quarter of it: 0.6 * 1.346 s + 0.4 * 10 s.
      expect(await estimateAt60s(250, 400)).toEqual({ tasks: 1_000, etaMs: 4_808 });
    });

    it("weighs a kind by what its records cost in the pace's window, when they get cheaper", async () => {
      // The companies write 52 rows each to 30 s, 26 from then on (what they name exists already); the last third
      // (40 s to 60 s) settled 2,600 rows a second, and the e-mails left are 7,000 rows: 2.692 s. (At the companies'
      // average over the run, 39 rows, the pace would read 3,900 rows a second: 1.795 s.)
      const work = await heldWithCompanies((s) => ({
        settled: 100 * s,
        rows: 5_200 * Math.min(s, 30) + 2_600 * Math.max(0, s - 30),
        toFetch: 0,
      }));
      expect(work.estimate()).toEqual({ tasks: 1_000, etaMs: 2_692 });
    });

    it('weighs the records left by what their kind cost lately, when its records keep getting cheaper', async () => {
      // A company written at s seconds writes 60 - s / 2 rows (more of what it names exists already): 100 x (60 s -
      // s^2 / 4) rows by s. The last third (40 s to 60 s) wrote 70,000 rows, 3,500 a second; the last 3 % of the
      // records settled began after the sample at 55 s, and the companies from 55 s to 60 s wrote 15,625 rows, 31.25
      // each: the 1,000 companies left take 31,250 / 3,500 = 8.929 s (at the window's 35 rows each: 10 s).
      const rows = (s: number) => 100 * (60 * s - (s * s) / 4);
      const work = await heldWithCompanies((s) => ({ settled: 100 * s, rows: rows(s), toFetch: 1_000 }), {});
      expect(work.estimate()).toEqual({ tasks: 1_000, etaMs: 8_929 });
    });

    it('counts every record the same while --rps holds the fetches all the time', async () => {
      expect(await estimateAt60s(0, 1_000)).toEqual({ tasks: 1_000, etaMs: 10_000 });
    });
  });

  it('has no estimate while every reference listed is new (no end in sight)', async () => {
    const { work } = await sampled((s) => ({ settled: 100 * s, toFetch: 1_000 + 200 * s, listed: 300 * s }), 0, 30);
    expect(work.estimate()).toBeUndefined();
  });
});

/**
 * A breadth-first crawl of a sandbox world as its ground truth has it: from the first company, every list followed
 * to the end of its component, each level in the frontier's order (by rank); a record is known (queued) from the
 * first page that lists it. Per record settled: its kind, the references it lists, and the kinds of those new.
 */
function crawlOrder(graph: SandboxGraph): { kind: LandingKind; listed: number; fresh: LandingKind[] }[] {
  const seen = new Set<string>();
  const order: { kind: LandingKind; listed: number; fresh: LandingKind[] }[] = [];
  let level: [LandingKind, number][] = [['company', graph.ids('company')[0]!]];
  seen.add(`company#${level[0]![1]}`);
  while (level.length > 0) {
    const next: [LandingKind, number][] = [];
    for (const [kind, id] of level) {
      const step = { kind, listed: 0, fresh: [] as LandingKind[] };
      for (const field of LISTS_OF_KIND[kind]) {
        const target = relationList(field).target;
        if (!isLandingKind(target)) continue;
        for (const to of Array.from(graph.list(id, field))) {
          if (graph.kindOf(to) !== target) continue;
          step.listed += 1;
          if (seen.has(`${target}#${to}`)) continue;
          seen.add(`${target}#${to}`);
          step.fresh.push(target);
          next.push([target, to]);
        }
      }
      order.push(step);
    }
    level = next.sort(([ka, a], [kb, b]) => (frontierRank(`c|${ka}#${a}`) < frontierRank(`c|${kb}#${b}`) ? -1 : 1));
  }
  return order;
}

describe('RemainingWork on a breadth-first crawl of a sandbox world', () => {
  it.each([20_000])('estimates the records left within 20 %% from a tenth of the crawl to nine tenths (%i records)', async (records) => {
    const order = crawlOrder(generateGraph({ records, seed: 3 }));
    const total = order.length;
    const clock = new FakeClock();
    const work = new RemainingWork(clock.now);
    // 100 records settled a second, a sample every 5 s.
    let known = 1;
    let listed = 0;
    const misses: string[] = [];
    for (let settled = 0; settled <= total; settled += 1) {
      if (settled % 500 === 0) {
        await clock.advanceTo(settled * 10);
        work.observe({ settled, toFetch: known - settled, listed });
        const left = total - settled;
        const estimate = work.estimate();
        if (settled >= total / 10 && settled <= (total * 9) / 10) {
          const ratio = estimate === undefined ? NaN : estimate.tasks / left;
          if (!(ratio >= 0.8 && ratio <= 1.2)) misses.push(`${settled} of ${total}: ${estimate?.tasks} for ${left}`);
          // 100 a second: 10 ms a record (the record count is rounded, the time is not).
          else expect(Math.abs(estimate!.etaMs - estimate!.tasks * 10)).toBeLessThanOrEqual(5);
        }
      }
      if (settled < total) {
        known += order[settled]!.fresh.length;
        listed += order[settled]!.listed;
      }
    }
    expect(misses).toEqual([]);
  });

  it('estimates the time left within 20 % when the kinds cost different times, from a tenth of the crawl to nine tenths', async () => {
    const graph = generateGraph({ records: 20_000, seed: 3 });
    // Rows a record of each kind writes (about the sandbox's); a record takes (4 + rows) / 2 ms, so a company is
    // 5 times an e-mail (a fixed cost other than the estimate's), and a sample every 500 records is 5-15 s apart.
    const ROWS: Record<LandingKind, number> = { company: 52, domain: 47, email: 7, phone: 8 };
    const costMs = (kind: LandingKind) => (4 + ROWS[kind]) / 2;
    const order = crawlOrder(graph);
    const total = order.length;
    const finishedMs = order.reduce((sum, step) => sum + costMs(step.kind), 0);
    const clock = new FakeClock();
    const work = new RemainingWork(clock.now);
    const kinds = Object.fromEntries(LANDING_KINDS.map((k) => [k, { settled: 0, rows: 0, toFetch: 0 }])) as Record<LandingKind, KindSample>;
    kinds.company.toFetch = 1;
    let [listed, atMs] = [0, 0];
    const misses: string[] = [];
    for (let settled = 0; settled <= total; settled += 1) {
      if (settled % 500 === 0) {
        await clock.advanceTo(Math.round(atMs));
        work.observe({
          settled,
          toFetch: LANDING_KINDS.reduce((sum, k) => sum + kinds[k].toFetch, 0),
          listed,
          // Bound by the store all along.
          store: { heldMs: atMs, kinds: structuredClone(kinds) },
        });
        const estimate = work.estimate();
        const realMs = finishedMs - atMs;
        if (settled >= total / 10 && settled <= (total * 9) / 10) {
          const ratio = estimate === undefined ? NaN : estimate.etaMs / realMs;
          if (!(ratio >= 0.8 && ratio <= 1.2)) misses.push(`${settled} of ${total}: ${estimate?.etaMs} ms for ${Math.round(realMs)}`);
        }
      }
      if (settled < total) {
        const step = order[settled]!;
        atMs += costMs(step.kind);
        kinds[step.kind].settled += 1;
        kinds[step.kind].rows += ROWS[step.kind];
        kinds[step.kind].toFetch -= 1;
        for (const kind of step.fresh) kinds[kind].toFetch += 1;
        listed += step.listed;
      }
    }
    expect(misses).toEqual([]);
  });
});
