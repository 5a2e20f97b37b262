import { formatElapsedMs } from '../time/duration.js';
import type { CrawlProgress } from '../crawl/progress.js';

/**
 * Progress on stderr: on a terminal one line rewritten in place; otherwise a plain line every
 * `plainEveryMs` with no control characters (logs, CI).
 */
/** The progress of a crawl on the record queue also says how many workers are alive. */
export type ViewedProgress = CrawlProgress & { workers?: number };

export function progressView(
  stream: NodeJS.WriteStream,
  plainEveryMs = 10_000,
): { update: (p: ViewedProgress) => void; note: (line: string) => void; done: () => void } {
  const tty = stream.isTTY === true;
  let lastPlain = 0;
  /** The progress line on screen (a terminal), redrawn under a note. */
  let shown = '';
  return {
    update(p) {
      const line = progressLine(p);
      if (tty) {
        shown = line.slice(0, (stream.columns || 120) - 1);
        stream.write(`\r\x1b[2K${shown}`);
      } else if (p.elapsedMs - lastPlain >= plainEveryMs) {
        lastPlain = p.elapsedMs;
        stream.write(`${line}\n`);
      }
    },
    /** A line of its own above the progress line (which a terminal would otherwise carry on after). */
    note(line) {
      stream.write(tty ? `\r\x1b[2K${line}\n${shown}` : `${line}\n`);
    },
    done() {
      if (tty) stream.write('\r\x1b[2K');
      shown = '';
    },
  };
}

export function progressLine(p: ViewedProgress): string {
  const errors = p.failed + p.invalid;
  const eta = p.etaMs === undefined ? '?' : formatElapsedMs(p.etaMs);
  const left = p.leftEstimate === undefined ? '' : ` (~${p.leftEstimate} records)`;
  const down = p.serviceDown ? `service unreachable for ${formatElapsedMs(p.serviceDown.forMs)} (${p.serviceDown.reason}), probing | ` : '';
  return (
    `${down}depth ${p.depth}/${p.maxDepth} | fetched ${p.fetched} reused ${p.reused} missing ${p.missing} errors ${errors} | ` +
    `to fetch ${p.toFetch} in flight ${p.inFlight} | ${p.recordsPerSecond.toFixed(1)} rec/s | ` +
    `${p.workers === undefined ? '' : `workers ${p.workers} `}retries ${p.retries} 429-waits ${p.rateLimitWaits} | ${formatElapsedMs(p.elapsedMs)} elapsed, ~${eta} left${left}`
  );
}

export function summaryLines(p: CrawlProgress, status: string, crawlId: string): string[] {
  return [
    `crawl ${crawlId}: ${status} in ${formatElapsedMs(p.elapsedMs)}`,
    `  records: ${p.fetched} fetched, ${p.missing} missing (404), ${p.failed} failed, ${p.invalid} broke the schema (kept raw)`,
    `  reused:  ${p.reused} records expanded from answers the graph held within --max-age (${p.reused} requests saved)`,
    `  graph:   ${p.nodesWritten} node writes, ${p.edgesWritten} edge writes; ${p.toFetch} still to fetch`,
    `  service: ${p.recordsPerSecond.toFixed(1)} records/s, ${p.retries} retries, ${p.rateLimitWaits} waits on 429`,
  ];
}
