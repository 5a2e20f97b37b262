import { readFileSync } from 'node:fs';
import { LandingGraphError } from '../errors.js';

/**
 * The offline pages' own script and stylesheet, kept as real files in src/render/assets/ (linted and formatted
 * as what they are; `npm run build` copies them to dist/render/assets/) and read once.
 */
const cache = new Map<string, string>();

/** Text to inline in a <script> or <style>, refused if a closing tag or a comment opener inside would end or confuse the element. */
export function inlinable(text: string, from: string): string {
  if (/<\/(script|style)|<!--/i.test(text)) {
    throw new LandingGraphError('INTERNAL', `${from} cannot be inlined: it holds </script, </style or <!--`);
  }
  return text;
}

function asset(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    // By way of ../render/: the same file from src/render, dist/render and the CLI's bundle in dist/cli.
    text = inlinable(readFileSync(new URL(`../render/assets/${name}`, import.meta.url), 'utf8'), `src/render/assets/${name}`);
    cache.set(name, text);
  }
  return text;
}

/** The case file's script (assets/case-file.js). */
export function caseFileScript(): string {
  return asset('case-file.js');
}

/** The stylesheet of every offline page (assets/report.css). */
export function reportCss(): string {
  return asset('report.css');
}
