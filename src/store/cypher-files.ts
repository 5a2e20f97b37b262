import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * Cypher is data: every statement the program runs lives in a .cypher file under cypher/. This module
 * finds that folder (the same relative place from src/ under vitest and from dist/ when built) and
 * reads a statement by name, once.
 */
const cypherRoot = fileURLToPath(new URL('../../cypher/', import.meta.url));
const cache = new Map<string, string>();

/** The text of `cypher/<name>.cypher`, with `//` comment lines removed. */
export function cypher(name: string): string {
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  const file = path.join(cypherRoot, `${name}.cypher`);
  const text = stripComments(readFileSync(file, 'utf8'));
  cache.set(name, text);
  return text;
}

/** Split a multi-statement file (only schema files have several) on `;` at the end of a line. */
export function cypherStatements(name: string): string[] {
  return cypher(name)
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function cypherPath(name: string): string {
  return path.join(cypherRoot, `${name}.cypher`);
}

function stripComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n')
    .trim();
}
