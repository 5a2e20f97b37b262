import { Command } from 'commander';
import { z } from 'zod';
import { LandingGraphError } from '../../errors.js';
import { type QueueCrawlStatus, readQueueStatus } from '../../queue/status.js';
import { formatElapsedMs } from '../../time/duration.js';
import { terminalText } from '../../render/escape.js';
import { parseOptions } from '../options.js';

const optionsSchema = z.object({
  crawl: z.string().min(1).optional(),
  redisUrl: z.string().min(1).optional(),
  json: z.boolean().default(false),
});

/** `landing-graph status [--crawl ID]`: the crawls running on Redis, their workers, tasks, rate and time left. */
export function statusCommand(): Command {
  return new Command('status')
    .description('Crawls running through Redis: workers alive, tasks queued, leased and done, the shared rate in use, time left')
    .option('--crawl <id>', 'only this crawl')
    .option('--redis-url <url>', 'the Redis of the crawls (default: REDIS_URL)')
    .option('--json', 'one JSON object on stdout')
    .action(async (raw: Record<string, unknown>) => {
      const flags = parseOptions(optionsSchema, raw);
      const redisUrl = flags.redisUrl ?? (process.env.REDIS_URL || undefined);
      if (redisUrl === undefined) throw new LandingGraphError('CONFIG_INVALID', 'status reads Redis: pass --redis-url or set REDIS_URL');
      const crawls = await readQueueStatus(redisUrl, flags.crawl);
      if (flags.json) {
        process.stdout.write(`${JSON.stringify({ crawls })}\n`);
        return;
      }
      if (crawls.length === 0) {
        process.stdout.write(
          flags.crawl ? `crawl ${terminalText(flags.crawl)} is not running on this Redis\n` : 'no crawl is running on this Redis\n',
        );
        return;
      }
      for (const c of crawls) process.stdout.write(`${statusLines(c).join('\n')}\n`);
    });
}

export function statusLines(c: QueueCrawlStatus): string[] {
  const p = c.progress as Record<string, number | undefined>;
  const n = (v: number | undefined) => String(v ?? 0);
  const eta = p.etaMs === undefined ? '?' : formatElapsedMs(p.etaMs);
  const rate = c.rate.requestsPerSecond === null ? `${c.rate.lastSecond}/s` : `${c.rate.lastSecond}/s of ${c.rate.requestsPerSecond}/s`;
  return [
    `crawl ${terminalText(c.crawlId)} (${terminalText(c.host)} pid ${c.pid}, told ${formatElapsedMs(c.ageMs)} ago)`,
    `  progress: depth ${n(p.depth)}/${n(p.maxDepth)}, fetched ${n(p.fetched)}, missing ${n(p.missing)}, failed ${n((p.failed ?? 0) + (p.invalid ?? 0))}, reused ${n(p.reused)}, ${n(p.toFetch)} to fetch; ~${eta} left`,
    `  workers:  ${c.queue.workers} alive on the service's queue`,
    `  tasks:    ${c.queue.queued} queued, ${c.queue.leased} leased, ${c.queue.answered} answered not yet written, ${c.queue.failed} failed (the service's queue); this crawl waits for ${n(p.waiting)}`,
    `  rate:     ${rate} in the last second${c.rate.pausedMs > 0 ? `, paused ${formatElapsedMs(c.rate.pausedMs)} more (429)` : ''}`,
  ];
}
