import { Command } from 'commander';
import { request } from 'undici';
import { z } from 'zod';
import { LandingGraphError, quoteValue } from '../../errors.js';
import { parseOptions, wholeNumber } from '../options.js';

const count = (name: string) => wholeNumber(name, 0, 1_000_000).optional();
const optionsSchema = z.object({
  url: z.url({ error: '--url must be the sandbox address, e.g. http://127.0.0.1:8787' }),
  seed: count('--seed'),
  removeEntries: count('--remove-entries'),
  addEntries: count('--add-entries'),
  retitle: count('--retitle'),
  changeFields: count('--change-fields'),
  gone: count('--gone'),
  newRecords: count('--new-records'),
});

/** What the sandbox says of the world it serves after the change. */
export interface Evolved {
  generation: number;
  changes: number;
  gone: number;
  newIds: number;
}

/**
 * Ask a running sandbox (`landing-graph sandbox`, another process) to serve a changed world from now on: entries
 * removed from and added to lists, titles changed, another manager, address, IP or name server, records gone and
 * new ones (POST /__sandbox/evolve; omitted counts take the sandbox's defaults). For trying a refresh and the change
 * report on the demo.
 */
export async function evolveSandbox(url: string, counts: Omit<z.output<typeof optionsSchema>, 'url'>): Promise<Evolved> {
  const body = JSON.stringify(Object.fromEntries(Object.entries(counts).filter(([, v]) => v !== undefined)));
  const target = new URL('/__sandbox/evolve', url);
  let answer: { statusCode: number; text: string };
  try {
    const response = await request(target, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    answer = { statusCode: response.statusCode, text: await response.body.text() };
  } catch (error) {
    throw new LandingGraphError(
      'CONFIG_INVALID',
      `no sandbox answers at ${target.origin} (${(error as Error).message}); start one with landing-graph sandbox`,
      { cause: error },
    );
  }
  if (answer.statusCode !== 200) {
    throw new LandingGraphError('CONFIG_INVALID', `the sandbox at ${target.origin} refused the change: ${quoteValue(answer.text, 200)}`);
  }
  return JSON.parse(answer.text) as Evolved;
}

/** `landing-graph sandbox evolve [--url U] [--gone N …]`: parse, ask the sandbox, say what changed and what to run next. */
export function sandboxEvolveCommand(): Command {
  return new Command('evolve')
    .description('Make a running sandbox serve a changed world (for trying a refresh and the change report)')
    .option('--url <url>', 'the sandbox', 'http://127.0.0.1:8787')
    .option('--seed <n>', 'seed of the random changes (a new one gives other changes)')
    .option('--remove-entries <n>', 'list entries removed')
    .option('--add-entries <n>', 'list entries added')
    .option('--retitle <n>', 'records retitled')
    .option('--change-fields <n>', 'domains given another IP, name server, MX or registrar; companies another manager or address')
    .option('--gone <n>', 'records that answer 404 from now on')
    .option('--new-records <n>', 'new records, each listed by one existing record')
    .action(async (flags: Record<string, unknown>) => {
      const { url, ...counts } = parseOptions(optionsSchema, flags);
      const evolved = await evolveSandbox(url, counts);
      process.stdout.write(
        `the sandbox at ${new URL(url).origin} now serves world ${evolved.generation}: ${evolved.changes} changes ` +
          `(${evolved.gone} records gone, ${evolved.newIds} new); crawl again with --refresh, then landing-graph changes --since 1h\n`,
      );
    });
}
