import { randomBytes } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';

/**
 * When a request really leaves, from undici's diagnostics channels (undici docs: DiagnosticsChannel.md):
 * - `undici:request:create` carries undici's request object as it is built, its headers a flat
 *   [name, value, ...] array. A request made with a Departure's `headers` carries DEPARTURE_HEADER; here the
 *   header is taken out again (it never goes on the wire) and the request object is remembered.
 * - `undici:client:sendHeaders` is published with the same request object right before its first byte
 *   is written to the socket, in the same synchronous run as the write: that is the departure.
 * The callback runs as a microtask queued there, once that run (and so the write) is over: a process descheduled
 * between the mark and the write would otherwise put the request on the wire later than it was counted, by as much
 * as the scheduler kept it off a core. Counted a little later than it left, a departure only holds its window longer.
 */
export const DEPARTURE_HEADER = 'x-landing-graph-departure';

/** What a limiter hands to the code that sends one request. */
export interface Departure {
  /** Headers to add to the undici request, so that its departure is seen; removed before anything is sent. */
  readonly headers: Readonly<Record<string, string>>;
  /** Marks the departure by hand, for a request that does not go through undici. Each call is one departure. */
  sent(): void;
}

/** A Departure being watched; `release` when its request is over. */
export interface WatchedDeparture extends Departure {
  release(): void;
}

/** This copy of the module's ids: another copy (another bundle of this code) leaves them alone. */
const prefix = `${randomBytes(4).toString('hex')}-`;
let nextId = 1;
/** Departures watched and not yet released, by id. */
const watched = new Map<string, () => void>();
/** undici request objects that carried one of our ids. */
const byRequest = new WeakMap<object, () => void>();
let subscribed = false;

function onRequestCreate(message: unknown): void {
  const request = (message as { request?: { headers?: unknown } } | undefined)?.request;
  const headers = request?.headers;
  if (!request || !Array.isArray(headers)) return;
  for (let i = 0; i + 1 < headers.length; i += 2) {
    if (String(headers[i]).toLowerCase() !== DEPARTURE_HEADER) continue;
    const onSent = watched.get(String(headers[i + 1]));
    if (!onSent) continue;
    headers.splice(i, 2);
    byRequest.set(request, onSent);
    return;
  }
}

function onSendHeaders(message: unknown): void {
  const request = (message as { request?: unknown } | undefined)?.request;
  const onSent = typeof request === 'object' && request !== null ? byRequest.get(request) : undefined;
  if (onSent) queueMicrotask(onSent);
}

/** Watch one request: `onSent` is called each time undici has written its headers to a socket (right after the write). */
export function watchDeparture(onSent: () => void): WatchedDeparture {
  if (!subscribed) {
    subscribe('undici:request:create', onRequestCreate);
    subscribe('undici:client:sendHeaders', onSendHeaders);
    subscribed = true;
  }
  const id = prefix + String(nextId++);
  watched.set(id, onSent);
  return { headers: { [DEPARTURE_HEADER]: id }, sent: onSent, release: () => void watched.delete(id) };
}
