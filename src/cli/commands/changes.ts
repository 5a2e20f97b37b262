import { Command, Option } from 'commander';
import { z } from 'zod';
import type { LandingRef } from '../../api/refs.js';
import { refToString } from '../../api/refs.js';
import { readConfig } from '../config.js';
import { openGraph } from '../neo4j.js';
import { parseSeed } from '../../api/seeds.js';
import { LandingGraphError } from '../../errors.js';
import { writeChunks } from '../../render/output.js';
import { formatCsv, formatJson, formatSummary } from '../../changes/format.js';
import { renderChangesHtml } from '../../changes/html.js';
import { changeReport } from '../../changes/index.js';
import { checkWindow, parseMoment } from '../../changes/window.js';

const flagsSchema = z.object({
  since: z.string({ error: '--since is required: a date-time (2026-05-01T00:00:00Z), a duration back from now (1d) or a crawl id' }),
  until: z.string().optional(),
  depth: z
    .string()
    .regex(/^\d{1,3}$/, { error: '--depth must be a whole number' })
    .optional(),
  json: z.boolean().default(false),
  csv: z.boolean().default(false),
  html: z.boolean().default(false),
  out: z.string().min(1, { error: '--out needs a file name' }).optional(),
  failOnChange: z.boolean().default(false),
  neo4jUri: z.string().optional(),
  neo4jDatabase: z.string().optional(),
});

function usage(message: string): LandingGraphError {
  return new LandingGraphError('CONFIG_INVALID', message);
}

/**
 * `landing-graph changes --since <when> [--until <when>] [<seed...> --depth N] [--json|--csv|--html --out F]
 * [--fail-on-change]`: parse, call the library, print. With --fail-on-change a report listing any record
 * ends with CHANGES_FOUND (exit 8) after it was printed, for cron.
 */
export function changesCommand(): Command {
  return new Command('changes')
    .description("Report what changed in the landing records between two moments, from the graph's history (no crawling)")
    .argument('[seed...]', 'only records within --depth hops of these: domain:<domain> company:<INN|OGRN> ... or <kind>#<page number>')
    .option(
      '--since <when>',
      'start (exclusive): ISO date-time with a zone, a date (UTC), a duration back from now (12h, 1d, 2w) or a crawl id',
    )
    .option('--until <when>', 'end (inclusive): ISO date-time with a zone, a date or a duration back from now; default now')
    .option('-d, --depth <n>', 'hops from the seeds, over any relationship between records and pivots (default 1)')
    .option('--json', 'the report as one JSON object')
    .option('--csv', 'one CSV row per change item')
    .option('--html', 'an offline HTML page (needs --out)')
    .option('-o, --out <file>', 'write the output to this file instead of stdout')
    .option('--fail-on-change', 'exit 8 (CHANGES_FOUND) when the report lists any record, after printing it')
    .addOption(new Option('--neo4j-uri <uri>', 'default: NEO4J_URI, else the local Neo4j'))
    .addOption(new Option('--neo4j-database <name>', 'default: NEO4J_DATABASE'))
    .action(async (seedArgs: string[], flags: Record<string, unknown>) => {
      const seeds: LandingRef[] = seedArgs.map(parseSeed);
      const parsed = flagsSchema.safeParse(flags);
      if (!parsed.success) throw usage(parsed.error.issues[0]?.message ?? 'invalid options');
      const o = parsed.data;
      if ([o.json, o.csv, o.html].filter(Boolean).length > 1) throw usage('give one of --json, --csv and --html');
      if (o.html && o.out === undefined) throw usage('--html needs --out <file>');
      if (o.depth !== undefined && seeds.length === 0) throw usage('--depth applies to seeds; give the seeds too');
      const now = Date.now();
      const since = parseMoment(o.since, '--since', now);
      const until = o.until === undefined ? { at: now } : parseMoment(o.until, '--until', now);
      if (since.at !== undefined && until.at !== undefined) checkWindow(since.at, until.at);
      const depth = Number(o.depth ?? 1);

      const config = readConfig(process.env, { neo4jUri: o.neo4jUri, neo4jDatabase: o.neo4jDatabase });
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const graph = await openGraph(config.neo4j, log, { applySchema: false });
      try {
        const changes = await changeReport(graph.driver, { since, until, seeds, depth }, { database: graph.database });
        const { report } = changes;
        const count = report.records.length;
        const text = o.json
          ? formatJson(report)
          : o.csv
            ? formatCsv(changes)
            : o.html
              ? renderChangesHtml(changes, {
                  seeds: seeds.map(refToString),
                  depth,
                  sinceGiven: o.since,
                  madeAt: new Date(now).toISOString(),
                })
              : formatSummary(changes, { maxLines: process.stdout.isTTY ? 60 : Number.POSITIVE_INFINITY });
        if (o.out !== undefined) {
          await writeChunks(o.out, [text]);
          log(`wrote the change report (${count} ${count === 1 ? 'record' : 'records'}, ${report.since} to ${report.until}) to ${o.out}`);
        } else {
          process.stdout.write(text);
        }
        if (o.failOnChange && count > 0) {
          throw new LandingGraphError(
            'CHANGES_FOUND',
            `${count} ${count === 1 ? 'record' : 'records'} changed from ${report.since} to ${report.until} (--fail-on-change)`,
          );
        }
      } finally {
        await graph.driver.close();
      }
    });
}
