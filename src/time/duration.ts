import { LandingGraphError, quoteValue } from '../errors.js';

/**
 * The one duration grammar of the command line (`crawl --max-age`, `--refresh-older-than`, `changes --since 12h`)
 * and its renderings: a whole number and a unit (`ms`, `s`, `m`, `h`, `d`, `w`), e.g. `90s`, `12h`, `7d`; `0`
 * alone is zero.
 */
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const DURATION = /^(\d+)\s*(ms|s|m|h|d|w)?$/;

/** The duration in ms, or undefined when the text is not of the grammar or too long to hold exactly. */
export function readDurationMs(text: string): number | undefined {
  const match = DURATION.exec(text.trim());
  if (!match || (match[2] === undefined && match[1] !== '0')) return undefined;
  const ms = Number(match[1]) * UNIT_MS[(match[2] ?? 'ms') as keyof typeof UNIT_MS];
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** `what`'s value in ms; anything else is CONFIG_INVALID naming the option and the value. */
export function parseDurationMs(text: string, what: string): number {
  const ms = readDurationMs(text);
  if (ms === undefined) {
    throw new LandingGraphError('CONFIG_INVALID', `${what} must be a duration such as 30m, 12h or 7d (or 0), got ${quoteValue(text)}`);
  }
  return ms;
}

/** The shortest exact rendering, for messages and options: 604800000 -> `7d`, 90000 -> `90s`, 1500 -> `1500ms`. */
export function formatDurationMs(ms: number): string {
  for (const unit of ['w', 'd', 'h', 'm', 's'] as const) if (ms > 0 && ms % UNIT_MS[unit] === 0) return `${ms / UNIT_MS[unit]}${unit}`;
  return ms === 0 ? '0' : `${ms}ms`;
}

/** A rounded clock-like rendering for progress lines: `17s`, `4m51s`, `1h02m`. */
export function formatElapsedMs(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
