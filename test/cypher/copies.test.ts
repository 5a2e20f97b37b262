import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELATIONSHIP_GROUPS, type RelationshipGroup } from '../../src/graph/relationship-groups.js';
import { readCypherFile } from '../../src/store/cypher-files.js';

/**
 * Shared pieces of the Cypher statements have one source each:
 * - a list of relationship types (`[r:A|B|…]` or `['A', 'B', …]`) is marked `// types: <group> [+ TYPE] [- TYPE]`
 *   on the line before, and every list on that line must be exactly that set (src/graph/relationship-groups.ts); a
 *   list of five types or more without a mark fails;
 * - the fragments of cypher/fragments/ (the hub rule, the evidence of networks, where the walks stop) are included, never copied: a
 *   statement says `// include: <fragment> …` and readCypherFile splices it in when the statement is read.
 */
const ROOT = path.resolve(import.meta.dirname, '../../cypher');
const ALTERNATION = /\[\w*:([A-Z_]+(?:\|[A-Z_]+)+)/g;
const LIST_LITERAL = /\[((?:'[A-Z_]+',\s*)+'[A-Z_]+')\]/g;

function cypherFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cypherFiles(path.join(dir, e.name)) : e.name.endsWith('.cypher') ? [path.join(dir, e.name)] : [],
  );
}

const all = cypherFiles(ROOT).map((f) => ({ path: f, name: path.relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n') }));
const files = all.filter((f) => !f.name.startsWith(`fragments${path.sep}`));

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

/** The fragment's text, comments dropped. */
function fragmentBody(name: string): string {
  return readFileSync(path.join(ROOT, 'fragments', `${name}.cypher`), 'utf8')
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('//'))
    .join('\n');
}

function fold(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\(\s/g, '(').replace(/\s\)/g, ')').trim();
}

describe('Cypher copies of shared pieces', () => {
  it('every relationship type list is a marked copy of its group, and every long one is marked', () => {
    const problems: string[] = [];
    for (const { name, lines } of all) {
      lines.forEach((line, i) => {
        if (line.trimStart().startsWith('//')) return;
        const mark = /^\s*\/\/ types: (.+)$/.exec(lines[i - 1] ?? '');
        for (const list of typeLists(line)) {
          if (mark) {
            const want = [...groupSet(mark[1]!)].sort();
            const got = [...new Set(list)].sort();
            if (want.join() !== got.join())
              problems.push(`${name}:${i + 1}: types ${got.join('|')} differ from "${mark[1]}" (${want.join('|')})`);
          } else if (list.length >= 5) {
            problems.push(`${name}:${i + 1}: ${list.length} relationship types without a "// types: <group>" mark`);
          }
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('every relationship type retire-unseen retires has an index on removedAt (the removed links are read through them)', () => {
    const retire = all.find((f) => f.name === path.join('history', 'retire-unseen.cypher'))!.lines;
    const mark = retire.map((l) => /^\s*\/\/ types: (.+)$/.exec(l)?.[1]).find((m) => m !== undefined)!;
    const schema = all.find((f) => f.name === 'schema.cypher')!.lines.join('\n');
    const indexed = [...schema.matchAll(/FOR \(\)-\[r:([A-Z_]+)\]-\(\) ON \(r\.removedAt\)/g)].map((m) => m[1]!);
    expect(indexed.sort()).toEqual([...groupSet(mark)].sort());
  });

  it('no statement holds a copy of a fragment: the fragments are included', () => {
    const fragments = all.filter((f) => f.name.startsWith(`fragments${path.sep}`)).map((f) => path.basename(f.name, '.cypher'));
    expect(fragments).toEqual(expect.arrayContaining(['evidence-links', 'hub-bounded', 'hub-holders', 'hub-size', 'walk-stop']));
    const problems: string[] = [];
    for (const { name, lines } of files) {
      const text = fold(lines.filter((l) => !l.trimStart().startsWith('//')).join('\n'));
      // The hub rule: a count of distinct holders plus one for a record, or the holders' own test.
      if (/size\(COLLECT \{ (MATCH|CALL) \(/.test(text) && /RETURN DISTINCT \w+( LIMIT [^}]+)? \}\) \+ CASE WHEN/.test(text))
        problems.push(`${name}: a copy of the hub rule (include cypher/fragments/hub-size.cypher or hub-bounded.cypher instead)`);
      if (/\w+ <> \w+ AND \w+\.kind IN \['domain', 'company', 'email', 'phone'\]/.test(text))
        problems.push(`${name}: a copy of a hub's holders (include cypher/fragments/hub-holders.cypher instead)`);
      if (text.includes(fold(fragmentBody('evidence-links')).slice(0, 200))) problems.push(`${name}: a copy of evidence-links`);
      if (/\$(nameServer|mailServer)Suffixes/.test(text))
        problems.push(`${name}: a copy of the public-infrastructure test (include cypher/fragments/public-infrastructure.cypher instead)`);
      // The walks' stop rule: a pivot's links counted against $maxPivotDegree.
      if (/COUNT \{ \(\w+\)--\(\) \} [<>]=? \$maxPivotDegree/.test(text))
        problems.push(`${name}: a copy of the walks' stop rule (include cypher/fragments/walk-stop.cypher instead)`);
    }
    expect(problems).toEqual([]);
  });

  it('every statement file reads with its fragments spliced in; the hub rule and the evidence are included where they are used', () => {
    const included = new Map<string, string[]>();
    for (const { path: file, name } of files) {
      const text = readCypherFile(file);
      expect(text, name).not.toMatch(/\/\/ include:/);
      for (const m of readFileSync(file, 'utf8').matchAll(/\/\/ include: ([\w-]+)/g))
        included.set(m[1]!, [...(included.get(m[1]!) ?? []), name]);
    }
    expect(included.get('evidence-links')?.sort()).toEqual([
      path.join('network', 'evidence.cypher'),
      path.join('network', 'gds', 'project.cypher'),
    ]);
    // The exact hub size where it is reported (the hubs of networks); the bounded one wherever it is only compared.
    expect(included.get('hub-size')).toEqual([path.join('network', 'evidence.cypher')]);
    expect(new Set(included.get('hub-bounded')).size).toBeGreaterThanOrEqual(12);
    // A fragment may include another: the walks' stop rule holds the public-infrastructure test, renamed with it.
    const walk = readCypherFile(path.join(ROOT, 'queries', 'neighbourhood.cypher'));
    expect(walk).toContain('CASE WHEN a:NameServer THEN $nameServerSuffixes ELSE $mailServerSuffixes END');
    expect(walk).toContain("WHERE a.key = suffix OR a.key ENDS WITH '.' + suffix");
    expect(walk).toContain('(a:Domain AND a.key IN $webmailDomains)');
    expect(
      walk
        .split('\n')
        .filter((l) => !l.trimStart().startsWith('//'))
        .join('\n'),
    ).not.toMatch(/\bnode\b/);
    expect(
      included
        .get('walk-stop')
        ?.map((f) => `${path.basename(path.dirname(f))}/${path.basename(f)}`)
        .sort(),
    ).toEqual([
      ...Array<string>(4).fill('pictures/crawl-clusters.cypher'),
      ...Array<string>(4).fill('pictures/neighbourhood.cypher'),
      'pictures/shortest-paths.cypher',
      ...Array<string>(4).fill('queries/crawl-clusters.cypher'),
      ...Array<string>(4).fill('queries/neighbourhood.cypher'),
      'queries/shortest-paths.cypher',
    ]);
  });
});
