import type { LandingRef } from '../api/refs.js';

/**
 * The client as small pieces around one HTTP exchange, in the manner of undici's interceptors: each piece is a
 * `Layer` that takes the next `Send` and returns one that adds a single policy (retries, 429 waits, the outage
 * gate, the rate limiter). client.ts composes them; each has its own tests.
 */

/** One request for one record, as it passes down the layers. */
export interface Call {
  readonly ref: LandingRef;
  /** The record as messages name it (`company:123`). */
  readonly what: string;
  /** Headers a layer adds to the request (the limiter's departure mark). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Called just before the request leaves; throwing holds it back (nothing is sent). */
  readonly beforeSend?: () => void;
  /** Called once the service answered this attempt (any status below 500), before its body is read. */
  readonly onAnswered?: () => void;
}

/** What came back: the exact text of one record, and the attempts it took (429 waits not counted). */
export interface Delivery {
  text: string;
  attempts: number;
}

export type Send = (call: Call) => Promise<Delivery>;

export type Layer = (next: Send) => Send;

/** `compose(a, b, c)(send)` is `a(b(c(send)))`: the first layer sees a call first and its outcome last. */
export function compose(...layers: Layer[]): (send: Send) => Send {
  return (send) => layers.reduceRight<Send>((next, layer) => layer(next), send);
}
