import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The project folder: the nearest parent of this file with the landing-graph package.json. */
export const projectRoot: string = (() => {
  let dir = import.meta.dirname;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'landing-graph') return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no landing-graph package.json above ${import.meta.dirname}`);
    dir = up;
  }
})();

export const benchDir = path.join(projectRoot, 'bench');
/** Scratch output (gitignored): seeds files, logs, CPU profiles. */
export const outDir = path.join(benchDir, 'out');
export const cliPath = path.join(projectRoot, 'dist/cli/main.js');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function log(line: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
}

export const fmt = {
  int: (n: number) => Math.round(n).toLocaleString('en-US'),
  num: (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : String(n)),
  pct: (n: number, digits = 1) => `${(n * 100).toFixed(digits)} %`,
  mb: (kb: number) => `${(kb / 1024).toFixed(1)} MB`,
  s: (ms: number) => `${(ms / 1000).toFixed(1)} s`,
};

/** Wall-clock of one async step. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** A positive number from the environment, or the default. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number above 0, got ${JSON.stringify(raw)}`);
  return n;
}

/** Tail of a long text (logs kept in results). */
export function tail(text: string, lines = 15): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}
