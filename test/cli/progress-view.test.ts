import { describe, expect, it } from 'vitest';
import { progressLine, progressView } from '../../src/cli/progress-view.js';
import { ClientEventCounter, type CrawlProgress } from '../../src/crawl/progress.js';

const progress: CrawlProgress = {
  crawlId: 'c',
  depth: 1,
  maxDepth: 2,
  fetched: 10,
  missing: 1,
  failed: 0,
  invalid: 0,
  reused: 0,
  inFlight: 16,
  toFetch: 40,
  recordsPerSecond: 2,
  retries: 1,
  rateLimitWaits: 0,
  nodesWritten: 0,
  edgesWritten: 0,
  elapsedMs: 30_000,
  etaMs: 20_000,
  leftEstimate: 45,
};

describe('progress while the service is down', () => {
  it('ClientEventCounter counts outages and knows since when the service is down', () => {
    let now = 1_000;
    const events = new ClientEventCounter(() => now);
    events.onEvent({ type: 'rate-limited', ref: 'domain#1', retryAfterMs: 1000 });
    events.onEvent({ type: 'service-down', reason: 'connection refused' });
    now += 12_000;
    expect(events.serviceDown()).toEqual({ reason: 'connection refused', forMs: 12_000 });
    events.onEvent({ type: 'service-back', downMs: 12_000 });
    expect(events.serviceDown()).toBeUndefined();
    expect({ outages: events.outages, rateLimitWaits: events.rateLimitWaits, retries: events.retries }).toEqual({
      outages: 1,
      rateLimitWaits: 1,
      retries: 0,
    });
  });

  it('the progress line says so first', () => {
    expect(progressLine(progress)).toMatch(/^depth 1\/2 \| fetched 10/);
    expect(progressLine({ ...progress, serviceDown: { reason: 'connection refused', forMs: 12_000 } })).toMatch(
      /^service unreachable for 12s \(connection refused\), probing \| depth 1\/2 \| fetched 10/,
    );
  });

  it('says the records still to fetch, and the time left with the records it is for', () => {
    expect(progressLine(progress)).toContain('| to fetch 40 in flight 16 |');
    expect(progressLine(progress)).toMatch(/30s elapsed, ~20s left \(~45 records\)$/);
    expect(progressLine({ ...progress, etaMs: undefined, leftEstimate: undefined })).toMatch(/30s elapsed, ~\? left$/);
  });

  it('on the record queue, names the workers alive beside the retries and 429 waits they had', () => {
    expect(progressLine({ ...progress, workers: 4, retries: 2, rateLimitWaits: 3 })).toContain('| workers 4 retries 2 429-waits 3 |');
    expect(progressLine(progress)).not.toContain('workers');
  });
});

describe('a note while the progress line is shown', () => {
  /** A stream that keeps what was written; `isTTY` as asked. */
  function stream(isTTY: boolean) {
    const written: string[] = [];
    const out = { isTTY, columns: 200, write: (text: string) => written.push(text) > 0 } as unknown as NodeJS.WriteStream;
    return { out, written };
  }

  it('on a terminal: clears the line, prints the note on a line of its own, draws the progress line again', () => {
    const { out, written } = stream(true);
    const view = progressView(out);
    view.update({ ...progress });
    view.note('worker 7: Redis: connect ECONNREFUSED');
    expect(written[1]).toBe(`\r\x1b[2Kworker 7: Redis: connect ECONNREFUSED\n${progressLine(progress)}`);
    view.done();
    view.note('after');
    expect(written.at(-1)).toBe('\r\x1b[2Kafter\n');
  });

  it('elsewhere (a file, a pipe): one line', () => {
    const { out, written } = stream(false);
    progressView(out).note('worker 7: lost');
    expect(written).toEqual(['worker 7: lost\n']);
  });
});
