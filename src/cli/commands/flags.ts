import { Command } from 'commander';
import { z } from 'zod';
import { parseSeed } from '../../api/seeds.js';
import { computeFlags, type FlagScope, flagsCsv, flagsJson, flagsTable } from '../../flags/index.js';
import { commaList, parseOptions, usage, wholeNumber } from '../options.js';
import { graphOptions, logLine as log, withGraph } from './with-graph.js';

const optionsSchema = z.object({
  depth: wholeNumber('--depth', 0).optional(),
  crawl: z.string().min(1, { error: '--crawl needs a crawl id' }).optional(),
  rule: commaList.optional(),
  json: z.boolean().default(false),
  csv: z.boolean().default(false),
  write: z.boolean().default(true),
  neo4jUri: z.string().optional(),
  neo4jDatabase: z.string().optional(),
});

/** `landing-graph flags [<seed...> --depth N | --crawl ID] [--rule a,b] [--json|--csv] [--no-write]`: parse, call, print. */
export function flagsCommand(): Command {
  const command = new Command('flags')
    .description(
      'Run the red-flag rules (cypher/flags/rules) over the current graph, write each hit as a :Flag with its evidence, and print them',
    )
    .argument('[seed...]', 'the records a crawl of these to --depth fetches (default: the whole graph)')
    .option('-d, --depth <n>', 'the records a crawl of the seeds to this depth fetches (docs/scope.md) (default: 1)')
    .option('--crawl <id>', 'the records this crawl fetched')
    .option('--rule <ids>', 'only these rules, comma-separated (default: every rule)')
    .option('--json', 'as JSON: the counts per rule, the findings and every flag (docs/flags.md)')
    .option('--csv', 'one line per flag as CSV (RFC 4180), most severe first')
    .option('--no-write', 'print only, do not write :Flag nodes');
  return graphOptions(command).action(async (seedArgs: string[], flags: Record<string, unknown>) => {
    const o = parseOptions(optionsSchema, flags);
    if (o.json && o.csv) throw usage('give --json or --csv, not both');
    if (seedArgs.length > 0 && o.crawl !== undefined) throw usage('give seeds or --crawl, not both');
    if (o.depth !== undefined && seedArgs.length === 0) throw usage('--depth goes with seeds');
    let scope: FlagScope = { type: 'all' };
    if (seedArgs.length > 0) scope = { type: 'seeds', seeds: seedArgs.map(parseSeed), depth: o.depth ?? 1 };
    else if (o.crawl !== undefined) scope = { type: 'crawl', crawlId: o.crawl };
    await withGraph(o, { applySchema: o.write }, async (graph) => {
      const result = await computeFlags(graph.driver, scope, { database: graph.database, rules: o.rule, write: o.write });
      process.stdout.write(o.json ? flagsJson(result.flags) : o.csv ? flagsCsv(result.flags) : flagsTable(result.flags));
      const written = result.written
        ? `; wrote ${result.written.written}, retired ${result.written.retired}`
        : '; nothing written (--no-write)';
      log(
        `${result.flags.length} ${result.flags.length === 1 ? 'flag' : 'flags'} from ${result.rules.length} rules over ${result.scope === null ? 'the whole graph' : `${result.scope} records`}${written}`,
      );
    });
  });
}
