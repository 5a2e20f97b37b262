/** Which fault or limit answered a request (counted in SandboxStats.faults). */
export type FaultCounter = 'error' | 'timeout' | 'cut' | 'truncated' | 'html' | 'latency' | 'burst429' | 'rps429';

export interface SecondCount {
  /** Epoch second of arrival, from the sandbox's now(). */
  second: number;
  count: number;
}

/** A plain-JSON copy of the counters (GET /__sandbox/stats serves this). */
export interface StatsSnapshot {
  /** Requests to the service's paths (everything but /__sandbox/...), any method, any outcome. */
  total: number;
  /** Status codes sent ("200", "401", "429", ...); a held (timeout) request has none, a cut one counts its 200. */
  byStatus: Record<string, number>;
  /** By the {kind} path segment of /api/v1/landing/{kind}/...; "other" for any other path. */
  byKind: Record<string, number>;
  /** Arrivals per calendar second, ascending by second. */
  perSecond: SecondCount[];
  /** The busiest calendar second (null before the first request); see busiestWindow for any one-second window. */
  maxPerSecond: SecondCount | null;
  /** Most arrivals in any sliding window of 1,000 ms, or the length asked for (monotonic arrival times; 0 before the first request). */
  busiestWindow: number;
  /** Arrivals per path with query, as sent by the client (a count above 1 is a repeated request). */
  byPath: Record<string, number>;
  /** Epoch ms until which the latest Retry-After asked clients to wait (null: none announced). */
  retryAfterUntil: number | null;
  /** Every pause announced, in order, with the arrivals during it (pauseArrivals tells them apart). */
  pauses: RetryAfterPause[];
  faults: Record<FaultCounter, number>;
}

/**
 * A pause the sandbox announced: from its first 429 until the latest Retry-After of the 429s answered while it was in
 * force, on the sandbox's clock (epoch ms), with the arrival of every request during it.
 */
export interface RetryAfterPause {
  startedAtMs: number;
  untilMs: number;
  arrivalsAtMs: number[];
}

const noFaults = (): Record<FaultCounter, number> => ({
  error: 0,
  timeout: 0,
  cut: 0,
  truncated: 0,
  html: 0,
  latency: 0,
  burst429: 0,
  rps429: 0,
});

/**
 * Requests already on their way when a 429 left cannot have obeyed it: those arriving within this many
 * ms of a pause's first 429 are counted apart, as crossing (loopback round trips take well under 1 ms).
 */
export const CROSSING_MS = 25;

/**
 * Most of the ascending times `timesMs` in any half-open window [t, t + windowMs), whatever t: the figure a
 * service that counts requests per sliding second sees (calendar seconds can split a burst in two).
 */
export function busiestWindow(timesMs: readonly number[], windowMs = 1000): number {
  let best = 0;
  let first = 0;
  for (let last = 0; last < timesMs.length; last++) {
    while (timesMs[last]! - timesMs[first]! >= windowMs) first++;
    best = Math.max(best, last - first + 1);
  }
  return best;
}

export interface PauseArrivals {
  /** Arrived within CROSSING_MS of their pause's first 429: on their way before the client could know. */
  crossing: number;
  /** Arrived later: the client had had the 429 and sent anyway. */
  during: number;
}

/** The arrivals during `pauses`, told apart by CROSSING_MS from the first 429 of their pause. */
export function pauseArrivals(pauses: readonly RetryAfterPause[]): PauseArrivals {
  const result: PauseArrivals = { crossing: 0, during: 0 };
  for (const pause of pauses)
    for (const atMs of pause.arrivalsAtMs) {
      if (atMs - pause.startedAtMs < CROSSING_MS) result.crossing++;
      else result.during++;
    }
  return result;
}

