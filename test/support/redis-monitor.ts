import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { serviceId, sharedWindowKeys } from '../../src/rate/shared-window.js';
import type { SharedWindowLog } from './pause-verdict.js';

/**
 * What Redis did for the shared window (src/rate/shared-window.ts), as its MONITOR reports it: every command, the
 * ones that its Lua scripts run included (source "lua"), each stamped on Redis's clock when it ran. So a turn's moment
 * is when the script gave it, not when a busy process got round to using it.
 */
export interface RedisMonitor {
  /**
   * Everything up to now (a marker sent after the last command is seen first), and the monitor closed. Rejects when
   * the monitor lost its connection on the way: a log with a hole in it would judge nothing.
   */
  stop(): Promise<SharedWindowLog>;
  /** Close without reading (a test that failed before it could stop the monitor). */
  close(): void;
}

/** How long stop() waits for its marker to come back through the monitor. */
const MARKER_TIMEOUT_MS = 10_000;

/** Watch the shared window of the service at `baseUrl` with `apiKey`, on the Redis at `url`. */
export async function watchSharedWindow(url: string, service: { baseUrl: string; apiKey: string }): Promise<RedisMonitor> {
  const keys = sharedWindowKeys(serviceId(service.baseUrl, service.apiKey));
  // No reconnecting: a monitor that came back would have missed what ran meanwhile, and would outlive a stopped Redis.
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 1 });
  client.on('error', () => undefined); // reported through the commands that fail
  await client.connect();
  const monitor = await client.monitor();
  let closing = false;
  let lost: string | undefined;
  monitor.on('error', (error: Error) => (lost ??= error.message));
  monitor.on('end', () => {
    if (!closing) lost ??= 'its connection closed';
  });
  const close = () => {
    closing = true;
    monitor.disconnect();
    client.disconnect();
  };
  const log: SharedWindowLog = { pauses: [], turnsAtMs: new Map(), departuresAtMs: new Map() };
  const marker = `landing-graph-test-monitor-${randomUUID()}`;
  let markerSeen: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => (markerSeen = resolve));
  monitor.on('monitor', (time: string, args: string[], source: string) => {
    if (args[1] === marker) markerSeen();
    if (source !== 'lua') return;
    const atMs = Number(time) * 1000;
    const [command = '', key, ...rest] = args;
    switch (command.toUpperCase()) {
      case 'SET':
        // SET <pause> 1 PX <ms>: a 429's pause, or a new service's first window. Redis counts the expiry in whole ms
        // from its clock when the script started, a moment before this SET: a millisecond less is the safe end.
        if (key === keys.pause) log.pauses.push({ setAtMs: atMs, untilMs: Math.floor(atMs) + Number(rest[2]) - 1 });
        break;
      case 'ZADD':
        // ZADD <pending> <us> <ticket>: a turn given; ZADD <window> <us> <ticket>: its departure marked.
        if (key === keys.pending) log.turnsAtMs.set(rest[1]!, atMs);
        if (key === keys.window) log.departuresAtMs.set(rest[1]!, atMs);
        break;
    }
  });
  return {
    close,
    stop: async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await client.echo(marker);
        await Promise.race([
          seen,
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`Redis's MONITOR did not pass on a marker in ${MARKER_TIMEOUT_MS} ms`)),
              MARKER_TIMEOUT_MS,
            );
          }),
        ]);
      } finally {
        clearTimeout(timer);
        close();
      }
      if (lost) throw new Error(`Redis's MONITOR was lost during the test (${lost}): its log has a hole`);
      return log;
    },
  };
}
