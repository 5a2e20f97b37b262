import { Pool, type Dispatcher } from 'undici';
import { LandingGraphError } from '../errors.js';
import { type Clock, epochClock } from '../time/clock.js';
import { RequestLimiter, type SharedTurns } from '../rate/limiter.js';
import { refToString, type LandingRef } from '../api/refs.js';
import { exchange } from './exchange.js';
import { DEFAULT_RETRY, type RetryOptions } from './retry.js';
import { compose, type Send } from './send.js';
import { ServiceGate, type ServiceGateEvent, type ServiceGateOptions } from './service-gate.js';
import { type RateLimitEvent, withLimiter } from './with-limiter.js';
import { withOutageGate } from './with-outage-gate.js';
import { withRateLimitWaits } from './with-rate-limit-waits.js';
import { type RetryEvent, withRetries } from './with-retries.js';

export interface LandingClientOptions {
  /** Base address of the service, e.g. `https://api.example.com` (a path prefix is kept). */
  baseUrl: string;
  /** Sent as X-Api-Key; never logged, never in an error. */
  apiKey: string;
  /** Shared throttle. Default: a RequestLimiter from `requestsPerSecond` and `maxConcurrent`. */
  limiter?: RequestLimiter;
  /** Used only when no limiter is given. Default: 10. */
  requestsPerSecond?: number;
  /** Used only when no limiter is given; also the pool's connection count. Default: 8. */
  maxConcurrent?: number;
  /** Used only when no limiter is given: the RequestLimiter's `marginMs`. Default: 25. */
  rateMarginMs?: number;
  /** Used only when no limiter is given: turns shared with other processes (RequestLimiter's `shared`). Default: none. */
  sharedTurns?: SharedTurns;
  /** undici dispatcher. Default: a keep-alive Pool to the base URL's origin. */
  dispatcher?: Dispatcher;
  /** TCP/TLS connect time-out of the default pool. Default: 10000. */
  connectTimeoutMs?: number;
  /** Time to the response headers. Default: 30000. */
  headersTimeoutMs?: number;
  /** Longest silence while the body streams. Default: 60000. */
  bodyTimeoutMs?: number;
  /** A larger body fails (API_CLIENT, not retried). Default: 16777216 (16 MiB), as the CLI's --max-body-mb. */
  maxBodyBytes?: number;
  retry?: RetryOptions;
  /** Injected for tests. Default: Math.random (the back-off's jitter). */
  random?: () => number;
  /** For the back-off's waits and a Retry-After date; also the outage gate's unless it has its own. Default: epochClock. */
  clock?: Clock;
  /** Observes retries, 429 pauses and outages (progress, logs). */
  onEvent?: (event: ClientEvent) => void;
  /**
   * Outages (service-gate.ts): `firstContactTimeoutMs` (default 30000) bounds the wait for a service no request
   * has reached yet (API_UNREACHED), `serviceWaitMs` (default 600000, 10 min) the wait for a service that
   * stopped answering before requests fail with API_UNAVAILABLE; the rest tunes probing (tests).
   */
  serviceGate?: Omit<ServiceGateOptions, 'origin' | 'onEvent'>;
  /** Aborting it ends the wait for a service that is down: waiting requests fail with CRAWL_ABORTED. */
  signal?: AbortSignal;
}

export type ClientEvent = RetryEvent | RateLimitEvent | ServiceGateEvent;

/**
 * One record as served: the exact text, one whole JSON object or array (isCompleteJson), not yet parsed nor
 * checked against a schema (see mapAnswerText).
 */
export interface FetchedRecord {
  ref: LandingRef;
  text: string;
  /** Attempts made, 429 waits not counted. */
  attempts: number;
}

/**
 * Client of the landing service: GET by page number or by natural key, with the X-Api-Key header,
 * throttled by a RequestLimiter, transient failures retried with full-jitter back-off, 429s waited
 * out (pausing every request) without using the retry budget.
 */
