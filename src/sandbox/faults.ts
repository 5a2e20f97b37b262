import { z } from 'zod';
import { LandingGraphError, quoteValue } from '../errors.js';
import { hash32, mulberry32 } from './prng.js';

const rate = z.number().min(0).max(1);
const count = z.number().int().min(0);

/** 429 bursts: every Nth request starts a run of 429 answers with Retry-After. */
export const rateLimit429Schema = z.strictObject({
  /** Every Nth API request (counted since the faults were set) starts a burst. Default: off. */
  everyRequests: count.min(1).optional(),
  /** Requests answered 429 per burst, the Nth included. Default 1. */
  burstLength: count.min(1).optional(),
  /** Retry-After in seconds. Default 1. */
  retryAfterSeconds: count.optional(),
  /** Send Retry-After as an HTTP-date (now + seconds, rounded up to a second) instead of seconds. Default false. */
  retryAfterAsDate: z.boolean().optional(),
});

/** The service goes away for a while: from the Nth API request on, for forMs. */
export const outageSchema = z.strictObject({
  /** The Nth API request (counted since the faults were set) starts the outage; its connection is dropped. */
  afterRequests: count.min(1),
  /** How long the service stays away, in ms. */
  forMs: count,
  /** `refuse` (default): the listener closes, connections are refused. `reset`: connections are accepted and reset. */
  mode: z.enum(['refuse', 'reset']).optional(),
});

/** Faults of the sandbox; every one is off by default. The five *Rate shares are exclusive and sum to <= 1. */
export const faultOptionsSchema = z
  .strictObject({
    /** Share of requests answered 500, 502 (an HTML page, as from a proxy) or 503. Default 0. */
    errorRate: rate.optional(),
    /** Delay before every answer, in ms. Default 0. */
    latencyMs: count.optional(),
    /** Extra random delay of 0..latencyJitterMs ms. Default 0. */
    latencyJitterMs: count.optional(),
    /** Share of requests never answered (held until the client gives up or the sandbox closes). Default 0. */
    timeoutRate: rate.optional(),
    /** Share of answers whose socket is destroyed after the headers and part of the body. Default 0. */
    cutRate: rate.optional(),
    /** Share of 200 answers with the JSON cut short (Content-Length of the short body, or chunked). Default 0. */
    truncatedRate: rate.optional(),
    /** Share of 200 answers that are an HTML error page (text/html). Default 0. */
    htmlRate: rate.optional(),
    rateLimit429: rateLimit429Schema.optional(),
    /** Server-side limit: more than N requests in the current one-second window -> 429, Retry-After: 1. Default: off. */
    limitRps: count.min(1).optional(),
    /** Going down once for a while (see Sandbox.goDown). Default: off. */
    outage: outageSchema.optional(),
    /** Seed of the fault decisions. Default 1. */
    faultSeed: count.optional(),
  })
  .refine((f) => (f.errorRate ?? 0) + (f.timeoutRate ?? 0) + (f.cutRate ?? 0) + (f.truncatedRate ?? 0) + (f.htmlRate ?? 0) <= 1, {
    message: 'errorRate + timeoutRate + cutRate + truncatedRate + htmlRate must not exceed 1',
  });

export type FaultOptions = z.infer<typeof faultOptionsSchema>;
export type RateLimit429Options = z.infer<typeof rateLimit429Schema>;
export type OutageOptions = z.infer<typeof outageSchema>;
export type OutageMode = NonNullable<OutageOptions['mode']>;
export type FaultKind = 'error' | 'timeout' | 'cut' | 'truncated' | 'html';

/** What happens to one request (drawn for every request that passes authentication and the limits). */
export interface FaultDecision {
  fault: FaultKind | undefined;
  delayMs: number;
  errorStatus: 500 | 502 | 503;
  /** Share of the body that is sent before a cut or a truncation, in (0, 1). */
  keepShare: number;
  /** Truncated answers: chunked instead of a short Content-Length. */
  chunked: boolean;
}

export interface RateLimitAnswer {
  reason: 'burst429' | 'rps429';
  /** The Retry-After header value. */
  retryAfter: string;
  /** Epoch ms until which clients are asked to wait. */
  until: number;
}

