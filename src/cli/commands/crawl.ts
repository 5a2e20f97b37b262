import { Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_RATE_MARGIN_MS } from '../../api/limiter.js';
import type { LandingRef } from '../../api/refs.js';
import { refToString } from '../../api/refs.js';
import { parseDurationMs } from '../../time/duration.js';
import { parseCrawlOptions } from '../../crawl/options.js';
import { parseSeed, readSeedsFile } from '../../api/seeds.js';
import { LandingGraphError } from '../../errors.js';
import { readConfig } from '../config.js';
import { openGraph } from '../neo4j.js';
import { crawlInto } from '../run-crawl.js';

export function integer(name: string, min = 0): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value.trim()) || Number(value) < min)
      throw new InvalidArgumentError(`${name} must be a whole number of at least ${min}, got ${JSON.stringify(value)}`);
    return Number(value);
  };
}

function positiveNumber(name: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${name} must be a number above 0, got ${JSON.stringify(value)}`);
    return n;
  };
}

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const collect = (value: string, previous: string[] = []) => [...previous, value];

interface CrawlFlags {
  depth: number;
  seedsFile?: string;
  rps: number;
  rateMarginMs: number;
  concurrency: number;
  follow?: string[];
  kinds?: string[];
  maxFanout?: number;
  skip?: string[];
  maxRecords?: number;
  json?: boolean;
  refresh?: boolean;
  maxAge?: string;
  refreshOlderThan?: string;
  timeoutMs: number;
  maxBodyMb: number;
  serviceWaitMs: number;
  baseUrl?: string;
  apiKey?: string;
  neo4jUri?: string;
  neo4jDatabase?: string;
}

/** `landing-graph crawl <seed...> --depth <n>`: parse, call the library, report. */
export function crawlCommand(): Command {
  return new Command('crawl')
    .description('Crawl breadth-first from seeds into Neo4j; the same command resumes an interrupted crawl')
    .argument('[seed...]', 'domain:<domain> company:<INN|OGRN> email:<address> phone:+<digits> or <kind>#<page number>')
    .option('-d, --depth <n>', 'hops from the seeds whose records are fetched', integer('--depth'), 1)
    .option('--seeds-file <path>', 'more seeds, one a line (# comments)')
    .option('--rps <n>', 'most requests per second to the service', positiveNumber('--rps'), 10)
    .option(
      '--rate-margin-ms <n>',
      'added to the one-second window of --rps: the spread of the delay from here to the service reading a request (the crawl then uses at most 1000 / (1000 + n) of --rps)',
      integer('--rate-margin-ms'),
      DEFAULT_RATE_MARGIN_MS,
    )
    .option('--concurrency <n>', 'most requests in flight', integer('--concurrency', 1), 8)
    .option(
      '--follow <groups>',
      'what to follow: related,similar,competitor (default) and contacts,requisites (entities named in blocks)',
      list,
    )
    .option('--kinds <kinds>', 'kinds that may be fetched: domain,company,email,phone', list)
    .option('--max-fanout <n>', 'entries followed per list; longer lists mark a hub', integer('--max-fanout'))
    .option('--skip <seed>', 'a record not to expand (repeatable)', collect)
    .option('--max-records <n>', 'most records requested by this crawl', integer('--max-records', 1))
    .option('--refresh', 'crawl again although the same crawl finished before, requesting every record again')
    .option('--refresh-older-than <duration>', 'crawl again, requesting again the records fetched longer ago than this (e.g. 1d)')
    .option(
      '--max-age <duration>',
      'records any crawl fetched within this are expanded from the graph, not requested (0: request all)',
      '7d',
    )
    .option(
      '--timeout-ms <n>',
      'longest wait for response headers, and for silence while a body streams',
      integer('--timeout-ms', 1),
      30_000,
    )
    .option(
      '--max-body-mb <n>',
      'largest record accepted, in MiB (above 16, also give node a larger --max-old-space-size)',
      integer('--max-body-mb', 1),
      16,
    )
    .option(
      '--service-wait-ms <n>',
      'how long to wait for a service that stopped answering (probing it) before stopping with exit 6',
      integer('--service-wait-ms'),
      600_000,
    )
    .option('--json', 'final statistics as one JSON object on stdout')
    .addOption(new Option('--base-url <url>', 'the service (default: LANDING_BASE_URL)'))
    .addOption(new Option('--api-key <key>', 'the API key (default: LANDING_API_KEY; prefer the environment)'))
    .addOption(new Option('--neo4j-uri <uri>', 'default: NEO4J_URI, else the local Neo4j'))
    .addOption(new Option('--neo4j-database <name>', 'default: NEO4J_DATABASE'))
    .action(async (seedArgs: string[], flags: CrawlFlags) => {
      const seeds: LandingRef[] = seedArgs.map(parseSeed);
      if (flags.seedsFile) seeds.push(...(await readSeedsFile(flags.seedsFile)));
      if (seeds.length === 0) throw new LandingGraphError('SEED_INVALID', 'no seeds: give at least one seed or --seeds-file');
      const options = parseCrawlOptions({
        maxDepth: flags.depth,
        ...(flags.follow ? { follow: flags.follow as never } : {}),
        ...(flags.kinds ? { kinds: flags.kinds as never } : {}),
        maxFanout: flags.maxFanout,
        skip: (flags.skip ?? []).map((s) => refToString(parseSeed(s))),
        maxRecords: flags.maxRecords,
        refresh: flags.refresh ?? false,
        maxAgeMs: parseDurationMs(flags.maxAge ?? '7d', '--max-age'),
        refreshOlderThanMs:
          flags.refreshOlderThan === undefined ? undefined : parseDurationMs(flags.refreshOlderThan, '--refresh-older-than'),
      });
      const config = readConfig(process.env, flags);
      if (!config.service)
        throw new LandingGraphError(
          'CONFIG_INVALID',
          'LANDING_BASE_URL is not set (or pass --base-url); `landing-graph demo` crawls the built-in sandbox',
        );
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const graph = await openGraph(config.neo4j, log);
      try {
        const result = await crawlInto({
          service: config.service,
          driver: graph.driver,
          database: graph.database,
          seeds,
          options,
          requestsPerSecond: flags.rps,
          rateMarginMs: flags.rateMarginMs,
          concurrency: flags.concurrency,
          timeoutMs: flags.timeoutMs,
          maxBodyBytes: flags.maxBodyMb * 1024 * 1024,
          serviceWaitMs: flags.serviceWaitMs,
          stderr: process.stderr,
        });
        if (flags.json)
          process.stdout.write(
            `${JSON.stringify({ crawlId: result.crawlId, status: result.status, alreadyComplete: result.alreadyComplete, requeuedFailed: result.requeuedFailed, resumed: result.resumed, run: result.progress, totals: result.totals })}\n`,
          );
        log(`graph: ${graph.where}`);
        if (result.status === 'incomplete') {
          throw new LandingGraphError(
            'CRAWL_INCOMPLETE',
            `crawl ${result.crawlId} ended with ${result.totals.failed} record(s) failed after every retry (see the nodes with status 'failed'); the same command retries them`,
          );
        }
      } finally {
        await graph.driver.close();
      }
    });
}
