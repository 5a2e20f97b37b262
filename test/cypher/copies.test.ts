import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELATIONSHIP_GROUPS, type RelationshipGroup } from '../../src/graph/relationship-groups.js';

/**
 * Cypher cannot include a file, so a few pieces are copied into the statements that need them. Each copy is
 * marked, and this test fails when a copy differs from its one definition:
 * - `// types: <group> [+ TYPE] [- TYPE]` on the line before a line that lists relationship types
 *   (`[r:A|B|…]` or `['A', 'B', …]`): every list on that line must be exactly that set
 *   (src/graph/relationship-groups.ts); a list of five types or more without a mark fails too;
 * - `// hub-size: shared=<var> holder=<var> link=<var>` on the line before a copy of cypher/fragments/hub-size.cypher;
 * - `// copy: <fragment>` and `// end copy: <fragment>` around a copy of cypher/fragments/<fragment>.cypher, as it is.
 */
const ROOT = path.resolve(import.meta.dirname, '../../cypher');
const ALTERNATION = /\[\w*:([A-Z_]+(?:\|[A-Z_]+)+)/g;
const LIST_LITERAL = /\[((?:'[A-Z_]+',\s*)+'[A-Z_]+')\]/g;

function cypherFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cypherFiles(path.join(dir, e.name)) : e.name.endsWith('.cypher') ? [path.join(dir, e.name)] : [],
  );
}

const files = cypherFiles(ROOT)
  .filter((f) => !f.includes(`${path.sep}fragments${path.sep}`))
  .map((f) => ({ name: path.relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n') }));

/** `evidence + RELATED - SAME_AS` -> the set it names. */
function groupSet(expression: string): Set<string> {
  const [head, ...rest] = expression.trim().split(/\s*(?=[+-]\s)/);
  const group = head!.trim() as RelationshipGroup;
  if (!(group in RELATIONSHIP_GROUPS)) throw new Error(`unknown relationship group "${group}"`);
  const set = new Set<string>(RELATIONSHIP_GROUPS[group]);
  for (const part of rest) {
    const [sign, type] = [part[0], part.slice(1).trim()];
    if (sign === '+') set.add(type);
    else set.delete(type);
  }
  return set;
}

function typeLists(line: string): string[][] {
  const lists = [...line.matchAll(ALTERNATION)].map((m) => m[1]!.split('|'));
  for (const m of line.matchAll(LIST_LITERAL)) lists.push(m[1]!.split(',').map((t) => t.trim().slice(1, -1)));
  return lists;
}

/** The fragment's expression, comments dropped and white space folded. */
function fragment(name: string): string {
  const text = readFileSync(path.join(ROOT, 'fragments', `${name}.cypher`), 'utf8');
  return fold(
    text
      .split('\n')
      .filter((l) => !l.trimStart().startsWith('//'))
      .join('\n'),
  );
}

function fold(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\(\s/g, '(').replace(/\s\)/g, ')').trim();
}

describe('Cypher copies of shared pieces', () => {
  it('every relationship type list is a marked copy of its group, and every long one is marked', () => {
    const problems: string[] = [];
    for (const { name, lines } of files) {
      lines.forEach((line, i) => {
        if (line.trimStart().startsWith('//')) return;
        const mark = /^\s*\/\/ types: (.+)$/.exec(lines[i - 1] ?? '');
        for (const list of typeLists(line)) {
          if (mark) {
            const want = [...groupSet(mark[1]!)].sort();
            const got = [...new Set(list)].sort();
            if (want.join() !== got.join())
              problems.push(`${name}:${i + 1}: types ${got.join('|')} differ from "${mark[1]}" (${want.join('|')})`);
          } else if (list.length >= 5 && !insideHubSize(lines, i)) {
            problems.push(`${name}:${i + 1}: ${list.length} relationship types without a "// types: <group>" mark`);
          }
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('every hub-size copy is the fragment, with its own variable names', () => {
    const want = fragment('hub-size');
    const copies: string[] = [];
    const problems: string[] = [];
    for (const { name, lines } of files) {
      lines.forEach((line, i) => {
        const mark = /^\s*\/\/ hub-size: shared=(\w+) holder=(\w+) link=(\w+)\s*$/.exec(line);
        if (!mark) return;
        const [, shared, holder, link] = mark as unknown as [string, string, string, string];
        const rest = lines.slice(i + 1).join('\n');
        const start = rest.indexOf('size(COLLECT {');
        const end = rest.indexOf('ELSE 0 END', start);
        if (start < 0 || end < 0) {
          problems.push(`${name}:${i + 1}: no size(COLLECT { … ELSE 0 END after the mark`);
          return;
        }
        const copy = rest
          .slice(start, end + 'ELSE 0 END'.length)
          .replace(new RegExp(`\\b${shared}\\b`, 'g'), 'shared')
          .replace(new RegExp(`\\b${holder}\\b`, 'g'), 'holder')
          .replace(new RegExp(`\\b${link}\\b`, 'g'), 'link');
        copies.push(name);
        if (fold(copy) !== want) problems.push(`${name}:${i + 1}: differs from cypher/fragments/hub-size.cypher:\n${fold(copy)}\n${want}`);
      });
    }
    expect(problems).toEqual([]);
    expect(copies.length).toBeGreaterThan(0);
  });
});

describe('Cypher copies of whole fragments', () => {
  it('every block between `// copy: <name>` and `// end copy: <name>` is cypher/fragments/<name>.cypher', () => {
    const copies: string[] = [];
    const problems: string[] = [];
    for (const { name, lines } of files) {
      lines.forEach((line, i) => {
        const mark = /^\s*\/\/ copy: ([\w-]+)\s*$/.exec(line);
        if (!mark) return;
        const fragmentName = mark[1] as string;
        const end = lines.findIndex((l, j) => j > i && l.trim() === `// end copy: ${fragmentName}`);
        if (end < 0) {
          problems.push(`${name}:${i + 1}: no "// end copy: ${fragmentName}" after the mark`);
          return;
        }
        const copy = lines
          .slice(i + 1, end)
          .filter((l) => !l.trimStart().startsWith('//'))
          .join('\n');
        copies.push(`${name}:${fragmentName}`);
        if (fold(copy) !== fragment(fragmentName)) problems.push(`${name}:${i + 1}: differs from cypher/fragments/${fragmentName}.cypher`);
      });
    }
    expect(problems).toEqual([]);
    expect(copies).toContain('network/evidence.cypher:evidence-links');
    expect(copies).toContain('network/gds/project.cypher:evidence-links');
  });
});

function insideHubSize(lines: readonly string[], index: number): boolean {
  for (let i = index; i >= 0 && i > index - 8; i--) if (/\/\/ hub-size:/.test(lines[i] ?? '')) return true;
  return false;
}
