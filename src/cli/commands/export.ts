import { Command } from 'commander';
import { z } from 'zod';
import type { LandingRef } from '../../api/refs.js';
import { parseSeed } from '../../api/seeds.js';
import { caseFindings } from '../../app/case-findings.js';
import { DEFAULT_MAX_EDGES, DEFAULT_MAX_NODES, EXPORT_FORMATS, exportSubgraph, parseAsOf } from '../../export/index.js';
import { quoteValue } from '../../errors.js';
import { parseOptions, wholeNumber } from '../options.js';
import { graphOptions, logLine as log, withGraph } from './with-graph.js';

const optionsSchema = z
  .object({
    depth: wholeNumber('--depth', 0),
    format: z.enum(EXPORT_FORMATS, {
      error: (issue) => `--format must be one of ${EXPORT_FORMATS.join(', ')}, got ${quoteValue(String(issue.input))}`,
    }),
    out: z.string({ error: '--out is required' }).min(1, { error: '--out is required' }),
    maxNodes: wholeNumber('--max-nodes', 1),
    maxEdges: wholeNumber('--max-edges', 0),
    crawl: z.string().min(1).optional(),
    includeRaw: z.boolean().default(false),
    asOf: z.string().optional(),
    neo4jUri: z.string().optional(),
    neo4jDatabase: z.string().optional(),
    appendix: z.boolean().default(false),
  })
  .refine((o) => !o.appendix || o.format === 'html', {
    path: ['appendix'],
    error: (issue) =>
      `--appendix applies to --format html only (the case file's appendix), got --format ${String((issue.input as { format?: unknown }).format)}`,
  });

/** `landing-graph export <seed...> --depth <n> --format <fmt> --out <path>`: parse, call the library, report one line. */
export function exportCommand(): Command {
  const command = new Command('export')
    .description(
      'Export the subgraph around seeds from Neo4j (no crawling) as json, graphml, csv (neo4j-admin import), cypher, an html case file or ftm (FollowTheMoney entities, one per line)',
    )
    .argument('<seed...>', 'domain:<domain> company:<INN|OGRN> email:<address> phone:+<digits> or <kind>#<page number>')
    .option('-d, --depth <n>', 'the records a crawl of the seeds to this depth fetches (docs/scope.md), and what they state', '1')
    .option('-f, --format <format>', EXPORT_FORMATS.join('|'))
    .option('-o, --out <path>', 'the file to write (a folder for csv)')
    .option('--max-nodes <n>', 'refuse exports with more nodes', String(DEFAULT_MAX_NODES))
    .option('--max-edges <n>', 'refuse exports with more relationships', String(DEFAULT_MAX_EDGES))
    .option('--crawl <id>', 'the crawl named in the provenance (default: the latest, with --as-of the latest started by then)')
    .option('--include-raw', "keep the records' raw JSON (json and cypher only)")
    .option('--appendix', "html: print the case file's appendix too (entity lists; on screen it is there, collapsed, either way)")
    .option(
      '--as-of <date-time>',
      'the graph as it was then (ISO date-time with a time zone, e.g. 2026-11-21T12:00:00Z) (default: the current state)',
    );
  return graphOptions(command).action(async (seedArgs: string[], flags: Record<string, unknown>) => {
    const seeds: LandingRef[] = seedArgs.map(parseSeed);
    const o = parseOptions(optionsSchema, flags);
    const asOf = o.asOf === undefined ? undefined : parseAsOf(o.asOf);
    await withGraph(o, { applySchema: false }, async (graph) => {
      const { subgraph, written, timings } = await exportSubgraph(
        graph.driver,
        {
          seeds,
          depth: o.depth,
          format: o.format,
          out: o.out,
          maxNodes: o.maxNodes,
          maxEdges: o.maxEdges,
          crawlId: o.crawl,
          includeRaw: o.includeRaw,
          asOf,
        },
        {
          database: graph.database,
          uri: graph.config.neo4j?.uri,
          caseFile: { appendixInPrint: o.appendix },
          findings: caseFindings(graph.driver, { seeds, depth: o.depth, database: graph.database }),
        },
      );
      const c = subgraph.provenance.counts;
      log(
        `exported ${c.nodes} nodes and ${c.edges} relationships (depth ${o.depth}${asOf === undefined ? '' : `, as of ${asOf}`}) as ${o.format} to ${written.path} (${formatBytes(written.bytes)}, ${timings.readMs + timings.writeMs} ms)`,
      );
    });
  });
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
