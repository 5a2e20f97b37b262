/**
 * Find a Chromium for the browser tests (the HTML report, GraphML through the browser's XML parser), in
 * this order: CHROMIUM_PATH; chromium, chromium-browser, google-chrome or google-chrome-stable on PATH;
 * Debian's `chromium` package, installed with apt-get when we are root and apt-get is there. Anything else
 * is an error of one line that says what to install or which variable to set.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'] as const;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first executable `name` in the folders of PATH. */
function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

function firstOnPath(): string | undefined {
  for (const name of CHROMIUM_NAMES) {
    const found = onPath(name);
    if (found) return found;
  }
  return undefined;
}

/** The path of a Chromium executable; installs Debian's package if it must and can. Throws one line otherwise. */
export async function findChromium(log: (line: string) => void = (line) => console.log(line)): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv))
      throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file: point it at a Chromium or Chrome, or unset it`);
    return fromEnv;
  }
  const found = firstOnPath();
  if (found) return found;
  const apt = onPath('apt-get');
  if (process.getuid?.() !== 0 || !apt) {
    throw new Error(
      `no Chromium for the browser tests: none of ${CHROMIUM_NAMES.join(', ')} is on PATH; install one (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to its executable`,
    );
  }
  log(
    `[chromium] no Chromium on PATH and CHROMIUM_PATH unset: installing Debian's chromium package with apt-get (this takes a minute or two)`,
  );
  const started = Date.now();
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const options = { env, maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60_000 };
  let output = '';
  try {
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'chromium'],
    ]) {
      output += `$ apt-get ${args.join(' ')}\n`;
      const { stdout, stderr } = await run(apt, args, options);
      output += stdout + stderr;
    }
  } catch (error) {
    const failed = error as { stdout?: unknown; stderr?: unknown; message?: unknown };
    output += String(failed.stdout ?? '') + String(failed.stderr ?? '');
    const logFile = path.join(os.tmpdir(), 'landing-graph-chromium-apt.log');
    writeFileSync(logFile, output);
    const last =
      String(failed.stderr ?? '')
        .trim()
        .split('\n')
        .pop() || String(failed.message ?? error).split('\n')[0];
    throw new Error(
      `apt-get could not install chromium (${last}; full output in ${logFile}): install a Chromium yourself or set CHROMIUM_PATH`,
    );
  }
  const installed = firstOnPath();
  if (!installed) throw new Error(`apt-get installed chromium, but none of ${CHROMIUM_NAMES.join(', ')} is on PATH: set CHROMIUM_PATH`);
  log(`[chromium] installed ${installed} in ${Math.round((Date.now() - started) / 1000)} s`);
  return installed;
}
