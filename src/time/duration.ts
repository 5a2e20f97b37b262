import { LandingGraphError, quoteValue } from '../errors.js';

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/**
 * A duration as people write it: a whole number and a unit (`ms`, `s`, `m`, `h`, `d`, `w`), e.g. `90s`,
 * `12h`, `7d`; `0` alone is zero. `what` names the option in the error.
 */
export function parseDurationMs(text: string, what: string): number {
  const match = /^(\d+)\s*(ms|s|m|h|d|w)?$/.exec(text.trim());
  if (!match || (match[2] === undefined && match[1] !== '0')) {
    throw new LandingGraphError('CONFIG_INVALID', `${what} must be a duration such as 30m, 12h or 7d (or 0), got ${quoteValue(text)}`);
  }
  const ms = Number(match[1]) * UNIT_MS[(match[2] ?? 'ms') as keyof typeof UNIT_MS];
  if (!Number.isSafeInteger(ms)) throw new LandingGraphError('CONFIG_INVALID', `${what} is too long: ${quoteValue(text)}`);
  return ms;
}

/** The shortest exact rendering of a duration, for messages: 604800000 -> "7d". */
export function formatDurationMs(ms: number): string {
  for (const unit of ['w', 'd', 'h', 'm', 's'] as const) if (ms > 0 && ms % UNIT_MS[unit] === 0) return `${ms / UNIT_MS[unit]}${unit}`;
  return ms === 0 ? '0' : `${ms}ms`;
}
