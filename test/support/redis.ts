import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.js';

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../..');
const script = path.join(projectRoot, 'scripts/redis-local');

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
  /** Start it again on the same port (empty: it keeps nothing). */
  start(): Promise<void>;
}

/**
 * A real Redis for one test file, started by the project's own script (scripts/redis-local: the redis-server that
 * scripts/test-setup found or installed, never installed from here) on a free loopback port and a home of its own,
 * stopped after.
 */
export async function startRedis(name: string): Promise<TestRedis> {
  const port = await freePort();
  const home = path.join(projectRoot, '.redis', `test-${name}-${process.pid}`);
  const args = ['--home', home, '--port', String(port), '--install', 'off'];
  const start = async () => {
    try {
      await run('bash', [script, 'start', ...args], { timeout: 300_000 });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      throw new Error(`No Redis for the tests: scripts/redis-local could not start one: ${stderr.trim() || (error as Error).message}`);
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: async () => {
      await run('bash', [script, 'stop', ...args]).catch(() => undefined);
    },
  };
}
