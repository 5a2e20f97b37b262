import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/cli.js';

const RECORD = path.resolve(import.meta.dirname, '../support/module-loads/record.mjs');
const folder = mkdtempSync(path.join(tmpdir(), 'landing-graph-start-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The files the ES module loader loads while the built CLI runs `args` in this process. */
function filesLoaded(args: string[]): string[] {
  const file = path.join(folder, `${args.join('-')}.txt`);
  const run = spawnSync(process.execPath, ['--import', RECORD, CLI, ...args], {
    // Set as in the child the CLI starts for a command with a heap of its own: the command runs in this process.
    env: { PATH: process.env.PATH ?? '', LANDING_GRAPH_TEST_MODULES_FILE: file, LANDING_GRAPH_HEAP_RELAUNCHED: '1' },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(file, 'utf8').trim().split('\n');
}

// Most of a start's CPU was the module loader's, file by file (550-1,060 files: neo4j-driver, zod, undici, BullMQ):
// the built CLI is bundled (scripts/bundle-cli.mjs) and the Redis modules load only on Redis.
describe('the built CLI starts from its bundle', () => {
  it.each([[['crawl', '--help']], [['query', '--help']], [['flags', '--help']]])(
    '%j loads no package file and a few dozen files at most',
    (args) => {
      const files = filesLoaded(args);
      expect(files[0]).toBe(`file://${CLI}`);
      expect(files.filter((url) => url.includes('/node_modules/'))).toEqual([]);
      expect(files.length).toBeLessThanOrEqual(40);
    },
  );
});
