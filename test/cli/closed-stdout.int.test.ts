import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI } from '../support/cli.js';

/** Run the built CLI with its stdout read by nobody (a `| head` that has stopped reading): the pipe is closed at once. */
function withClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('a reader that stops reading (landing-graph … | head)', () => {
  it.each([[['--help']], [['query', '--help']], [['query', '--browser-guide']]])(
    '%j ends quietly, exit 0, no stack trace',
    async (args) => {
      const { code, stderr } = await withClosedStdout(args);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    },
  );
});
