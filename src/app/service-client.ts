import { type ClientEvent, LandingClient } from '../client/client.js';

/** The service's address and key (LANDING_BASE_URL, LANDING_API_KEY, or the sandbox's). */
export interface ServiceConfig {
  baseUrl: string;
  apiKey: string;
}

/** How a process talks to the service: the crawl's and the worker's options of the same names. */
export interface ServiceClientOptions {
  service: ServiceConfig;
  requestsPerSecond: number;
  concurrency: number;
  /** The limiter's margin for the spread of the delay to the service (RequestLimiter's marginMs). Default: 25. */
  rateMarginMs?: number;
  /** Headers and body time-out of each request. Default: the client's (30000 / 60000). */
  timeoutMs?: number;
  /** Default: the client's (16 MiB). */
  maxBodyBytes?: number;
  /** How long to wait for a service that stopped answering. Default: the client's (600000, 10 min). */
  serviceWaitMs?: number;
  /** How long to wait for a service no request has reached yet. Default: the client's (30000). */
  firstContactTimeoutMs?: number;
  /** Share the rate window with every process on the same service and key through this Redis (shared-window.ts). */
  redisUrl?: string;
  onEvent?: (event: ClientEvent) => void;
  signal?: AbortSignal;
}

/** The client of one process, its rate window shared through Redis when a URL is given. */
export async function openServiceClient(o: ServiceClientOptions): Promise<{ client: LandingClient; close: () => Promise<void> }> {
  // ioredis is loaded only when the window is shared: a process without Redis starts without reading it.
  const shared =
    o.redisUrl === undefined
      ? undefined
      : await (await import('../rate/shared-window.js')).SharedWindow.open({
          redisUrl: o.redisUrl,
          baseUrl: o.service.baseUrl,
          apiKey: o.service.apiKey,
          requestsPerSecond: o.requestsPerSecond,
          marginMs: o.rateMarginMs,
        });
  const client = new LandingClient({
    baseUrl: o.service.baseUrl,
    apiKey: o.service.apiKey,
    requestsPerSecond: o.requestsPerSecond,
    maxConcurrent: o.concurrency,
    rateMarginMs: o.rateMarginMs,
    ...(shared ? { sharedTurns: shared } : {}),
    headersTimeoutMs: o.timeoutMs,
    bodyTimeoutMs: o.timeoutMs,
    maxBodyBytes: o.maxBodyBytes,
    onEvent: o.onEvent,
    serviceGate: { serviceWaitMs: o.serviceWaitMs, firstContactTimeoutMs: o.firstContactTimeoutMs },
    signal: o.signal,
  });
  return {
    client,
    close: async () => {
      await client.close();
      await shared?.close();
    },
  };
}
