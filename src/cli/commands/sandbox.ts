import { Command } from 'commander';
import { z } from 'zod';
import { LandingGraphError, quoteValue } from '../../errors.js';
import { parseFaultOptions, type FaultOptions } from '../../sandbox/faults.js';
import { MAX_RECORDS } from '../../sandbox/generate-graph.js';
import { writeGroundTruth } from '../../sandbox/ground-truth.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server.js';

/** The options of `landing-graph sandbox`, as commander hands them over (strings and flags). */
export type RawSandboxArgs = Record<string, string | boolean | undefined>;

export interface SandboxCommandOptions {
  server: SandboxOptions & { port: number; host: string; apiKey: string; records: number; seed: number };
  groundTruthFile?: string;
}

const integer = (min: number, max: number) => ({
  schema: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max)),
  expected: `an integer from ${min} to ${max}`,
});
const share = {
  schema: z
    .string()
    .regex(/^(0|1|0?\.\d+|1\.0+|0\.\d*)$/)
    .transform(Number)
    .pipe(z.number().min(0).max(1)),
  expected: 'a number from 0 to 1',
};
const text = { schema: z.string().min(1).max(1000), expected: 'a non-empty value' };

/** Option name (commander's camelCase) -> flag, parser. */
const OPTIONS = {
  port: { flag: '--port', ...integer(0, 65535) },
  host: { flag: '--host', ...text },
  records: { flag: '--records', ...integer(1, MAX_RECORDS) },
  seed: { flag: '--seed', ...integer(0, 2 ** 32 - 1) },
  apiKey: { flag: '--api-key', ...text },
  errorRate: { flag: '--error-rate', ...share },
  latencyMs: { flag: '--latency-ms', ...integer(0, 600_000) },
  latencyJitterMs: { flag: '--latency-jitter-ms', ...integer(0, 600_000) },
  timeoutRate: { flag: '--timeout-rate', ...share },
  cutRate: { flag: '--cut-rate', ...share },
  truncatedRate: { flag: '--truncated-rate', ...share },
  htmlRate: { flag: '--html-rate', ...share },
  burstEvery: { flag: '--burst-every', ...integer(1, 1_000_000_000) },
  burstLength: { flag: '--burst-length', ...integer(1, 1_000_000_000) },
  retryAfter: { flag: '--retry-after', ...integer(0, 86_400) },
  limitRps: { flag: '--limit-rps', ...integer(1, 1_000_000) },
  faultSeed: { flag: '--fault-seed', ...integer(0, 2 ** 32 - 1) },
  groundTruth: { flag: '--ground-truth', ...text },
} as const;

type OptionName = keyof typeof OPTIONS;

function invalid(flag: string, value: unknown, expected: string): LandingGraphError {
  return new LandingGraphError('CONFIG_INVALID', `sandbox: invalid ${flag} ${quoteValue(value)}: expected ${expected}`, {
    details: { option: flag },
  });
}

