import { once } from 'node:events';
import { Command } from 'commander';
import { z } from 'zod';
import { parseSeed } from '../../api/seeds.js';
import { DEFAULT_MAX_SHARED } from '../../graph/hub-bound.js';
import {
  computeNetworks,
  DEFAULT_MIN_SIZE,
  DEFAULT_SPLIT_ABOVE,
  hubsLine,
  NETWORK_ENGINES,
  type NetworkScope,
  networksCsv,
  networksJsonChunks,
  networksTable,
  readTableNames,
  TABLE_EVIDENCE,
  TABLE_MEMBERS,
} from '../../network/index.js';
import { humanMoment } from '../../time/human-date.js';
import { parseOptions, usage, wholeNumber } from '../options.js';
import { graphOptions, logLine as log, withGraph } from './with-graph.js';

const optionsSchema = z.object({
  depth: wholeNumber('--depth', 0).optional(),
  crawl: z.string().min(1, { error: '--crawl needs a crawl id' }).optional(),
  maxShared: wholeNumber('--max-shared', 1),
  minSize: wholeNumber('--min-size', 2),
  splitAbove: wholeNumber('--split-above', 2),
  engine: z.enum(NETWORK_ENGINES, { error: `--engine takes ${NETWORK_ENGINES.join(', ')}` }).default('auto'),
  json: z.boolean().default(false),
  csv: z.boolean().default(false),
  write: z.boolean().default(true),
  neo4jUri: z.string().optional(),
  neo4jDatabase: z.string().optional(),
});

/** `landing-graph networks [<seed...> --depth N | --crawl ID] [--max-shared N] [--min-size K] [--json|--csv]`: parse, call, print. */
export function networksCommand(): Command {
  const command = new Command('networks')
    .description(
      "Find networks of records tied by identifiers of common control (officers, addresses, contacts, registrants), write them back as :Network nodes and print them ranked by their members' red flags (a member on a watch list first), then by score",
    )
    .argument('[seed...]', 'list the networks holding the records a crawl of these to --depth fetches (default: every network)')
    .option('-d, --depth <n>', 'the records a crawl of the seeds to this depth fetches (docs/scope.md) (default: 1)')
    .option('--crawl <id>', 'the records this crawl fetched')
    .option('--max-shared <n>', 'an identifier shared by more records ties nothing (a hub)', String(DEFAULT_MAX_SHARED))
    .option('--min-size <k>', 'drop smaller networks', String(DEFAULT_MIN_SIZE))
    .option('--split-above <n>', 'split larger groups into communities (Louvain) when the modularity says so', String(DEFAULT_SPLIT_ABOVE))
    .option(
      '--engine <engine>',
      'where components are found: gds (in Neo4j Graph Data Science), memory (in this process), auto (gds when the server has it)',
      'auto',
    )
    .option('--json', 'the networks as JSON')
    .option('--csv', 'one line per member as CSV (RFC 4180)')
    .option('--no-write', 'print only, do not write :Network nodes');
  return graphOptions(command).action(async (seedArgs: string[], flags: Record<string, unknown>) => {
    const o = parseOptions(optionsSchema, flags);
    if (o.json && o.csv) throw usage('give --json or --csv, not both');
    if (o.crawl !== undefined && seedArgs.length > 0) throw usage('give seeds or --crawl, not both');
    if (o.depth !== undefined && seedArgs.length === 0) throw usage('--depth needs seeds');
    let scope: NetworkScope = { type: 'all' };
    if (seedArgs.length > 0) scope = { type: 'seeds', seeds: seedArgs.map(parseSeed), depth: o.depth ?? 1, maxShared: o.maxShared };
    else if (o.crawl !== undefined) scope = { type: 'crawl', crawlId: o.crawl };
    // Writing needs the schema (the Network id constraint); --no-write works with a reader-only account.
    await withGraph(o, { applySchema: o.write }, async (graph) => {
      const result = await computeNetworks(graph.driver, scope, {
        database: graph.database,
        maxShared: o.maxShared,
        minSize: o.minSize,
        splitAbove: o.splitAbove,
        engine: o.engine,
        write: o.write,
      });
      if (o.json) await writeOut(networksJsonChunks(result));
      else if (o.csv) process.stdout.write(networksCsv(result));
      else {
        const shown = { maxMembers: TABLE_MEMBERS, evidence: TABLE_EVIDENCE };
        const names = await readTableNames(graph.driver, result, { database: graph.database, ...shown });
        process.stdout.write(networksTable(result, { names }));
      }
      log(hubsLine(result.hubs, o.maxShared));
      // With seeds the table lists the seeds' own networks first (the listing order): the line says so before the rank.
      const seedsFirst = scope.type === 'seeds' ? "the seeds' own networks first, the rest " : '';
      log(
        result.flagsComputedAt === null
          ? `${seedsFirst}ranked by score: no red flags in this graph yet (landing-graph flags computes them)`
          : `${seedsFirst}ranked by their members' red flags as computed ${humanMoment(result.flagsComputedAt)} (landing-graph flags recomputes them), a member on a watch list first, then by score`,
      );
      const t = result.timings;
      const written = result.written
        ? `; wrote ${result.written.written}, removed ${result.written.removed} stale`
        : '; nothing written (--no-write)';
      const count = (n: number) => `${n} ${n === 1 ? 'network' : 'networks'}`;
      const found = result.listed
        ? `${count(result.networks.length)} holding records of ${result.listed.scope}, of ${result.listed.of} in scope ${result.scope}`
        : `${count(result.networks.length)} in scope ${result.scope}`;
      log(
        `${found} (${engineText(result.engine)}) from ${result.identifiers} identifiers (${result.links} links) (${result.split} split by Louvain)${written} (read ${t.readMs} ms, compute ${t.computeMs} ms, flags ${t.flagsMs} ms, write ${t.writeMs} ms)`,
      );
    });
  });
}

function engineText(engine: { name: 'gds' | 'memory'; version: string | null }): string {
  return engine.name === 'gds' ? `components in Graph Data Science ${engine.version}` : 'components in this process';
}

/** Write the pieces to stdout about a MiB at a time, waiting while the pipe is full (the JSON of 100,000 records is ~40 MB). */
async function writeOut(pieces: Iterable<string>): Promise<void> {
  let buffer = '';
  const flush = async () => {
    if (buffer !== '' && !process.stdout.write(buffer)) await once(process.stdout, 'drain');
    buffer = '';
  };
  for (const piece of pieces) {
    buffer += piece;
    if (buffer.length >= 1 << 20) await flush();
  }
  await flush();
}
