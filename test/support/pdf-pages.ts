/**
 * What a printed PDF looks like, page by page, through poppler's command-line tools (pdftoppm, pdftotext), found on
 * PATH: scripts/test-setup installs them; the tests never do, and name the script when one is missing.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return path.join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

async function poppler(tool: 'pdftoppm' | 'pdftotext'): Promise<string> {
  const found = onPath(tool);
  if (found) return found;
  throw new Error(`no ${tool} on PATH: run bash scripts/test-setup (npm test does), or install poppler-utils`);
}

/** One printed page: its size in pixels (at the resolution asked) and how far down it carries ink. */
export interface PrintedPage {
  width: number;
  height: number;
  /** The lowest row with a dark pixel, as a share of the height (0: no ink at all); page edges left out. */
  inkedTo: number;
}

/**
 * Each page of a PDF rendered in grey at `dpi`: how far down its ink goes. The outer 4 % of each side is left out, so a
 * border drawn down the page's edge does not count as content.
 */
export async function printedPages(pdf: string, dpi = 30): Promise<PrintedPage[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'landing-graph-pages-'));
  try {
    await run(await poppler('pdftoppm'), ['-gray', '-r', String(dpi), pdf, path.join(dir, 'page')]);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.pgm')).sort();
    return Promise.all(files.map(async (f) => inkOf(await readFile(path.join(dir, f)))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A binary PGM (P5, 8 bits): the lowest row holding a pixel darker than light grey, inside the page's edges. */
function inkOf(pgm: Buffer): PrintedPage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm wrote no binary PGM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  const [left, right] = [Math.floor(width * 0.04), Math.ceil(width * 0.96)];
  let lowest = -1;
  for (let y = 0; y < height; y++) {
    for (let x = left; x < right; x++) {
      if ((pixels[y * width + x] as number) < 200) {
        lowest = y;
        break;
      }
    }
  }
  return { width, height, inkedTo: (lowest + 1) / height };
}

/** The text of a PDF's pages, in reading order (pdftotext -layout). */
export async function printedText(pdf: string): Promise<string> {
  const { stdout } = await run(await poppler('pdftotext'), ['-layout', pdf, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