/** Validates the command's options; the first bad one throws a one-line CONFIG_INVALID error naming it. */
export function parseSandboxArgs(raw: RawSandboxArgs): SandboxCommandOptions {
  const values: Partial<Record<OptionName, string | number>> = {};
  for (const [name, spec] of Object.entries(OPTIONS) as [OptionName, (typeof OPTIONS)[OptionName]][]) {
    const value = raw[name];
    if (value === undefined) continue;
    const parsed = spec.schema.safeParse(value);
    if (!parsed.success) throw invalid(spec.flag, value, spec.expected);
    values[name] = parsed.data;
  }
  const n = (name: OptionName): number | undefined => values[name] as number | undefined;
  if ((n('burstLength') !== undefined || n('retryAfter') !== undefined || raw.retryAfterDate) && n('burstEvery') === undefined) {
    throw invalid('--burst-length/--retry-after/--retry-after-date', 'without --burst-every', 'to be used together with --burst-every N');
  }
  const faults: FaultOptions = {
    errorRate: n('errorRate'),
    latencyMs: n('latencyMs'),
    latencyJitterMs: n('latencyJitterMs'),
    timeoutRate: n('timeoutRate'),
    cutRate: n('cutRate'),
    truncatedRate: n('truncatedRate'),
    htmlRate: n('htmlRate'),
    limitRps: n('limitRps'),
    faultSeed: n('faultSeed'),
    rateLimit429:
      n('burstEvery') === undefined
        ? undefined
        : {
            everyRequests: n('burstEvery'),
            burstLength: n('burstLength'),
            retryAfterSeconds: n('retryAfter'),
            retryAfterAsDate: raw.retryAfterDate === true,
          },
  };
  const rates = ['errorRate', 'timeoutRate', 'cutRate', 'truncatedRate', 'htmlRate'] as const;
  const sum = rates.reduce((s, r) => s + (faults[r] ?? 0), 0);
  if (sum > 1)
    throw invalid('--error-rate/--timeout-rate/--cut-rate/--truncated-rate/--html-rate', `sum ${sum}`, 'shares that add up to at most 1');
  return {
    server: {
      port: n('port') ?? 8787,
      host: (values.host as string | undefined) ?? '127.0.0.1',
      apiKey: (values.apiKey as string | undefined) ?? 'sandbox-key',
      records: n('records') ?? 2000,
      seed: n('seed') ?? 1,
      specials: raw.specials === true,
      faults: parseFaultOptions(faults),
    },
    groundTruthFile: values.groundTruth as string | undefined,
  };
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
    `landing-graph sandbox: ${sandbox.url}/api/v1/landing/ (${graph.recordCount} records, seed ${graph.seed}, ready in ${startedMs} ms, ${key}); ` +
    `try domain ${domains.join(', ')}; company INN ${inns.join(', ')}; email ${keys('email', 1).join('')}; phone ${keys('phone', 1).join('')} (with ?isKey=true); ` +
    `hub ids ${graph.hubIds.join(', ') || 'none'}; stats at ${sandbox.url}/__sandbox/stats`
  );
}

/** Runs the sandbox until `stop` aborts; prints the ready line with `write`. */
export async function runSandbox(options: SandboxCommandOptions, stop: AbortSignal, write: (line: string) => void): Promise<void> {
  const started = performance.now();
  const sandbox = await startSandbox(options.server);
  try {
    if (options.groundTruthFile) await writeGroundTruth(sandbox.graph, options.groundTruthFile);
    write(readyLine(sandbox, Math.round(performance.now() - started), options.server.apiKey === 'sandbox-key'));
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
    .option('--api-key <key>', 'the X-Api-Key value to accept (default sandbox-key)')
    .option('--specials', 'add the special robustness records (see src/sandbox/specials.ts)')
    .option('--error-rate <r>', 'share of requests answered 500/502/503')
    .option('--latency-ms <n>', 'delay before every answer')
    .option('--latency-jitter-ms <n>', 'extra random delay up to n ms')
    .option('--timeout-rate <r>', 'share of requests never answered')
    .option('--cut-rate <r>', 'share of answers cut off mid-body')
    .option('--truncated-rate <r>', 'share of 200 answers with a truncated JSON body')
    .option('--html-rate <r>', 'share of 200 answers that are an HTML page')
    .option('--burst-every <n>', 'every nth request starts a burst of 429 answers')
    .option('--burst-length <n>', 'requests per 429 burst (default 1)')
    .option('--retry-after <s>', 'Retry-After seconds of burst answers (default 1)')
    .option('--retry-after-date', 'send Retry-After as an HTTP-date')
    .option('--limit-rps <n>', 'answer 429 (Retry-After: 1) above n requests per second')
    .option('--fault-seed <n>', 'seed of the fault decisions (default 1)')
    .option('--ground-truth <file>', 'write the ground truth JSON to this file')
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
