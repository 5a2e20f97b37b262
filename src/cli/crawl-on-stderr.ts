import { type CrawlIntoOptions, crawlInto } from '../app/crawl-run.js';
import type { CrawlResult } from '../crawl/crawler.js';
import { progressView, summaryLines } from './progress-view.js';

/** A crawl run as the CLI shows it: the progress line on stderr, then the run's summary. */
export async function crawlOnStderr(o: Omit<CrawlIntoOptions, 'view'>, stderr: NodeJS.WriteStream): Promise<CrawlResult> {
  const view = progressView(stderr);
  const result = await crawlInto({ ...o, view });
  if (result.requeuedFailed > 0) stderr.write(`retried ${result.requeuedFailed} record(s) that had failed in an earlier run\n`);
  if (result.alreadyComplete) {
    stderr.write(`crawl ${result.crawlId} already finished; nothing requested (use --refresh to crawl again)\n`);
  } else {
    for (const line of summaryLines(result.progress, result.status, result.crawlId)) stderr.write(`${line}\n`);
  }
  return result;
}
