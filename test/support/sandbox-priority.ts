import { setPriority } from 'node:os';
import { realtimePriority } from '../../bench/lib/realtime.js';
import { type SandboxProcess, startSandboxProcess } from '../../bench/lib/processes.js';

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
