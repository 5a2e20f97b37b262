/**
 * Preloaded into a child (`node --import …/loop-delay-probe.js …`) by the rate benchmark: measures the
 * event loop's delay with perf_hooks.monitorEventLoopDelay (10 ms resolution). SIGUSR2 starts the
 * measurement again (the benchmark sends it when its window opens); at exit the probe writes the max, p99
 * and mean in ms since then to $BENCH_LOOP_DELAY_FILE. It changes nothing else (without the variable it
 * does nothing at all, and SIGUSR2 keeps its default action).
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => histogram.reset());
  process.on('exit', () => {
    histogram.disable();
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    try {
      writeFileSync(
        file,
        JSON.stringify({
          maxMs: ms(histogram.max),
          p99Ms: ms(histogram.percentile(99)),
          meanMs: ms(histogram.mean),
          samples: histogram.count,
        }),
      );
    } catch {
      // The benchmark reports the probe as missing.
    }
  });
}
