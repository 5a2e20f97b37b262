import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules (.dependency-cruiser.cjs, `npm run lint:layers`) bite: the same command, run with the
 * project's config on a tiny tree shaped like src/, fails on a cycle, a feature importing another, commander
 * outside the CLI, src importing the CLI or test/, the service's layers (api, rate, client) upside down, and passes
 * on the same tree without them.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

type Tree = Record<string, string>;

const lines = (...text: string[]) => `${text.join('\n')}\n`;

/** Layers that keep the rules: the CLI on top (commander, features, engine), features on shared pieces. */
const CLEAN: Tree = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true },
    include: ['src', 'test'],
  }),
  // A stand-in for commander, so that it resolves under node_modules/commander/ as the real one does.
  'node_modules/commander/package.json': JSON.stringify({ name: 'commander', version: '0.0.0', main: 'index.js' }),
  'node_modules/commander/index.js': lines('exports.Command = class Command {};'),
  'src/errors.ts': lines('export class LandingGraphError extends Error {}'),
  'src/render/escape.ts': lines(
    "import { LandingGraphError } from '../errors.js';",
    'export const escape = (s: string) => (s ? s : new LandingGraphError().message);',
  ),
  'src/api/kinds.ts': lines("export const KINDS = ['domain'];"),
  'src/rate/limiter.ts': lines("import { KINDS } from '../api/kinds.js';", 'export const limit = () => KINDS.length;'),
  'src/client/client.ts': lines(
    "import { KINDS } from '../api/kinds.js';",
    "import { limit } from '../rate/limiter.js';",
    'export const fetchRecord = () => [KINDS, limit()];',
  ),
  'src/crawl/run.ts': lines(
    "import { LandingGraphError } from '../errors.js';",
    "import { fetchRecord } from '../client/client.js';",
    'export const run = () => [new LandingGraphError(), fetchRecord()];',
  ),
  'src/export/a.ts': lines("import { escape } from '../render/escape.js';", "export const a = () => escape('a');"),
  'src/network/b.ts': lines("import { escape } from '../render/escape.js';", "export const b = () => escape('b');"),
  'src/network/c.ts': lines("import { b } from './b.js';", 'export const c = () => b();'),
  'src/app/run.ts': lines(
    "import { run } from '../crawl/run.js';",
    "import { a } from '../export/a.js';",
    'export const appRun = () => [run(), a()];',
  ),
  'src/cli/main.ts': lines(
    "import { Command } from 'commander';",
    "import { appRun } from '../app/run.js';",
    "import { run } from '../crawl/run.js';",
    "import { a } from '../export/a.js';",
    "import { c } from '../network/c.js';",
    'export const main = () => [new Command(), appRun(), run(), a(), c()];',
  ),
  'test/support/oracle.ts': lines('export const expected = 1;'),
};

/** The clean tree and one breach of each kind. */
const BROKEN: Tree = {
  ...CLEAN,
  // A feature importing another.
  'src/export/a.ts': lines(
    "import { escape } from '../render/escape.js';",
    "import { b } from '../network/b.js';",
    'export const a = () => escape(b());',
  ),
  // b -> c -> b.
  'src/network/b.ts': lines(
    "import { escape } from '../render/escape.js';",
    "import { c } from './c.js';",
    "export const b = () => escape('b');",
    'export const bc = () => c;',
  ),
  // commander outside the CLI.
  'src/query/d.ts': lines("import { Command } from 'commander';", 'export const d = () => new Command();'),
  // A test oracle in what ships.
  'src/load/e.ts': lines("import { expected } from '../../test/support/oracle.js';", 'export const e = expected;'),
  // A feature reaching up into the CLI.
  'src/resolve/f.ts': lines("import { main } from '../cli/main.js';", 'export const f = main;'),
  // The vocabulary knowing the rate pieces.
  'src/api/refs.ts': lines("import { limit } from '../rate/limiter.js';", 'export const refs = limit;'),
  // A rate piece using the client.
  'src/rate/window.ts': lines("import { fetchRecord } from '../client/client.js';", 'export const w = fetchRecord;'),
  // A feature reaching up into the application layer, which reaches up into the CLI.
  'src/flags/g.ts': lines("import { appRun } from '../app/run.js';", 'export const g = appRun;'),
  'src/app/print.ts': lines("import { main } from '../cli/main.js';", 'export const p = main;'),
  // The client reaching up into the crawl.
  'src/client/gate.ts': lines("import { run } from '../crawl/run.js';", 'export const g = run;'),
};

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function writeTree(tree: Tree): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'landing-layers-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(tree)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/** `depcruise src --config <the project's>` in `dir`, as `npm run lint:layers` runs it. */
async function lintLayers(tree: Tree): Promise<{ code: number; output: string }> {
  const cwd = await writeTree(tree);
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [DEPCRUISE, 'src', '--config', CONFIG], { cwd, env, timeout: 20_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : error.code;
      if (typeof code !== 'number') {
        reject(error);
        return;
      }
      resolve({ code, output: stripVTControlCharacters(`${stdout}${stderr}`) });
    });
  });
}

/** `error <rule>: <from> → ...` lines of the report, as "<rule> <from>". */
const violations = (output: string) =>
  [...output.matchAll(/^\s*error ([\w-]+): (\S+) →/gm)].map(([, rule, from]) => `${rule} ${from}`).sort();

describe('layer rules (.dependency-cruiser.cjs)', () => {
  let clean: Awaited<ReturnType<typeof lintLayers>>;
  let broken: Awaited<ReturnType<typeof lintLayers>>;
  // Both trees cruised at once: each run is about a second, mostly start-up.
  beforeAll(async () => {
    [clean, broken] = await Promise.all([lintLayers(CLEAN), lintLayers(BROKEN)]);
  });

  it('pass a tree that keeps them', () => {
    expect(clean.output).toContain('no dependency violations found');
    expect(clean.code).toBe(0);
  });

  it('fail on a cycle, a feature importing another, commander outside the CLI, src importing the CLI or test/, the service layers upside down', () => {
    expect(violations(broken.output)).toEqual([
      'app-below-cli src/app/print.ts',
      'app-only-from-cli src/flags/g.ts',
      'cli-on-top src/app/print.ts',
      'cli-on-top src/resolve/f.ts',
      'commander-in-cli src/query/d.ts',
      'features-apart src/export/a.ts',
      'features-below-cli src/resolve/f.ts',
      expect.stringMatching(/^no-cycles src\/network\/[bc]\.ts$/),
      'no-tests-or-bench-in-src src/load/e.ts',
      'rate-below-client src/rate/window.ts',
      'service-below-engine src/client/gate.ts',
      'vocabulary-at-the-bottom src/api/refs.ts',
    ]);
    expect(broken.output).toMatch(/features-apart: src\/export\/a\.ts → src\/network\/b\.ts/);
    expect(broken.output).toMatch(/commander-in-cli: src\/query\/d\.ts → node_modules\/commander\//);
    expect(broken.code).not.toBe(0);
  });
});
