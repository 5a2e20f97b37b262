import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The pages that list files in a table whose first column is headed `file` or `folder`. */
function pagesWithFileTables(): string[] {
  const pages: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name === 'dist') continue;
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md') && /^\|\s*(file|folder)\s*\|/im.test(readFileSync(path.join(ROOT, rel), 'utf8'))) pages.push(rel);
    }
  };
  walk('.');
  return pages.sort();
}

interface Listed {
  page: string;
  line: number;
  name: string;
  /** The row's subject (first column) or a name in its description. */
  firstColumn: boolean;
  /** Where the name may be found: the page's folder and the root, and for a description also the row's folders. */
  bases: string[];
}

const PATH_LIKE = /^[\w@.-]+(\/[\w@.-]+)*\/?$/;
/** `src/api`, `cypher/`, `keys.ts`; not an extension alone (`.cypher`) or an option. */
const looksLikePath = (token: string): boolean =>
  PATH_LIKE.test(token) && !/^\.\w+$/.test(token) && (token.endsWith('/') || /\.\w+$/.test(token) || token.includes('/'));

/** Every backquoted path of a file table's rows. */
function listedNames(page: string): Listed[] {
  const lines = readFileSync(path.join(ROOT, page), 'utf8').split('\n');
  const pageDir = path.dirname(page);
  const listed: Listed[] = [];
  let inTable = false;
  lines.forEach((text, i) => {
    if (/^\|\s*(file|folder)\s*\|/i.test(text)) inTable = true;
    else if (!text.startsWith('|')) inTable = false;
    if (!inTable || /^\|\s*(file|folder)\s*\|/i.test(text) || /^\|[\s|:-]+\|$/.test(text)) return;
    const cells = text.split('|').slice(1, -1);
    const tokens = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter(looksLikePath);
    const first = tokens(cells[0] ?? '');
    const rowDirs = first.flatMap((name) => [path.join(pageDir, name), name]).filter((p) => existsSync(path.join(ROOT, p)));
    for (const name of first) listed.push({ page, line: i + 1, name, firstColumn: true, bases: [pageDir, '.'] });
    for (const cell of cells.slice(1))
      for (const name of tokens(cell)) listed.push({ page, line: i + 1, name, firstColumn: false, bases: [...rowDirs, pageDir, '.'] });
  });
  return listed;
}

describe('pages that list files', () => {
  const pages = pagesWithFileTables();

  it('are found: the layout page, the sandbox and Browser READMEs at least', () => {
    expect(pages).toEqual(expect.arrayContaining(['browser/README.md', 'docs/layout.md', 'src/sandbox/README.md']));
  });

  it.each(pages)('%s names only files and folders that exist', (page) => {
    const listed = listedNames(page);
    expect(listed.length).toBeGreaterThan(1);
    const missing = listed
      .filter(({ name, bases }) => !bases.some((base) => existsSync(path.join(ROOT, base, name))))
      .map(({ line, name }) => `${page}:${line} ${name}`);
    expect(missing).toEqual([]);
  });

  /** The names of `dir` that no row of `page` has as its subject (`prefix` + name). */
  const unlisted = (page: string, dir: string, prefix: string): string[] => {
    const subjects = new Set(
      listedNames(page)
        .filter((l) => l.firstColumn)
        .map((l) => l.name.replace(/\/$/, '')),
    );
    return readdirSync(path.join(ROOT, dir)).filter((name) => name !== 'README.md' && !subjects.has(`${prefix}${name}`));
  };

  it('the sandbox README lists every file and folder of src/sandbox', () => {
    expect(unlisted('src/sandbox/README.md', 'src/sandbox', '')).toEqual([]);
  });

  it('the layout page has a row for every folder and top-level file of src/', () => {
    expect(unlisted('docs/layout.md', 'src', 'src/')).toEqual([]);
  });
});
