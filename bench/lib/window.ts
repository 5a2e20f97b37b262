import type { StatsSnapshot } from '../../src/sandbox/stats.js';
import type { SandboxProcess } from './processes.js';
import { sleep } from './util.js';

export interface MeasuredWindow {
  /** Arrivals at the sandbox in the window / its length. */
  perSecond: number;
  /** The sandbox's statistics after `stop` (busiestWindow covers the whole run, the stop included). */
  after: StatsSnapshot;
}

/**
 * The window of a rate measurement: it opens at the `openAt`th arrival at the sandbox (default the first: a crawl's
 * start, schema and first commit, is not its rate), lasts `windowMs`, then `stop` ends the crawls (SIGINT) before the
 * last statistics. `opened` is called as the window opens (work to do while it runs).
 */
export async function measureWindow(
  sandbox: SandboxProcess,
  windowMs: number,
  stop: () => Promise<unknown>,
  openAt = 1,
  opened?: () => void,
): Promise<MeasuredWindow> {
  while ((await sandbox.stats()).total < openAt) await sleep(20);
  const atStart = await sandbox.stats();
  const t0 = Date.now();
  opened?.();
  await sleep(windowMs);
  const atEnd = await sandbox.stats();
  const elapsedMs = Date.now() - t0;
  await stop();
  return { perSecond: ((atEnd.total - atStart.total) * 1000) / elapsedMs, after: await sandbox.stats() };
}
