import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { SharedWindowLog } from './pause-verdict.js';

/**
 * What Redis did for the shared window (src/rate/shared-window.ts), as its MONITOR reports it: every command, the
 * ones that its Lua scripts run included (source "lua"), each stamped on Redis's clock when it ran. So a turn's moment
 * is when the script gave it, not when a busy process got round to using it.
 */
export interface RedisMonitor {
  /** Everything up to now (a marker sent after the last command is seen first), and the monitor closed. */
  stop(): Promise<SharedWindowLog>;
}

export async function watchSharedWindow(url: string): Promise<RedisMonitor> {
  const client = new Redis(url, { lazyConnect: true });
  await client.connect();
  const monitor = await client.monitor();
  const log: SharedWindowLog = { pauses: [], turnsAtMs: new Map(), departuresAtMs: new Map() };
  const marker = `landing-graph-test-monitor-${randomUUID()}`;
  let markerSeen: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => (markerSeen = resolve));
  monitor.on('monitor', (time: string, args: string[], source: string) => {
    if (args[1] === marker) markerSeen();
    if (source !== 'lua' || !args[1]?.startsWith('lg:rate:')) return;
    const atMs = Number(time) * 1000;
    const [command = '', key, ...rest] = args;
    switch (command.toUpperCase()) {
      case 'SET':
        // SET <pause> 1 PX <ms>: a 429's pause, or a new service's first window. Redis keeps the expiry in whole ms
        // from its clock when the script started: the pause surely holds until a millisecond before this sum.
        if (key.endsWith(':pause')) log.pauses.push({ setAtMs: atMs, untilMs: Math.floor(atMs) + Number(rest[2]) - 1 });
        break;
      case 'ZADD':
        // ZADD <pending> <us> <ticket>: a turn given; ZADD <window> <us> <ticket>: its departure marked.
        if (key.endsWith(':pending')) log.turnsAtMs.set(rest[1]!, atMs);
        if (key.endsWith(':window')) log.departuresAtMs.set(rest[1]!, atMs);
        break;
    }
  });
  return {
    stop: async () => {
      await client.echo(marker);
      await seen;
      monitor.disconnect();
      client.disconnect();
      return log;
    },
  };
}
