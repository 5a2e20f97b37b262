import { Command, Option } from 'commander';
import { z } from 'zod';
import { DEFAULT_RATE_MARGIN_MS } from '../../rate/limiter.js';
import type { LandingRef } from '../../api/refs.js';
import { refToString } from '../../api/refs.js';
import { parseDurationMs } from '../../time/duration.js';
import { parseCrawlOptions } from '../../crawl/options.js';
import { parseSeed, readSeedsFile } from '../../api/seeds.js';
import { LandingGraphError } from '../../errors.js';
import { readConfig } from '../config.js';
import { workSampleWriter } from '../work-samples.js';
import { commaList, parseOptions, positiveNumber, repeatable, wholeNumber } from '../options.js';
import { graphOptions, logLine as log, withGraph } from './with-graph.js';
import { crawlOnStderr } from '../crawl-on-stderr.js';
import { requestOptionsOf } from '../request-flags.js';

const optionsSchema = z.object({
  depth: wholeNumber('--depth', 0),
  seedsFile: z.string().min(1).optional(),
  rps: positiveNumber('--rps'),
  rateMarginMs: wholeNumber('--rate-margin-ms', 0),
  concurrency: wholeNumber('--concurrency', 1),
  follow: commaList.optional(),
  kinds: commaList.optional(),
  maxFanout: wholeNumber('--max-fanout', 0).optional(),
  skip: z.array(z.string()).default([]),
  maxRecords: wholeNumber('--max-records', 1).optional(),
  json: z.boolean().default(false),
  refresh: z.boolean().default(false),
  maxAge: z.string(),
  refreshOlderThan: z.string().optional(),
  acceptMassGone: z.boolean().default(false),
  timeoutMs: wholeNumber('--timeout-ms', 1),
  maxBodyMb: wholeNumber('--max-body-mb', 1),
  serviceWaitMs: wholeNumber('--service-wait-ms', 0),
  firstContactTimeoutMs: wholeNumber('--first-contact-timeout-ms', 0),
  redisUrl: z.string().min(1).optional(),
  workers: wholeNumber('--workers', 0, 64),
  enqueueOnly: z.boolean().default(false),
  baseUrl: z.string().optional(),
  apiKey: z.string().optional(),
  neo4jUri: z.string().optional(),
  neo4jDatabase: z.string().optional(),
});