/** Request counters of a sandbox. The server calls arrive/sent/fault/announceRetryAfter; tests read. */
export class SandboxStats {
  total = 0;
  byStatus: Record<string, number> = {};
  byKind: Record<string, number> = {};
  byPath: Record<string, number> = {};
  pauses: RetryAfterPause[] = [];
  faults = noFaults();
  private perSecondMap = new Map<number, number>();
  /** Monotonic arrival times (ms), ascending. */
  private arrivalsMs: number[] = [];

  /**
   * A request arrived at epoch ms `now` (the sandbox's clock, for calendar seconds and Retry-After) and at
   * `arrivedAtMs` on the monotonic clock (performance.now when it was received), for sliding windows.
   */
  arrive(path: string, kind: string, now: number, arrivedAtMs: number = performance.now()): void {
    this.total++;
    let i = this.arrivalsMs.length;
    while (i > 0 && this.arrivalsMs[i - 1]! > arrivedAtMs) i--;
    this.arrivalsMs.splice(i, 0, arrivedAtMs);
    this.byKind[kind] = (this.byKind[kind] ?? 0) + 1;
    this.byPath[path] = (this.byPath[path] ?? 0) + 1;
    const second = Math.floor(now / 1000);
    this.perSecondMap.set(second, (this.perSecondMap.get(second) ?? 0) + 1);
    const pause = this.pauses.at(-1);
    if (pause && now < pause.untilMs) pause.arrivalsAtMs.push(now);
  }

  /** A status line was sent. */
  sent(status: number): void {
    this.byStatus[String(status)] = (this.byStatus[String(status)] ?? 0) + 1;
  }

  fault(kind: FaultCounter): void {
    this.faults[kind]++;
  }

  /** At epoch ms `now` the sandbox told clients to wait until epoch ms `until`. */
  announceRetryAfter(until: number, now: number): void {
    const pause = this.pauses.at(-1);
    if (pause && now < pause.untilMs) pause.untilMs = Math.max(pause.untilMs, until);
    else this.pauses.push({ startedAtMs: now, untilMs: until, arrivalsAtMs: [] });
  }

  /** Epoch ms until which the latest Retry-After asked clients to wait (null: none announced). */
  get retryAfterUntil(): number | null {
    return this.pauses.at(-1)?.untilMs ?? null;
  }

  get perSecond(): SecondCount[] {
    return [...this.perSecondMap].sort((a, b) => a[0] - b[0]).map(([second, count]) => ({ second, count }));
  }

  get maxPerSecond(): SecondCount | null {
    let best: SecondCount | null = null;
    for (const [second, count] of this.perSecondMap) if (!best || count > best.count) best = { second, count };
    return best;
  }

  /** Most arrivals in any sliding window of `ms` (0 before the first request). */
  busiestWindow(ms = 1000): number {
    return busiestWindow(this.arrivalsMs, ms);
  }

  /** Paths requested more than once, with their counts. */
  repeatedPaths(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.byPath).filter(([, n]) => n > 1));
  }

  reset(): void {
    this.total = 0;
    this.byStatus = {};
    this.byKind = {};
    this.byPath = {};
    this.pauses = [];
    this.faults = noFaults();
    this.perSecondMap = new Map();
    this.arrivalsMs = [];
  }

  /** The counters as JSON; `busiestWindow` over windows of `windowMs`. */
  snapshot(windowMs = 1000): StatsSnapshot {
    return {
      total: this.total,
      byStatus: { ...this.byStatus },
      byKind: { ...this.byKind },
      perSecond: this.perSecond,
      maxPerSecond: this.maxPerSecond,
      busiestWindow: this.busiestWindow(windowMs),
      byPath: { ...this.byPath },
      retryAfterUntil: this.retryAfterUntil,
      pauses: this.pauses.map((pause) => ({ ...pause, arrivalsAtMs: [...pause.arrivalsAtMs] })),
      faults: { ...this.faults },
    };
  }

  toJSON(): StatsSnapshot {
    return this.snapshot();
  }
}