export class LandingClient {
  readonly limiter: RequestLimiter;
  readonly #base: URL;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #ownsLimiter: boolean;
  /** Holds every request while the service is down (shared by all requests of this client). */
  readonly #gate: ServiceGate;
  /** The layers around one exchange, outermost first. */
  readonly #send: Send;

  constructor(options: LandingClientOptions) {
    // An HTTP header carries visible ASCII only; say so now rather than fail every request.
    if (!/^[\x21-\x7e]+$/.test(options.apiKey)) {
      throw new LandingGraphError(
        'CONFIG_INVALID',
        'the API key is empty or holds characters an HTTP header cannot carry (spaces, non-ASCII); check LANDING_API_KEY',
      );
    }
    try {
      this.#base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl.slice(0, -1) : options.baseUrl);
    } catch (error) {
      throw new LandingGraphError('CONFIG_INVALID', `the landing service base URL is not a URL: ${JSON.stringify(options.baseUrl)}`, {
        cause: error,
      });
    }
    this.limiter =
      options.limiter ??
      new RequestLimiter({
        requestsPerSecond: options.requestsPerSecond,
        maxConcurrent: options.maxConcurrent,
        marginMs: options.rateMarginMs,
        ...(options.clock ? { now: options.clock.now } : {}),
        ...(options.sharedTurns ? { shared: options.sharedTurns } : {}),
      });
    this.#ownsLimiter = options.limiter === undefined;
    this.#dispatcher =
      options.dispatcher ??
      new Pool(this.#base.origin, {
        connections: this.limiter.maxConcurrent,
        connect: { timeout: options.connectTimeoutMs ?? 10_000 },
        headersTimeout: options.headersTimeoutMs ?? 30_000,
        bodyTimeout: options.bodyTimeoutMs ?? 60_000,
      });
    this.#ownsDispatcher = options.dispatcher === undefined;
    const retry = { ...DEFAULT_RETRY, ...options.retry };
    const clock = options.clock ?? epochClock;
    this.#gate = new ServiceGate({ clock, ...options.serviceGate, origin: this.#base.origin, onEvent: options.onEvent });
    // Outermost first: a retry sees only what the 429 waits and the gate let through; the gate sees every attempt
    // before it queues at the limiter, and holds it back there if the service went down meanwhile.
    this.#send = compose(
      withRetries({ retry, clock, random: options.random ?? Math.random, onRetry: options.onEvent }),
      withRateLimitWaits({ maxRateLimitWaits: retry.maxRateLimitWaits }),
      withOutageGate(this.#gate),
      withLimiter(this.limiter, { clock, maxRetryAfterMs: retry.maxRetryAfterMs, onRateLimited: options.onEvent }),
    )(
      exchange({
        base: this.#base,
        apiKey: options.apiKey,
        dispatcher: this.#dispatcher,
        headersTimeoutMs: options.headersTimeoutMs ?? 30_000,
        bodyTimeoutMs: options.bodyTimeoutMs ?? 60_000,
        maxBodyBytes: options.maxBodyBytes ?? 16 * 1024 * 1024,
      }),
    );
    options.signal?.addEventListener('abort', () => this.#stopWaiting(), { once: true });
    if (options.signal?.aborted) this.#stopWaiting();
  }

  #stopWaiting(): void {
    this.#gate.abandon(
      new LandingGraphError('CRAWL_ABORTED', `interrupted while waiting for the service at ${this.#base.origin} to answer again`, {
        details: { origin: this.#base.origin },
      }),
    );
  }

  /**
   * Fetch one record; throws a LandingGraphError (API_AUTH, API_NOT_FOUND, API_CLIENT, API_RETRIES_EXHAUSTED,
   * API_UNAVAILABLE). While the service is down the request waits at the gate without spending attempts.
   */
  async fetch(ref: LandingRef): Promise<FetchedRecord> {
    const { text, attempts } = await this.#send({ ref, what: refToString(ref) });
    return { ref, text, attempts };
  }

  async close(): Promise<void> {
    if (this.#ownsLimiter) await this.limiter.stop();
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  /** Never show the key when the client is logged or inspected. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.#base.href, apiKey: '[redacted]' };
  }
}
