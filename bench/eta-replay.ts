import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RemainingWork, type TimedWorkSample } from '../src/crawl/remaining-work.js';
import { etaError, isJudged, type ReplayTimes } from './lib/eta-judge.js';
import { fmt, outDir } from './lib/util.js';

/**
 * The estimate of the time left replayed on the work samples of a million run (bench/million.ts writes them, with
 * its times, into bench/out): RemainingWork as it is now, fed each sample on a clock that reads the sample's time,
 * judged as the bench judges its progress lines. So the estimate can be changed and judged in seconds rather than
 * in an hour's crawl. The samples are every count of the records to fetch (5 s), the bench's lines every 10 s:
 * the figures are close to the run's, not the same. Samples recorded before they held the time --rps held the
 * fetches (`rateHeldMs`) can be replayed as if it held them that share of the time (`--rate-held 0`: the bench's
 * crawl is unthrottled).
 *
 *   npx tsc -p bench/tsconfig.json && node bench/out/build/bench/eta-replay.js [directory] [--lines] [--rate-held SHARE]
 */
function main(): void {
  const args = process.argv.slice(2);
  const rateHeldAt = args.indexOf('--rate-held');
  const rateHeld = rateHeldAt >= 0 ? Number(args.splice(rateHeldAt, 2)[1]) : undefined;
  if (rateHeld !== undefined && !(rateHeld >= 0 && rateHeld <= 1)) throw new Error('--rate-held takes a share from 0 to 1');
  const dir = args.find((a) => !a.startsWith('--')) ?? outDir;
  const timesFile = path.join(dir, 'million-crawl.times.json');
  if (!existsSync(timesFile)) throw new Error(`${timesFile} not found: run BENCH_ONLY=million npm run bench first`);
  const times = JSON.parse(readFileSync(timesFile, 'utf8')) as ReplayTimes;
  const errors: number[] = [];
  for (const run of [1, 2] as const) {
    const samples = readFileSync(path.join(dir, `million-crawl-${run}.samples.jsonl`), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as TimedWorkSample)
      .map((sample) =>
        sample.rateHeldMs !== undefined || rateHeld === undefined ? sample : { ...sample, rateHeldMs: rateHeld * sample.atMs },
      );
    let nowMs = 0;
    const remaining = new RemainingWork(() => nowMs);
    for (const sample of samples) {
      nowMs = sample.atMs;
      remaining.observe(sample);
      const left = remaining.estimate();
      if (left === undefined || !isJudged(sample.settled, times.total)) continue;
      const error = etaError(left.etaMs, sample.atMs, run, times);
      errors.push(error);
      if (args.includes('--lines'))
        console.log(`run ${run} settled ${sample.settled} left ~${left.tasks} records, ~${fmt.s(left.etaMs)}: error ${fmt.pct(error)}`);
    }
  }
  const within = errors.filter((e) => e <= 0.2).length;
  console.log(`ETA within 20 %: ${within} of ${errors.length} samples (largest error ${fmt.pct(Math.max(0, ...errors))})`);
}

main();