/** `landing-graph crawl <seed...> --depth <n>`: parse, call the library, report. */
export function crawlCommand(): Command {
  const command = new Command('crawl')
    .description('Crawl breadth-first from seeds into Neo4j; the same command resumes an interrupted crawl')
    .argument('[seed...]', 'domain:<domain> company:<INN|OGRN> email:<address> phone:+<digits> or <kind>#<page number>')
    .option('-d, --depth <n>', 'hops from the seeds whose records are fetched', '1')
    .option('--seeds-file <path>', 'more seeds, one a line (# comments)')
    .option('--rps <n>', 'most requests per second to the service', '10')
    .option(
      '--rate-margin-ms <n>',
      'added to the one-second window of --rps: the spread of the delay from here to the service reading a request (the crawl then uses at most 1000 / (1000 + n) of --rps)',
      String(DEFAULT_RATE_MARGIN_MS),
    )
    .option('--concurrency <n>', 'most requests in flight', '8')
    .option(
      '--redis-url <url>',
      'share the --rps window with every crawl on the same service and key through this Redis (default: REDIS_URL; none: this process alone)',
    )
    .option('--workers <n>', 'with Redis: start this many local worker processes for the crawl, beside its own', '0')
    .option('--enqueue-only', 'with Redis: fetch nothing here; `landing-graph worker` processes anywhere take the records')
    .option(
      '--follow <groups>',
      'what to follow: related, similar, competitor, contacts (phones and e-mails named in blocks), requisites (INN/OGRN named in blocks) (default: related,similar,competitor)',
    )
    .option('--kinds <kinds>', 'kinds that may be fetched: domain,company,email,phone')
    .option('--max-fanout <n>', 'entries followed per list; longer lists mark a hub')
    .option('--skip <seed>', 'a record not to expand (repeatable)', repeatable)
    .option('--max-records <n>', 'most records requested by this crawl')
    .option('--refresh', 'crawl again although the same crawl finished before, requesting every record again')
    .option('--refresh-older-than <duration>', 'crawl again, requesting again the records fetched longer ago than this (e.g. 1d)')
    .option('--accept-mass-gone', 'write 404s of records fetched before even when more than 20% of those asked again answer 404')
    .option(
      '--max-age <duration>',
      'records any crawl fetched within this are expanded from the graph, not requested (0: request all)',
      '7d',
    )
    .option('--timeout-ms <n>', 'longest wait for response headers, and for silence while a body streams', '30000')
    .option('--max-body-mb <n>', 'largest record accepted, in MiB (above 16, also give node a larger --max-old-space-size)', '16')
    .option(
      '--service-wait-ms <n>',
      'how long to wait for a service that stopped answering (probing it) before stopping with exit 6',
      '600000',
    )
    .option(
      '--first-contact-timeout-ms <n>',
      'how long to try a service that no request has reached yet (a wrong address) before stopping with exit 2, leaving no crawl behind',
      '30000',
    )
    .option('--json', 'final statistics as one JSON object on stdout')
    .addOption(new Option('--base-url <url>', 'the service (default: LANDING_BASE_URL)'))
    .addOption(new Option('--api-key <key>', 'the API key (default: LANDING_API_KEY; prefer the environment)'));
  return graphOptions(command).action(async (seedArgs: string[], raw: Record<string, unknown>) => {
    const flags = parseOptions(optionsSchema, raw);
    const seeds: LandingRef[] = seedArgs.map(parseSeed);
    if (flags.seedsFile) seeds.push(...(await readSeedsFile(flags.seedsFile)));
    if (seeds.length === 0) throw new LandingGraphError('SEED_INVALID', 'no seeds: give at least one seed or --seeds-file');
    const options = parseCrawlOptions({
      maxDepth: flags.depth,
      ...(flags.follow ? { follow: flags.follow as never } : {}),
      ...(flags.kinds ? { kinds: flags.kinds as never } : {}),
      maxFanout: flags.maxFanout,
      skip: flags.skip.map((s) => refToString(parseSeed(s))),
      maxRecords: flags.maxRecords,
      refresh: flags.refresh,
      maxAgeMs: parseDurationMs(flags.maxAge, '--max-age'),
      refreshOlderThanMs:
        flags.refreshOlderThan === undefined ? undefined : parseDurationMs(flags.refreshOlderThan, '--refresh-older-than'),
      acceptMassGone: flags.acceptMassGone,
    });
    const config = readConfig(process.env, flags);
    if (!config.service)
      throw new LandingGraphError(
        'CONFIG_INVALID',
        'LANDING_BASE_URL is not set (or pass --base-url); `landing-graph demo` crawls the built-in sandbox',
      );
    const service = config.service;
    const redisUrl = flags.redisUrl ?? (process.env.REDIS_URL || undefined);
    if (redisUrl === undefined && (flags.workers > 0 || flags.enqueueOnly))
      throw new LandingGraphError('CONFIG_INVALID', '--workers and --enqueue-only need Redis: pass --redis-url or set REDIS_URL');
    await withGraph(flags, { applySchema: true }, async (graph) => {
      const result = await crawlOnStderr(
        {
          service,
          driver: graph.driver,
          database: graph.database,
          seeds,
          options,
          ...requestOptionsOf(flags),
          redisUrl,
          workers: flags.workers,
          enqueueOnly: flags.enqueueOnly,
          ...(config.workSamplesFile ? { onWorkSample: workSampleWriter(config.workSamplesFile, process.stderr) } : {}),
        },
        process.stderr,
      );
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
    });
  });
}
