import { appendFileSync } from 'node:fs';
import type { TimedWorkSample } from '../crawl/remaining-work.js';
import { LandingGraphError } from '../errors.js';

/**
 * The crawl's work samples appended to `file` as JSON lines (LANDING_GRAPH_WORK_SAMPLES), to replay the estimate
 * of the time left after a run (bench/eta-replay.ts). A file that cannot be written is an error before the crawl
 * starts; one that fails later is said once on `stderr` and the crawl goes on without it.
 */
export function workSampleWriter(file: string, stderr: NodeJS.WritableStream): (sample: TimedWorkSample) => void {
  try {
    appendFileSync(file, '');
  } catch (error) {
    throw new LandingGraphError('CONFIG_INVALID', `LANDING_GRAPH_WORK_SAMPLES: cannot write ${JSON.stringify(file)} (${codeOf(error)})`, {
      cause: error,
    });
  }
  let failed = false;
  return (sample) => {
    if (failed) return;
    try {
      appendFileSync(file, `${JSON.stringify(sample)}\n`);
    } catch (error) {
      failed = true;
      stderr.write(`LANDING_GRAPH_WORK_SAMPLES: stopped writing ${JSON.stringify(file)} (${codeOf(error)}); the crawl goes on\n`);
    }
  };
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}
