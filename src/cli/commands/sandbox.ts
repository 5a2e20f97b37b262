import { Command } from 'commander';
import { z } from 'zod';
import { parseFaultOptions, type FaultOptions } from '../../sandbox/faults.js';
import { MAX_RECORDS } from '../../sandbox/generate-graph.js';
import { writeGroundTruth } from '../../sandbox/ground-truth.js';
import { plantedStart } from '../../sandbox/planted/marks.js';
import { plantNetworks } from '../../sandbox/planted/networks.js';
import { sandboxEvolveCommand } from './sandbox-evolve.js';
import { nonEmpty, parseOptions, share, usage, wholeNumber } from '../options.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server.js';

/** The options of `landing-graph sandbox`, as commander hands them over (strings and flags). */
export type RawSandboxArgs = Record<string, string | boolean | undefined>;

export interface SandboxCommandOptions {
  server: SandboxOptions & { port: number; host: string; apiKey: string; records: number; seed: number };
  groundTruthFile?: string;
}

const optionsSchema = z.object({
  port: wholeNumber('--port', 0, 65535).default(8787),
  host: nonEmpty('--host').default('127.0.0.1'),
  records: wholeNumber('--records', 1, MAX_RECORDS).default(2000),
  seed: wholeNumber('--seed', 0, 2 ** 32 - 1).default(1),
  apiKey: nonEmpty('--api-key').default('sandbox-key'),
  specials: z.boolean().default(false),
  plant: z.boolean().default(false),
  errorRate: share('--error-rate').optional(),
  latencyMs: wholeNumber('--latency-ms', 0, 600_000).optional(),
  latencyJitterMs: wholeNumber('--latency-jitter-ms', 0, 600_000).optional(),
  timeoutRate: share('--timeout-rate').optional(),
  cutRate: share('--cut-rate').optional(),
  truncatedRate: share('--truncated-rate').optional(),
  htmlRate: share('--html-rate').optional(),
  burstEvery: wholeNumber('--burst-every', 1, 1_000_000_000).optional(),
  burstLength: wholeNumber('--burst-length', 1, 1_000_000_000).optional(),
  retryAfter: wholeNumber('--retry-after', 0, 86_400).optional(),
  retryAfterDate: z.boolean().default(false),
  limitRps: wholeNumber('--limit-rps', 1, 1_000_000).optional(),
  faultSeed: wholeNumber('--fault-seed', 0, 2 ** 32 - 1).optional(),
  groundTruth: nonEmpty('--ground-truth').optional(),
});

/** Validates the command's options; the first bad one throws a one-line CONFIG_INVALID error naming it. */
export function parseSandboxArgs(raw: RawSandboxArgs): SandboxCommandOptions {
  const o = parseOptions(optionsSchema, raw);
  if ((o.burstLength !== undefined || o.retryAfter !== undefined || o.retryAfterDate) && o.burstEvery === undefined) {
    throw usage('--burst-length, --retry-after and --retry-after-date go with --burst-every N');
  }
  if (o.plant && o.specials) throw usage('--plant and --specials are two different worlds: choose one');
  const faults: FaultOptions = {
    errorRate: o.errorRate,
    latencyMs: o.latencyMs,
    latencyJitterMs: o.latencyJitterMs,
    timeoutRate: o.timeoutRate,
    cutRate: o.cutRate,
    truncatedRate: o.truncatedRate,
    htmlRate: o.htmlRate,
    limitRps: o.limitRps,
    faultSeed: o.faultSeed,
    rateLimit429:
      o.burstEvery === undefined
        ? undefined
        : { everyRequests: o.burstEvery, burstLength: o.burstLength, retryAfterSeconds: o.retryAfter, retryAfterAsDate: o.retryAfterDate },
  };
  const rates = ['errorRate', 'timeoutRate', 'cutRate', 'truncatedRate', 'htmlRate'] as const;
  const sum = rates.reduce((s, r) => s + (faults[r] ?? 0), 0);
  if (sum > 1) throw usage(`--error-rate, --timeout-rate, --cut-rate, --truncated-rate and --html-rate add up to ${sum}, more than 1`);
  return {
    server: {
      port: o.port,
      host: o.host,
      apiKey: o.apiKey,
      records: o.records,
      seed: o.seed,
      specials: o.specials,
      ...(o.plant ? planted(o.records, o.seed) : {}),
      faults: parseFaultOptions(faults),
    },
    groundTruthFile: o.groundTruth,
  };
}

/** The planted world of --plant, served with what was planted (the ground truth's `planted` section). */
function planted(records: number, seed: number): Pick<SandboxOptions, 'graph' | 'planted'> {
  const { graph, truth } = plantNetworks({ records, seed });
  return { graph, planted: truth };
}

