import { Command, Option } from 'commander';
import { z } from 'zod';
import { DEFAULT_RATE_MARGIN_MS } from '../../rate/limiter.js';
import { serviceId } from '../../rate/shared-window.js';
import { LandingGraphError } from '../../errors.js';
import { startFetchWorker } from '../../queue/fetch-worker.js';
import { workerNotices } from '../../app/worker-notices.js';
import { FetchTally } from '../../queue/tally.js';
import { readConfig } from '../config.js';
import { parseOptions, positiveNumber, wholeNumber } from '../options.js';
import { openServiceClient } from '../../app/service-client.js';
import { requestOptionsOf } from '../request-flags.js';
import { logLine as log } from './with-graph.js';

const optionsSchema = z.object({
  redisUrl: z.string().min(1).optional(),
  rps: positiveNumber('--rps'),
  rateMarginMs: wholeNumber('--rate-margin-ms', 0),
  concurrency: wholeNumber('--concurrency', 1),
  timeoutMs: wholeNumber('--timeout-ms', 1),
  maxBodyMb: wholeNumber('--max-body-mb', 1),
  serviceWaitMs: wholeNumber('--service-wait-ms', 0),
  firstContactTimeoutMs: wholeNumber('--first-contact-timeout-ms', 0),
  baseUrl: z.string().optional(),
  apiKey: z.string().optional(),
});

/**
 * `landing-graph worker`: take record tasks of every crawl on this service and key from Redis, fetch them within the
 * shared rate window, and answer; until Ctrl-C (or SIGTERM), which finishes the tasks in hand. Needs Redis and the
 * service, not Neo4j: the crawl that queued a task writes its record.
 */
export function workerCommand(): Command {
  return new Command('worker')
    .description('Fetch record tasks of running crawls (crawl --redis-url) for one service and key; any number, on any machine')
    .option('--redis-url <url>', 'the Redis of the crawls (default: REDIS_URL)')
    .option(
      '--rps <n>',
      "most requests per second to the service, for every process on the key together (the lowest process's holds)",
      '10',
    )
    .option('--rate-margin-ms <n>', 'added to the one-second window of --rps (see crawl --help)', String(DEFAULT_RATE_MARGIN_MS))
    .option('--concurrency <n>', 'tasks in hand at once', '8')
    .option('--timeout-ms <n>', 'longest wait for response headers, and for silence while a body streams', '30000')
    .option('--max-body-mb <n>', 'largest record accepted, in MiB', '16')
    .option('--service-wait-ms <n>', 'how long to wait for a service that stopped answering', '600000')
    .option('--first-contact-timeout-ms <n>', 'how long to try a service that no request has reached yet (a wrong address)', '30000')
    .addOption(new Option('--base-url <url>', 'the service (default: LANDING_BASE_URL)'))
    .addOption(new Option('--api-key <key>', 'the API key (default: LANDING_API_KEY; prefer the environment)'))
    .action(async (raw: Record<string, unknown>) => {
      const flags = parseOptions(optionsSchema, raw);
      const redisUrl = flags.redisUrl ?? (process.env.REDIS_URL || undefined);
      if (redisUrl === undefined) throw new LandingGraphError('CONFIG_INVALID', 'a worker needs Redis: pass --redis-url or set REDIS_URL');
      const service = readConfig(process.env, flags).service;
      if (!service) throw new LandingGraphError('CONFIG_INVALID', 'LANDING_BASE_URL is not set (or pass --base-url)');
      const tally = new FetchTally();
      const { client, close } = await openServiceClient({
        service,
        redisUrl,
        ...requestOptionsOf(flags),
        onEvent: tally.onEvent,
      });
      const worker = startFetchWorker({
        redisUrl,
        serviceId: serviceId(service.baseUrl, service.apiKey),
        fetch: (ref) => client.fetch(ref),
        tally,
        concurrency: flags.concurrency,
        ...workerNotices(`worker ${process.pid}`, log),
      });
      log(`worker ${process.pid}: taking record tasks (Ctrl-C finishes the tasks in hand and stops)`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await worker.close();
      await close();
      log(`worker ${process.pid}: stopped after ${worker.done} task(s)`);
    });
}