export function parseFaultOptions(options: unknown): FaultOptions {
  const parsed = faultOptionsSchema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || 'faults';
  throw new LandingGraphError(
    'CONFIG_INVALID',
    `sandbox: invalid fault option ${where}: ${issue?.message ?? 'invalid'} (got ${quoteValue(options)})`,
    { details: { option: where } },
  );
}

/**
 * The fault state of a running sandbox: the options, the seeded decision sequence, the 429-burst counter
 * and the one-second window of limitRps. set() replaces all options and restarts the sequence and the
 * counters, so the same options and the same request order give the same faults.
 */
export class FaultPlan {
  private options: FaultOptions = {};
  private random: () => number = mulberry32(1);
  private requests = 0;
  private arrivals = 0;
  private burstLeft = 0;
  private windowSecond = -1;
  private windowCount = 0;

  constructor(options: unknown = {}) {
    this.set(options);
  }

  set(options: unknown): void {
    this.options = parseFaultOptions(options);
    this.random = mulberry32(hash32(this.options.faultSeed ?? 1, 'faults'));
    this.requests = 0;
    this.arrivals = 0;
    this.burstLeft = 0;
    this.windowSecond = -1;
    this.windowCount = 0;
  }

  current(): FaultOptions {
    return structuredClone(this.options);
  }

  /** Counts an arriving API request; the outage it starts, if it is the outage's Nth. */
  outageStarts(): OutageOptions | undefined {
    this.arrivals++;
    const outage = this.options.outage;
    return outage && this.arrivals === outage.afterRequests ? outage : undefined;
  }

  /** The 429 answer for a request arriving at `now`, if a burst or the per-second limit applies. */
  rateLimit(now: number): RateLimitAnswer | undefined {
    const { rateLimit429: burst, limitRps } = this.options;
    this.requests++;
    const second = Math.floor(now / 1000);
    if (second !== this.windowSecond) {
      this.windowSecond = second;
      this.windowCount = 0;
    }
    this.windowCount++;
    if (burst?.everyRequests) {
      if (this.burstLeft === 0 && this.requests % burst.everyRequests === 0) this.burstLeft = burst.burstLength ?? 1;
      if (this.burstLeft > 0) {
        this.burstLeft--;
        return retryAfter('burst429', now, burst.retryAfterSeconds ?? 1, burst.retryAfterAsDate ?? false);
      }
    }
    if (limitRps !== undefined && this.windowCount > limitRps) return retryAfter('rps429', now, 1, false);
    return undefined;
  }

  /** One draw per request: always the same number of draws, so decisions stay aligned with requests. */
  decide(): FaultDecision {
    const o = this.options;
    const u = this.random();
    const jitter = this.random();
    const pick = this.random();
    const shape = this.random();
    let fault: FaultKind | undefined;
    let edge = 0;
    for (const [kind, share] of [
      ['error', o.errorRate],
      ['timeout', o.timeoutRate],
      ['cut', o.cutRate],
      ['truncated', o.truncatedRate],
      ['html', o.htmlRate],
    ] as const) {
      edge += share ?? 0;
      if (fault === undefined && u < edge) fault = kind;
    }
    return {
      fault,
      delayMs: (o.latencyMs ?? 0) + Math.floor(jitter * ((o.latencyJitterMs ?? 0) + 1)),
      errorStatus: pick < 1 / 3 ? 500 : pick < 2 / 3 ? 502 : 503,
      keepShare: 0.2 + 0.6 * shape,
      chunked: shape >= 0.5,
    };
  }
}

function retryAfter(reason: RateLimitAnswer['reason'], now: number, seconds: number, asDate: boolean): RateLimitAnswer {
  if (!asDate) return { reason, retryAfter: String(seconds), until: now + seconds * 1000 };
  // An HTTP-date has whole seconds: round up so that the date is never earlier than now + seconds.
  const until = Math.ceil((now + seconds * 1000) / 1000) * 1000;
  return { reason, retryAfter: new Date(until).toUTCString(), until };
}