/** The second line of --plant: seeds whose crawl reaches every planted network and every flag pattern. */
export function plantedLine(sandbox: Sandbox, planted: NonNullable<SandboxOptions['planted']>): string {
  const start = plantedStart(sandbox.graph, planted);
  return (
    `landing-graph sandbox: planted ${planted.networks.length} networks and every flag pattern; ` +
    `crawl ${start.seeds.join(' ')} --depth ${start.depth} to reach them all; ` +
    `what is planted where: ${sandbox.url}/__sandbox/ground-truth ("planted")`
  );
}

/** The one line printed at start: address, size, key (only if it is the default) and seeds to try. */
export function readyLine(sandbox: Sandbox, startedMs: number, defaultKey: boolean): string {
  const { graph } = sandbox;
  const keys = (kind: 'domain' | 'email' | 'phone', n: number): string[] =>
    graph
      .ids(kind)
      .slice(0, n)
      .map((id) => graph.node(id)?.key ?? String(id));
  const inns = graph
    .ids('company')
    .slice(0, 2)
    .map((id) => graph.node(id)?.key ?? String(id));
  const idn = graph
    .ids('domain')
    .map((id) => graph.node(id)?.key ?? '')
    .find((k) => k.endsWith('.рф'));
  const domains = [...new Set([...keys('domain', 2), ...(idn ? [idn] : [])])];
  const key = defaultKey ? `X-Api-Key: ${sandbox.apiKey}` : 'X-Api-Key from --api-key';
  return (
    `landing-graph sandbox: LANDING_BASE_URL=${sandbox.url} (endpoints under /api/v1/landing/; ${graph.recordCount} records, seed ${graph.seed}, ready in ${startedMs} ms, ${key}); ` +
    `try domain ${domains.join(', ')}; company INN ${inns.join(', ')}; email ${keys('email', 1).join('')}; phone ${keys('phone', 1).join('')} (with ?isKey=true); ` +
    `hub ids ${graph.hubIds.join(', ') || 'none'}; stats at ${sandbox.url}/__sandbox/stats`
  );
}

/** Runs the sandbox until `stop` aborts; prints the ready line with `write`. */
export async function runSandbox(options: SandboxCommandOptions, stop: AbortSignal, write: (line: string) => void): Promise<void> {
  const started = performance.now();
  const sandbox = await startSandbox(options.server);
  try {
    if (options.groundTruthFile) await writeGroundTruth(sandbox.graph, options.groundTruthFile, options.server.planted);
    write(readyLine(sandbox, Math.round(performance.now() - started), options.server.apiKey === 'sandbox-key'));
    if (options.server.planted) write(plantedLine(sandbox, options.server.planted));
    if (!stop.aborted) await new Promise<void>((resolve) => stop.addEventListener('abort', () => resolve(), { once: true }));
  } finally {
    await sandbox.close();
  }
}

/** `landing-graph sandbox`: serve a generated landing graph locally until SIGINT or SIGTERM. */
export function sandboxCommand(): Command {
  return new Command('sandbox')
    .description('Serve a local, deterministic sandbox of the landing service (for tests, demos and benchmarks)')
    .option('--port <n>', 'port (0: any free port)', '8787')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--records <n>', 'landing records to generate', '2000')
    .option('--seed <n>', 'seed of the generated graph', '1')
    .option('--api-key <key>', 'the X-Api-Key value to accept (default: sandbox-key)')
    .option('--specials', 'add the special robustness records (see src/sandbox/specials.ts)')
    .option('--plant', 'plant company networks and red-flag patterns with their decoys (src/sandbox/planted/)')
    .option('--error-rate <r>', 'share of requests answered 500/502/503')
    .option('--latency-ms <n>', 'delay before every answer')
    .option('--latency-jitter-ms <n>', 'extra random delay up to n ms')
    .option('--timeout-rate <r>', 'share of requests never answered')
    .option('--cut-rate <r>', 'share of answers cut off mid-body')
    .option('--truncated-rate <r>', 'share of 200 answers with a truncated JSON body')
    .option('--html-rate <r>', 'share of 200 answers that are an HTML page')
    .option('--burst-every <n>', 'every nth request starts a burst of 429 answers')
    .option('--burst-length <n>', 'requests per 429 burst (default: 1)')
    .option('--retry-after <s>', 'Retry-After seconds of burst answers (default: 1)')
    .option('--retry-after-date', 'send Retry-After as an HTTP-date')
    .option('--limit-rps <n>', 'answer 429 (Retry-After: 1) above n requests per second')
    .option('--fault-seed <n>', 'seed of the fault decisions (default: 1)')
    .option('--ground-truth <file>', 'write the ground truth JSON to this file')
    .addCommand(sandboxEvolveCommand())
    .action(async (raw: RawSandboxArgs) => {
      const options = parseSandboxArgs(raw);
      const stop = new AbortController();
      const onSignal = (): void => stop.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      try {
        await runSandbox(options, stop.signal, (line) => process.stdout.write(`${line}\n`));
        process.stderr.write('landing-graph sandbox: stopped\n');
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}
