import { spawn } from 'node:child_process';
import { totalmem } from 'node:os';

/**
 * The V8 heap each command runs under, owned here. Node cannot raise a running process's heap limit, so a command
 * with a heap of its own runs in a child started once more under its `--max-old-space-size`; this process passes
 * the exit code and signals through, and turns the child's death by running out of heap (V8's crash report, exit
 * 134) into one line naming the setting to change (relaunchForHeap below).
 *
 * - The crawl and the queue's commands keep the shebang's bound (`CRAWL_HEAP_MB`): their live heap is small, and
 *   with V8's default limits garbage piles up (see the shebang of main.ts).
 * - The analysis commands hold a graph in the process: a quarter of the machine's memory (Neo4j, usually on the
 *   same machine, takes its heap and page cache from the rest), at least 1 GB and at most 4 GB (V8's own default
 *   ceiling on 64 bits; a graph that needs more belongs in the database).
 * - `LANDING_GRAPH_HEAP_MB` overrides both, for every command.
 */
export const HEAP_SETTING = 'LANDING_GRAPH_HEAP_MB';
export const CRAWL_HEAP_MB = 256;
const ANALYSIS_SHARE = 0.25;
const ANALYSIS_FLOOR_MB = 1024;
const ANALYSIS_CEILING_MB = 4096;
const ANALYSIS_COMMANDS = new Set(['networks', 'flags', 'resolve', 'changes', 'export', 'query', 'load', 'screen']);
const CRAWL_COMMANDS = new Set(['crawl', 'worker', 'status']);
/** Set in the relaunched process: it never relaunches again. */
const RELAUNCHED = 'LANDING_GRAPH_HEAP_RELAUNCHED';
/** Exit code of a command that ran out of heap (the same as EXIT.OUT_OF_MEMORY in exit-codes.ts, which checks it). */
export const OUT_OF_MEMORY_EXIT = 11;

/** The old-space limit (MB) a command wants, or undefined when it runs under whatever it was started with. */
export function heapMbFor(command: string | undefined, env: NodeJS.ProcessEnv, machineBytes = totalmem()): number | undefined {
  const given = env[HEAP_SETTING]?.trim();
  if (given) {
    if (!/^\d{1,7}$/.test(given) || Number(given) < 16) {
      throw new Error(`${HEAP_SETTING} must be a whole number of megabytes, at least 16; got ${JSON.stringify(given.slice(0, 40))}`);
    }
    return Number(given);
  }
  if (command === undefined) return undefined;
  if (CRAWL_COMMANDS.has(command)) return undefined;
  if (!ANALYSIS_COMMANDS.has(command)) return undefined;
  const share = Math.floor((machineBytes / 1024 / 1024) * ANALYSIS_SHARE);
  return Math.min(ANALYSIS_CEILING_MB, Math.max(ANALYSIS_FLOOR_MB, share));
}

/** The command named on the command line: the first argument that is not an option (as commands.ts reads it). */
export function commandOf(argv: readonly string[]): string | undefined {
  return argv.slice(2).find((arg) => !arg.startsWith('-'));
}

/** The one line for a command that ran out of heap: what ran out and the setting to change. */
export function outOfMemoryLine(command: string | undefined, heapMb: number): string {
  return (
    `landing-graph: OUT_OF_MEMORY: ${command ?? 'the command'} ran out of its ${heapMb} MB JavaScript heap and stopped before finishing ` +
    `(nothing was committed; any output is incomplete): give it more with ${HEAP_SETTING}=${heapMb * 2}, or narrow what it reads`
  );
}

/**
 * When the command has a heap of its own, run it in a child under that heap and return the child's exit code;
 * undefined when this process runs it (the crawl under the shebang's bound, or this is the child). A bad setting
 * is one line and exit 2.
 */
export async function relaunchForHeap(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number | undefined> {
  if (env[RELAUNCHED] !== undefined) {
    stopWithParent();
    return undefined;
  }
  const command = commandOf(argv);
  let wantMb: number | undefined;
  try {
    wantMb = heapMbFor(command, env);
  } catch (error) {
    process.stderr.write(`landing-graph: CONFIG_INVALID: ${(error as Error).message}\n`);
    return 2;
  }
  if (wantMb === undefined) return undefined;
  return runChild(argv, env, command, wantMb);
}

/**
 * In the child: stop when the first process is gone (killed with SIGKILL, which it cannot pass on), as the
 * command would have stopped had it run there. Checked every second; the timer never keeps the command alive.
 */
function stopWithParent(): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL');
  }, 1000).unref();
}

/** The flags of this process without a heap size (the child gets its own), then the child's. */
function childFlags(wantMb: number): string[] {
  const kept = process.execArgv.filter((flag) => !/^--max-old-space-size(=|$)/.test(flag));
  return [...kept, `--max-old-space-size=${wantMb}`];
}

const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** Where V8's out-of-memory report begins on stderr: from here on the one line replaces it. */
const OOM_REPORT_START = /^(<--- Last few GCs --->|FATAL ERROR: .*out of memory|\[\d+:0x[0-9a-f]+\]\s+\d+ ms: )/m;

function runChild(argv: readonly string[], env: NodeJS.ProcessEnv, command: string | undefined, wantMb: number): Promise<number> {
  const child = spawn(process.execPath, [...childFlags(wantMb), ...argv.slice(1)], {
    env: { ...env, [RELAUNCHED]: String(wantMb) },
    // stderr passes through here so that V8's crash report on running out of heap becomes one line.
    stdio: ['inherit', 'inherit', 'pipe'],
  });
  // A terminal's Ctrl-C reaches both processes (one group); a signal sent to this one only is passed on.
  // A second SIGINT is harmless: the commands stop at the first.
  const forward = (signal: NodeJS.Signals) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const handlers = FORWARDED_SIGNALS.map((signal) => [signal, forward(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  let tail = '';
  let outOfMemory = false;
  child.stderr!.on('data', (chunk: Buffer) => {
    if (outOfMemory) return;
    const text = tail + chunk.toString('utf8');
    const start = text.search(OOM_REPORT_START);
    if (start >= 0) {
      outOfMemory = true;
      // The report opens with an empty line, which would be left alone above the one line.
      process.stderr.write(text.slice(0, start).replace(/(^|\n)\n+$/, '$1'));
      tail = '';
      return;
    }
    // Hold back an unfinished last line that may be the start of the report; pass the rest at once.
    const lastBreak = text.lastIndexOf('\n');
    const last = text.slice(lastBreak + 1);
    const mayStart = last.startsWith('<') || last.startsWith('[') || last.startsWith('F');
    tail = mayStart ? last : '';
    process.stderr.write(mayStart ? text.slice(0, lastBreak + 1) : text);
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      for (const [name, handler] of handlers) process.off(name, handler);
      if (tail) process.stderr.write(tail);
      if (outOfMemory) {
        process.stderr.write(`${outOfMemoryLine(command, wantMb)}\n`);
        resolve(OUT_OF_MEMORY_EXIT);
        return;
      }
      resolve(code ?? 128 + signalNumber(signal));
    });
  });
}

function signalNumber(signal: NodeJS.Signals | null): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGABRT: 6, SIGKILL: 9, SIGTERM: 15 };
  return (signal && numbers[signal]) ?? 1;
}
