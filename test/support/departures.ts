import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { requestsTo } from './undici-origin.js';

/**
 * Records performance.now() each time undici writes a request's headers to a socket for `origin`
 * (e.g. a sandbox's url): the departures the limiter keeps its window on, seen independently of it.
 */
export function recordDepartures(origin: string): { times: number[]; stop(): void } {
  const times: number[] = [];
  const toOrigin = requestsTo(origin);
  const listener = (message: unknown) => {
    if (toOrigin(message)) times.push(performance.now());
  };
  subscribe('undici:client:sendHeaders', listener);
  return { times, stop: () => void unsubscribe('undici:client:sendHeaders', listener) };
}
