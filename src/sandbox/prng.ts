import { hashString, mulberry32 } from '../random.js';

export { hashString, mulberry32 };
/**
 * Seeded randomness for the sandbox. Nothing in the sandbox calls Math.random: the graph, every record
 * body and every fault decision come from these generators, so a seed always reproduces the same run.
 */

/** Mixes any number of integers (or salts) into one well-spread 32-bit value. */
export function hash32(...parts: (number | string)[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    const v = typeof part === 'string' ? hashString(part) : (part >>> 0) ^ Math.floor(part / 0x100000000);
    h = Math.imul(h ^ v, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** Convenience wrapper around mulberry32. */
export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Rng.pick on an empty list');
    return item;
  }

  /** Up to n distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = items.slice();
    const count = Math.min(n, copy.length);
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, count);
  }

  /** A float in [min, max) rounded to `digits` decimals. */
  decimal(min: number, max: number, digits = 2): number {
    const f = 10 ** digits;
    return Math.round((min + this.next() * (max - min)) * f) / f;
  }

  /** n decimal digits as a string (leading zeros allowed). */
  digits(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += String(Math.floor(this.next() * 10));
    return out;
  }
}

/** The generator for one purpose of one entity: same (seed, id, salt) -> same sequence. */
export function rngFor(seed: number, id: number, salt: string): Rng {
  return new Rng(hash32(seed, id, salt));
}
