/**
 * Preloaded into the crawler child (`node --import …/rss-probe.js dist/cli/main.js crawl …`) by the memory
 * benchmark: at exit, writes the process's own peak RSS (process.resourceUsage().maxRSS, kB) and the peak
 * heap figures sampled every 200 ms to $BENCH_RSS_FILE. It changes nothing else.
 */
import { writeFileSync } from 'node:fs';

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
    try {
      writeFileSync(
        file,
        JSON.stringify({
          maxRssKb: process.resourceUsage().maxRSS,
          heapUsedKb: kb(peak.heapUsed),
          heapTotalKb: kb(peak.heapTotal),
          externalKb: kb(peak.external),
          arrayBuffersKb: kb(peak.arrayBuffers),
        }),
      );
    } catch {
      // The benchmark reports the probe as missing.
    }
  });
}
