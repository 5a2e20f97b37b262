import { Pool, request, type Dispatcher } from 'undici';
import { LandingGraphError } from '../errors.js';
import { type Clock, epochClock } from '../time/clock.js';
import type { Departure } from '../rate/departures.js';
import { errorForStatus, fromNetworkError, outageSignal, transient } from './http-errors.js';
import { RequestLimiter, type SharedTurns } from '../rate/limiter.js';
import { isCompleteJson } from './json-complete.js';
import { refPath, refToString, type LandingRef } from '../api/refs.js';
import { backoffDelayMs, DEFAULT_RETRY, retryAfterMs, type RetryOptions } from './retry.js';
import { ServiceGate, type GatePass, type ServiceGateEvent, type ServiceGateOptions } from './service-gate.js';

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

export type ClientEvent =
  | { type: 'retry'; ref: string; failedAttempts: number; delayMs: number; code: string; message: string }
  | { type: 'rate-limited'; ref: string; retryAfterMs: number }
  | ServiceGateEvent;

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
  readonly #apiKey: string;
  readonly #base: URL;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #ownsLimiter: boolean;
  readonly #retry: Required<RetryOptions>;
  readonly #options: LandingClientOptions;
  /** Holds every request while the service is down (shared by all requests of this client). */
  readonly #gate: ServiceGate;
  readonly #clock: Clock;

  constructor(options: LandingClientOptions) {
    this.#options = options;
    // An HTTP header carries visible ASCII only; say so now rather than fail every request.
    if (!/^[\x21-\x7e]+$/.test(options.apiKey)) {
      throw new LandingGraphError(
        'CONFIG_INVALID',
        'the API key is empty or holds characters an HTTP header cannot carry (spaces, non-ASCII); check LANDING_API_KEY',
      );
    }
    this.#apiKey = options.apiKey;
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
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#clock = options.clock ?? epochClock;
    this.#gate = new ServiceGate({ clock: this.#clock, ...options.serviceGate, origin: this.#base.origin, onEvent: options.onEvent });
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
    const what = refToString(ref);
    const random = this.#options.random ?? Math.random;
    let failures = 0;
    let rateLimitWaits = 0;
    for (;;) {
      const pass = await this.#gate.enter();
      const attempt = { pass, answered: false };
      try {
        // Checked again when the limiter lets the request go: the gate may have closed while it queued.
        const sent = await this.limiter.schedule(async (departure) =>
          this.#gate.admits(pass) ? { got: await this.#once(ref, what, attempt, departure) } : undefined,
        );
        if (!sent) continue; // held back while the service is down: no attempt spent
        return { ref, text: sent.got, attempts: failures + 1 };
      } catch (caught) {
        const error = fromNetworkError(caught, what);
        // No answer (or a 5xx): the gate judges whether the service is down, and then nothing is spent.
        if (!attempt.answered && error.retryable && this.#gate.failed(pass, { record: what, ...outageSignal(error) }) === 'wait') continue;
        if (error.code === 'API_RATE_LIMITED') {
          rateLimitWaits += 1;
          if (rateLimitWaits <= this.#retry.maxRateLimitWaits) continue; // the limiter holds us until Retry-After
          throw new LandingGraphError('API_RETRIES_EXHAUSTED', `still rate limited after ${rateLimitWaits - 1} waits for ${what}`, {
            cause: error,
          });
        }
        if (!error.retryable) throw error;
        failures += 1;
        if (failures >= this.#retry.maxAttempts) {
          throw new LandingGraphError('API_RETRIES_EXHAUSTED', `gave up on ${what} after ${failures} attempts: ${error.message}`, {
            cause: error,
            details: { attempts: failures },
          });
        }
        const delayMs = backoffDelayMs(failures, this.#retry, random);
        this.#options.onEvent?.({ type: 'retry', ref: what, failedAttempts: failures, delayMs, code: error.code, message: error.message });
        await this.#clock.sleep(delayMs);
      } finally {
        this.#gate.release(pass);
      }
    }
  }

  async #once(ref: LandingRef, what: string, attempt: { pass: GatePass; answered: boolean }, departure: Departure): Promise<string> {
    const url = new URL(this.#base.pathname.replace(/\/$/, '') + refPath(ref), this.#base.origin);
    const response = await request(url, {
      method: 'GET',
      dispatcher: this.#dispatcher,
      headers: { 'x-api-key': this.#apiKey, accept: 'application/json', ...departure.headers },
      headersTimeout: this.#options.headersTimeoutMs ?? 30_000,
      bodyTimeout: this.#options.bodyTimeoutMs ?? 60_000,
    });
    const { statusCode, headers, body } = response;
    if (statusCode < 500) {
      attempt.answered = true;
      this.#gate.answered(attempt.pass);
    }
    if (statusCode === 429) {
      const now = this.#clock.now();
      const waitMs = Math.min(retryAfterMs(headers['retry-after'], now, 1000), this.#retry.maxRetryAfterMs);
      this.limiter.pauseUntil(now + waitMs);
      this.#options.onEvent?.({ type: 'rate-limited', ref: what, retryAfterMs: waitMs });
      await body.dump().catch(() => undefined);
      throw errorForStatus(429, what, '');
    }
    if (statusCode !== 200) {
      const snippet = await readBounded(body, 200, what, true).catch(() => '');
      throw errorForStatus(statusCode, what, snippet);
    }
    const text = await readBounded(body, this.#options.maxBodyBytes ?? 16 * 1024 * 1024, what, false);
    const contentType = String(headers['content-type'] ?? '');
    if (/html/i.test(contentType) || /^\s*</.test(text)) {
      throw transient('an HTML page instead of JSON (HTTP 200)', what, undefined, { contentType });
    }
    if (!isCompleteJson(text)) throw transient(`a body that is not complete JSON (${text.length} characters)`, what);
    return text;
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

async function readBounded(
  body: AsyncIterable<Buffer> & { destroy(): void },
  maxBytes: number,
  what: string,
  truncate: boolean,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      if (truncate) {
        chunks.push(chunk);
        return Buffer.concat(chunks).toString('utf8').slice(0, maxBytes);
      }
      throw new LandingGraphError('API_CLIENT', `the record for ${what} is larger than maxBodyBytes (${maxBytes} bytes)`, {
        details: { maxBytes },
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
