/**
 * Preloaded into the crawler child (`node --import …/rss-probe.js dist/cli/main.js crawl …`) by the memory
 * benchmark: at exit, writes the process's own peak RSS (kB) and the peak heap figures sampled every 200 ms to
 * $BENCH_RSS_FILE. It changes nothing else.
 *
 * The peak RSS is VmHWM of /proc/self/status: the kernel's high-water mark of this process's memory since it
 * was started. Not process.resourceUsage().maxRSS: Linux carries ru_maxrss over fork and exec, so a child of
 * the bench process starts with the bench's own RSS as its "peak" (measured: a trivial child of a 450 MB
 * parent reports maxRSS 413,620 kB and VmHWM 40,448 kB). maxRSS is the fallback where /proc is missing.
 */
import { readFileSync, writeFileSync } from 'node:fs';

function peakRssKb(): number {
  try {
    const hwm = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // Not Linux.
  }
  return process.resourceUsage().maxRSS;
}

const file = process.env.BENCH_RSS_FILE;
if (file) {
  const peak = { heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    for (const k of Object.keys(peak) as (keyof typeof peak)[]) peak[k] = Math.max(peak[k], m[k]);
  };
  setInterval(sample, 200).unref();
  process.on('exit', () => {
    sample();
    const kb = (n: number) => Math.round(n / 1024);
    const mine = {
      maxRssKb: peakRssKb(),
      heapUsedKb: kb(peak.heapUsed),
      heapTotalKb: kb(peak.heapTotal),
      externalKb: kb(peak.external),
      arrayBuffersKb: kb(peak.arrayBuffers),
    };
    // An analysis command runs in a child of the first process (src/cli/heap.ts), which passes its node flags on, so
    // both load this probe: the figures kept are the larger of each, the child's work's, whichever exits last.
    let before: Partial<typeof mine> = {};
    try {
      before = JSON.parse(readFileSync(file, 'utf8')) as Partial<typeof mine>;
    } catch {
      // First to exit.
    }
    const merged = Object.fromEntries(Object.entries(mine).map(([k, v]) => [k, Math.max(v, before[k as keyof typeof mine] ?? 0)]));
    try {
      writeFileSync(file, JSON.stringify(merged));
    } catch {
      // The benchmark reports the probe as missing.
    }
  });
}
