import { spawnSync } from 'node:child_process';

/**
 * Puts every thread of process `pid` under the real-time FIFO policy (`chrt -a -f -R -p 10`, util-linux), so
 * that a sandbox standing in for a remote service reads its requests when they arrive instead of when the
 * crawl and Neo4j leave it a core. Needs CAP_SYS_NICE (root) or an RLIMIT_RTPRIO; returns undefined when
 * applied, else why not (the caller reports it and measures at normal priority). The tests that judge rates give
 * their sandbox the same (test/support/sandbox-priority.ts). Processes it starts later get the normal policy again
 * (-R, reset on fork): a test's sandbox shares its process with the test, which starts the crawls, and crawls at a
 * real-time priority starve Neo4j and spin.
 */
export function realtimePriority(pid: number): string | undefined {
  const result = spawnSync('chrt', ['-a', '-f', '-R', '-p', '10', String(pid)], { encoding: 'utf8' });
  if (result.error) return `chrt: ${result.error.message}`;
  if (result.status !== 0)
    return `chrt ${result.status === null ? `killed by ${result.signal}` : `exited ${result.status}`}: ${result.stderr.trim().split('\n')[0] ?? ''}`;
  return undefined;
}
