import { subscribe, unsubscribe } from 'node:diagnostics_channel';

/**
 * Records performance.now() each time undici writes a request's headers to a socket for `origin`
 * (e.g. a sandbox's url): the departures the limiter keeps its window on, seen independently of it.
 */
export function recordDepartures(origin: string): { times: number[]; stop(): void } {
  const times: number[] = [];
  const wanted = new URL(origin).origin;
  const listener = (message: unknown) => {
    const requestOrigin = (message as { request?: { origin?: unknown } }).request?.origin;
    if (requestOrigin !== undefined && new URL(String(requestOrigin)).origin === wanted) times.push(performance.now());
  };
  subscribe('undici:client:sendHeaders', listener);
  return { times, stop: () => void unsubscribe('undici:client:sendHeaders', listener) };
}
