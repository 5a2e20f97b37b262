import { once } from 'node:events';
import { Command } from 'commander';
import { z } from 'zod';
import type { LandingRef } from '../../api/refs.js';
import { refToString } from '../../api/refs.js';
import { parseOptions, usage, wholeNumber } from '../options.js';
import { graphOptions, logLine as log, withGraph } from './with-graph.js';
import { parseSeed } from '../../api/seeds.js';
import { LandingGraphError } from '../../errors.js';
import { checkOutFolder, openChunkFile, type ChunkFile } from '../../render/output.js';
import { formatCsv, formatSummary, jsonHead, jsonRecord, JSON_TAIL } from '../../changes/format.js';
import { renderChangesHtml } from '../../changes/html.js';
import { changeReport, eachChange, type Changes, type HitChange, type RecordChange } from '../../changes/index.js';
import { checkWindow, parseMoment } from '../../changes/window.js';

const flagsSchema = z.object({
  since: z.string({ error: '--since is required: a date-time (2026-05-01T00:00:00Z), a duration back from now (1d) or a crawl id' }),
  until: z.string().optional(),
  depth: wholeNumber('--depth', 0, 100).optional(),
  json: z.boolean().default(false),
  csv: z.boolean().default(false),
  html: z.boolean().default(false),
  out: z.string().min(1, { error: '--out needs a file name' }).optional(),
  failOnChange: z.boolean().default(false),
  neo4jUri: z.string().optional(),
  neo4jDatabase: z.string().optional(),
});

/**
 * `landing-graph changes --since <when> [--until <when>] [<seed...> --depth N] [--json|--csv|--html --out F]
 * [--fail-on-change]`: parse, call the library, print. With --fail-on-change a report listing any record or
 * watch-list hit ends with CHANGES_FOUND (exit 8) after it was printed, for cron.
 */
export function changesCommand(): Command {
  const command = new Command('changes')
    .description("Report what changed in the landing records between two moments, from the graph's history (no crawling)")
    .argument(
      '[seed...]',
      'only the records a crawl of these to --depth fetches: domain:<domain> company:<INN|OGRN> ... or <kind>#<page number>',
    )
    .option(
      '--since <when>',
      'start (exclusive): ISO date-time with a zone, a date (UTC), a duration back from now (12h, 1d, 2w) or a crawl id',
    )
    .option('--until <when>', 'end (inclusive): ISO date-time with a zone, a date or a duration back from now (default: now)')
    .option('-d, --depth <n>', 'the records a crawl of the seeds to this depth fetches (docs/scope.md) (default: 1)')
    .option('--json', 'the report as one JSON object')
    .option('--csv', 'one CSV row per change item')
    .option('--html', 'an offline HTML page (needs --out)')
    .option('-o, --out <file>', 'write the output to this file instead of stdout')
    .option('--fail-on-change', 'exit 8 (CHANGES_FOUND) when the report lists any record or watch-list hit, after printing it');
  return graphOptions(command).action(async (seedArgs: string[], flags: Record<string, unknown>) => {
    const seeds: LandingRef[] = seedArgs.map(parseSeed);
    const o = parseOptions(flagsSchema, flags);
    if ([o.json, o.csv, o.html].filter(Boolean).length > 1) throw usage('give one of --json, --csv and --html');
    if (o.html && o.out === undefined) throw usage('--html needs --out <file>');
    if (o.depth !== undefined && seeds.length === 0) throw usage('--depth applies to seeds; give the seeds too');
    const now = Date.now();
    const since = parseMoment(o.since, '--since', now);
    const until = o.until === undefined ? { at: now } : parseMoment(o.until, '--until', now);
    if (since.at !== undefined && until.at !== undefined) checkWindow(since.at, until.at);
    const depth = o.depth ?? 1;

    if (o.out !== undefined) await checkOutFolder(o.out);
    await withGraph(o, { applySchema: false }, async (graph) => {
      const request = { since, until, seeds, depth };
      const read = { database: graph.database };
      const { count, hits, window } = o.json
        ? await writeJson(o.out, (onStart, onRecord) => eachChange(graph.driver, request, read, onStart, onRecord))
        : await writeReport(o.out, await changeReport(graph.driver, request, read), (changes) =>
            o.csv
              ? formatCsv(changes)
              : o.html
                ? renderChangesHtml(changes, {
                    seeds: seeds.map(refToString),
                    depth,
                    sinceGiven: o.since,
                    madeAt: new Date(now).toISOString(),
                  })
                : formatSummary(changes, { maxLines: process.stdout.isTTY ? 60 : Number.POSITIVE_INFINITY }),
          );
      const records = `${count} ${count === 1 ? 'record' : 'records'}${hits > 0 ? ` and ${hits} watch-list ${hits === 1 ? 'hit' : 'hits'}` : ''}`;
      if (o.out !== undefined) log(`wrote the change report (${records}, ${window.since} to ${window.until}) to ${o.out}`);
      if (o.failOnChange && count + hits > 0) {
        throw new LandingGraphError('CHANGES_FOUND', `${records} changed from ${window.since} to ${window.until} (--fail-on-change)`);
      }
    });
  });
}

interface Written {
  count: number;
  /** Watch-list hits new or retired in the window. */
  hits: number;
  window: { since: string; until: string };
}

/** Where the report goes: the file --out names (whole or not at all), else stdout. */
async function openOutput(out: string | undefined): Promise<ChunkFile> {
  if (out !== undefined) return openChunkFile(out);
  return {
    write: async (chunk) => {
      if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
    },
    close: async () => 0,
    abandon: async () => undefined,
  };
}

/** --json written a record at a time as the records are read: a graph's first report lists every record it holds. */
async function writeJson(
  out: string | undefined,
  read: (
    onStart: (head: Written['window'] & { hits: HitChange[] }) => void,
    onRecord: (record: RecordChange) => Promise<void>,
  ) => Promise<{ count: number }>,
): Promise<Written> {
  const output = await openOutput(out);
  let window: Written['window'] | undefined;
  let hits = 0;
  let head: string | undefined;
  try {
    const { count } = await read(
      (w) => {
        window = { since: w.since, until: w.until };
        hits = w.hits.length;
        head = jsonHead(w);
      },
      async (record) => {
        const lead = head ?? ',';
        head = undefined;
        await output.write(lead + jsonRecord(record));
      },
    );
    await output.write(`${head ?? ''}${JSON_TAIL}`);
    await output.close();
    return { count, hits, window: window! };
  } catch (error) {
    await output.abandon();
    throw error;
  }
}

/** The other outputs, made from the whole report. */
async function writeReport(out: string | undefined, changes: Changes, render: (changes: Changes) => string): Promise<Written> {
  const output = await openOutput(out);
  try {
    await output.write(render(changes));
    await output.close();
  } catch (error) {
    await output.abandon();
    throw error;
  }
  return { count: changes.report.records.length, hits: changes.report.hits.length, window: changes.report };
}
