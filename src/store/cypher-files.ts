import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { LandingGraphError } from '../errors.js';

/**
 * Cypher is data: every statement the program runs lives in a .cypher file under cypher/. This module
 * finds that folder (the same relative place from src/ under vitest and from dist/ when built) and
 * reads a statement by name, once, with its fragments spliced in (readCypherFile).
 */
const cypherRoot = fileURLToPath(new URL('../../cypher/', import.meta.url));
const cache = new Map<string, string>();

/** The text of `cypher/<name>.cypher`, fragments spliced in, with `//` comment lines removed. */
export function cypher(name: string): string {
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  const text = stripComments(readCypherFile(path.join(cypherRoot, `${name}.cypher`)));
  cache.set(name, text);
  return text;
}

/**
 * A .cypher file as the program runs it: each line `// include: <fragment> [variable=name …]` replaced by
 * cypher/fragments/<fragment>.cypher (its comment lines dropped, its own includes spliced first), indented as the
 * line, with the variables its `// variables:` line declares renamed. Cypher cannot include a file, and a piece
 * several statements share (the hub rule, the evidence of networks, where the walks stop) must have one source.
 * Every reader of a statement file goes through here.
 */
export function readCypherFile(file: string): string {
  return withIncludes(readFileSync(file, 'utf8'), file, []);
}

/** Statement text (not from a file: a test's, say) with its include lines spliced as readCypherFile splices them. */
export function cypherWithIncludes(text: string, where: string): string {
  return withIncludes(text, path.join(cypherRoot, where), []);
}

function withIncludes(text: string, file: string, within: readonly string[]): string {
  return text
    .split('\n')
    .map((line, index) => {
      const include = /^(\s*)\/\/ include: ([\w-]+)((?:\s+\w+=\w+)*)\s*$/.exec(line);
      if (!include) return line;
      const [, indent, name, args] = include as unknown as [string, string, string, string];
      const where = `${path.relative(cypherRoot, file)}:${index + 1}`;
      return spliced(name, args, where, within)
        .split('\n')
        .map((l) => indent + l)
        .join('\n');
    })
    .join('\n');
}

function spliced(name: string, args: string, where: string, within: readonly string[]): string {
  if (within.includes(name))
    throw new LandingGraphError('CONFIG_INVALID', `${where}: fragment ${name} includes itself (${[...within, name].join(' -> ')})`);
  const file = path.join(cypherRoot, 'fragments', `${name}.cypher`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    throw new LandingGraphError('CONFIG_INVALID', `${where}: no fragment ${JSON.stringify(name)} (cypher/fragments/)`, { cause });
  }
  const declared = /^\/\/ variables: (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/) ?? [];
  const renames = new Map(
    args
      .trim()
      .split(/\s+/)
      .filter((a) => a !== '')
      .map((a) => a.split('=') as [string, string]),
  );
  const given = [...renames.keys()].sort().join(' ');
  if (given !== [...declared].sort().join(' '))
    throw new LandingGraphError(
      'CONFIG_INVALID',
      `${where}: fragment ${name} takes ${declared.join(', ') || 'no variables'}, not ${given || 'none'}`,
    );
  const body = stripComments(withIncludes(text, file, [...within, name]));
  if (renames.size === 0) return body;
  return body.replace(new RegExp(`\\b(${[...renames.keys()].join('|')})\\b`, 'g'), (word) => renames.get(word) ?? word);
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
