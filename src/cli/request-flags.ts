import type { ServiceClientOptions } from '../app/service-client.js';

/** The request flags that crawl and worker share, as parsed by their schemas. */
export interface RequestFlags {
  rps: number;
  rateMarginMs: number;
  concurrency: number;
  timeoutMs: number;
  maxBodyMb: number;
  serviceWaitMs: number;
  firstContactTimeoutMs: number;
}

/** The client options of the flags that crawl and worker share. */
export function requestOptionsOf(flags: RequestFlags): Omit<ServiceClientOptions, 'service' | 'redisUrl' | 'onEvent' | 'signal'> {
  return {
    requestsPerSecond: flags.rps,
    rateMarginMs: flags.rateMarginMs,
    concurrency: flags.concurrency,
    timeoutMs: flags.timeoutMs,
    maxBodyBytes: flags.maxBodyMb * 1024 * 1024,
    serviceWaitMs: flags.serviceWaitMs,
    firstContactTimeoutMs: flags.firstContactTimeoutMs,
  };
}
