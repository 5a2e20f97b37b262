import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workSampleWriter } from '../../src/cli/work-samples.js';
import type { TimedWorkSample } from '../../src/crawl/remaining-work.js';
import { LandingGraphError } from '../../src/errors.js';

const sample = (settled: number): TimedWorkSample => ({ atMs: 1_000 + settled, settled, toFetch: 7, listed: 3 * settled });

describe('workSampleWriter (LANDING_GRAPH_WORK_SAMPLES)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('appends each sample as one JSON line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'work-samples-'));
    dirs.push(dir);
    const file = path.join(dir, 'samples.jsonl');
    const write = workSampleWriter(file, process.stderr);
    write(sample(1));
    write(sample(2));
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toEqual([JSON.stringify(sample(1)), JSON.stringify(sample(2)), '']);
  });

  it('refuses a file it cannot write before the crawl starts, naming the setting and the file', () => {
    const file = path.join(tmpdir(), 'no-such-directory-for-samples', 'samples.jsonl');
    const error = (() => {
      try {
        workSampleWriter(file, process.stderr);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(LandingGraphError);
    expect((error as LandingGraphError).code).toBe('CONFIG_INVALID');
    expect((error as LandingGraphError).message).toBe(`LANDING_GRAPH_WORK_SAMPLES: cannot write ${JSON.stringify(file)} (ENOENT)`);
  });

  it('says once that it stopped when the file fails later, and goes on', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'work-samples-'));
    dirs.push(dir);
    const file = path.join(dir, 'samples.jsonl');
    const said: string[] = [];
    const stderr = { write: (line: string) => said.push(line) } as unknown as NodeJS.WritableStream;
    const write = workSampleWriter(file, stderr);
    rmSync(dir, { recursive: true, force: true });
    write(sample(1));
    write(sample(2));
    expect(said).toEqual([`LANDING_GRAPH_WORK_SAMPLES: stopped writing ${JSON.stringify(file)} (ENOENT); the crawl goes on\n`]);
  });
});
