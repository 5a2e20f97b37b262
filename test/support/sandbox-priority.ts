import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getPriority, setPriority } from 'node:os';
import { realtimePriority } from '../../bench/lib/realtime.js';
import { type SandboxProcess, startSandboxProcess } from '../../bench/lib/processes.js';

export interface SandboxPriority {
  /** What was applied, for the test's log. */
  how: string;
  /** Back to the normal policy and priority. */
  restore(): void;
}

/**
 * A rate test's sandbox runs in the test's own process and stamps each arrival when its event loop reads it. The
 * service it stands in for does not share its cores with our crawls, so this process goes first: the real-time FIFO
 * policy the bench gives its sandbox where the system allows it (root), else the highest priority the user may set.
 * A starved sandbox would stamp a late burst into one window; judged at the real service's 1,000 ms, fairly.
 * `realtime: false` keeps to the raised nice: a real-time test process also takes the cores from the crawl whose
 * throughput a test judges.
 */
export function sandboxFirst(options: { realtime?: boolean } = {}): SandboxPriority {
  const refused = options.realtime === false ? 'real-time not asked for' : realtimePriority(process.pid);
  if (refused === undefined) {
    return {
      how: 'real-time FIFO 10 (chrt)',
      restore: () => {
        spawnSync('chrt', ['-a', '-o', '-p', '0', String(process.pid)]);
      },
    };
  }
  const before = getPriority();
  try {
    setPriority(-5);
    return { how: `nice -5 (${refused})`, restore: () => setPriority(before) };
  } catch {
    return { how: `normal priority (${refused}; no raised priority allowed)`, restore: () => undefined };
  }
}

/**
 * A sandbox in a process of its own, first on the cores, for a test that judges the rate at the service to the
 * millisecond. In the test's own process the sandbox stamps an arrival when an event loop it shares with the test
 * reads it: a garbage collection of the test's heap, or the output of the crawls it reads, holds a request's stamp
 * back and squeezes two departures 1,025 ms apart into one second. Alone, with a heap the size of its world, its
 * loop reads a request when it arrives, as the service's does.
 */
export async function startSandboxFirst(options: { records: number; seed: number }): Promise<SandboxProcess & { how: string }> {
  const sandbox = await startSandboxProcess(options);
  const refused = realtimePriority(sandbox.pid);
  if (refused === undefined) return { ...sandbox, how: 'its own process, real-time FIFO 10 (chrt)' };
  try {
    setPriority(sandbox.pid, -5);
    return { ...sandbox, how: `its own process, nice -5 (${refused})` };
  } catch {
    return { ...sandbox, how: `its own process, normal priority (${refused}; no raised priority allowed)` };
  }
}

/**
 * Where a test nices the crawl (so that the sandbox measuring it goes first), the crawl's own database goes with it:
 * a crawl niced behind a Neo4j at normal priority loses the cores to every commit, which a user's crawl, at the
 * priority of its Neo4j, does not. Only for the project's local test server (its pid file); `restore` puts it back.
 */
export function neo4jAlongside(home: string | undefined, nice: number): SandboxPriority {
  const pidFile = home === undefined ? undefined : path.join(home, 'neo4j.pid');
  const pid = pidFile && existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : Number.NaN;
  if (!Number.isInteger(pid)) return { how: 'Neo4j left at its priority (not the local test server)', restore: () => undefined };
  const before = getPriority(pid);
  try {
    setPriority(pid, nice);
  } catch {
    return { how: 'Neo4j left at its priority (renice refused)', restore: () => undefined };
  }
  return {
    how: `Neo4j at nice ${nice}, with the crawl`,
    restore: () => {
      try {
        setPriority(pid, before);
      } catch {
        // A user may raise a nice but not lower it again: the server stays niced until it restarts.
      }
    },
  };
}
