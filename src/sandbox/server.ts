import { z } from 'zod';
import { evolveGraph } from './evolve.js';
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaultPlan, type FaultOptions, type OutageMode } from './faults.js';
import { generateGraph } from './generate-graph.js';
import type { SandboxGraph } from './graph-types.js';
import type { PlantedTruth } from './planted/networks.js';
import { groundTruth } from './ground-truth.js';
import { send, sendCut, sendHtmlPage, sendJson, sendServerError, sendTruncated } from './responses.js';
import { BodyCache, kindOfPath, route } from './router.js';
import { SandboxStats } from './stats.js';

export interface SandboxOptions {
  /** The graph to serve. Default: generateGraph({ records, seed, specials }). */
  graph?: SandboxGraph;
  /** What was planted in `graph` (plantNetworks): the ground truth marks it. */
  planted?: PlantedTruth;
  /** Records of the generated graph when no graph is given. Default 2000. */
  records?: number;
  /** Seed of the generated graph when no graph is given. Default 1. */
  seed?: number;
  /** Add the special records to the generated graph. Default false. */
  specials?: boolean;
  /** Port; 0 picks a free one. Default 0. */
  port?: number;
  /** Interface to listen on. Default '127.0.0.1'. */
  host?: string;
  /** The value X-Api-Key must carry. Default 'sandbox-key'. */
  apiKey?: string;
  /** Faults, all off by default (see faults.ts). */
  faults?: FaultOptions;
  /** Clock in epoch ms for calendar-second stats, limitRps and Retry-After (sliding windows use performance.now). Default Date.now. */
  now?: () => number;
  /** Serialised record bodies kept for repeated requests. Default 256. */
  cacheSize?: number;
}

export interface Sandbox {
  /** Base address, e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  port: number;
  apiKey: string;
  /** The world being served (the latest one given to setGraph). */
  readonly graph: SandboxGraph;
  /**
   * Serves another world from now on, without a restart (e.g. evolveGraph(sandbox.graph)): bodies built
   * from the old one are forgotten; a request answered after the call gets the new world. Faults,
   * counters and connections are kept.
   */
  setGraph(graph: SandboxGraph): void;
  stats: SandboxStats;
  /** Replaces all faults (omitted ones are off) and restarts the fault sequence and 429 counters. */
  setFaults(faults: FaultOptions): void;
  /** The faults in force. */
  faults(): FaultOptions;
  /**
   * The service goes away: every open connection is dropped (requests under way fail), held and delayed
   * requests end, and new connections are refused (`refuse`, the default: the listener closes) or accepted
   * and reset (`reset`). The control paths go away too. Resolves once that is so.
   */
  goDown(mode?: OutageMode): Promise<void>;
  /** The service is back, on the same port. */
  comeBack(): Promise<void>;
  /** Whether the service is down (goDown or an `outage` fault). */
  isDown(): boolean;
  /** Stops listening, drops held and waiting requests, closes every connection. */
  close(): Promise<void>;
}

/**
 * Starts the landing service sandbox. Endpoints:
 * - GET /api/v1/landing/{kind}/{id} and /api/v1/landing/{kind}/{key}?isKey=true (see router.ts), with
 *   X-Api-Key: missing or wrong -> 401 {"error":"unauthorized"}; other methods -> 405; unknown -> 404;
 * - GET /__sandbox/stats, /__sandbox/ground-truth, /__sandbox/faults: JSON, no key needed, never faulted
 *   and not counted (`/__sandbox/stats?windowMs=975`: the busiest window of that length instead of 1,000 ms);
 *   POST /__sandbox/evolve with evolveGraph's random counts as JSON serves the next world; POST /__sandbox/faults
 *   with FaultOptions as JSON replaces the faults (setFaults); POST /__sandbox/stats/reset (no body, or
 *   `{}`) starts the counters again. A test drives a sandbox in another process through these.
 * Order for the service's paths: count arrival, method, key, 429 burst / limitRps, latency, then one of
 * error, timeout, cut, truncated, HTML or the real answer.
 */
const count = z.int().min(0).max(1_000_000);
/** What POST /__sandbox/evolve accepts: evolveGraph's seed and random counts. */
const evolveRequestSchema = z.strictObject({
  seed: count.optional(),
  removeEntries: count.optional(),
  addEntries: count.optional(),
  retitle: count.optional(),
  changeFields: count.optional(),
  gone: count.optional(),
  back: z.union([count, z.literal('all')]).optional(),
  newRecords: count.optional(),
});
/** What POST /__sandbox/stats/reset accepts. */
const resetRequestSchema = z.strictObject({});
const windowMsSchema = z.coerce.number().int().min(1).max(3_600_000);

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  let graph = options.graph ?? generateGraph({ records: options.records, seed: options.seed, specials: options.specials });
  const apiKey = options.apiKey ?? 'sandbox-key';
  const now = options.now ?? Date.now;
  const plan = new FaultPlan(options.faults ?? {});
  const stats = new SandboxStats();
  const cache = new BodyCache(options.cacheSize ?? 256);
  const held = new Set<ServerResponse>();
  const waiting = new Map<NodeJS.Timeout, () => void>();
  let truthBody: string | undefined;
  let closing = false;
  let down: OutageMode | undefined;
  let outageTimer: NodeJS.Timeout | undefined;
  /** goDown and comeBack, one after the other. */
  let transition: Promise<void> = Promise.resolve();

  /** GET /__sandbox/stats[?windowMs=n]. */
  const statsAnswer = (res: ServerResponse, windowMs: string | null): void => {
    const parsed = windowMsSchema.safeParse(windowMs ?? 1000);
    if (parsed.success) sendJson(res, undefined, 200, stats.snapshot(parsed.data));
    else sendJson(res, undefined, 400, { error: `windowMs: not a whole number of ms from 1: ${windowMs}` });
  };

  const control = (res: ServerResponse, url: URL): void => {
    const pathname = url.pathname;
    if (pathname === '/__sandbox/stats') statsAnswer(res, url.searchParams.get('windowMs'));
    else if (pathname === '/__sandbox/faults') sendJson(res, undefined, 200, plan.current());
    else if (pathname === '/__sandbox/ground-truth')
      send(res, undefined, 200, (truthBody ??= JSON.stringify(groundTruth(graph, options.planted))));
    else sendJson(res, undefined, 404, { error: 'not found' });
  };

  /** A control request's JSON body ({} when empty); undefined when it is not JSON (answered 400 here). */
  const jsonBody = async (req: IncomingMessage, res: ServerResponse): Promise<unknown> => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    try {
      return JSON.parse(body || '{}') as unknown;
    } catch {
      sendJson(res, undefined, 400, { error: 'the body is not JSON' });
      return undefined;
    }
  };

  /** POST /__sandbox/faults {...FaultOptions}: replace the faults, as setFaults. */
  const faultsFromRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const json = await jsonBody(req, res);
    if (json === undefined) return;
    try {
      plan.set(json);
    } catch (error) {
      return sendJson(res, undefined, 400, { error: error instanceof Error ? error.message : String(error) });
    }
    sendJson(res, undefined, 200, plan.current());
  };

  /** POST /__sandbox/stats/reset: the counters start again. */
  const resetFromRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const json = await jsonBody(req, res);
    if (json === undefined) return;
    const parsed = resetRequestSchema.safeParse(json);
    if (!parsed.success) return sendJson(res, undefined, 400, { error: parsed.error.issues[0]?.message ?? 'invalid reset' });
    stats.reset();
    sendJson(res, undefined, 200, stats.snapshot());
  };

  /** POST /__sandbox/evolve {seed, removeEntries, ...}: serve the next world (for a sandbox in another process). */
  const evolveFromRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    let json: unknown;
    try {
      json = JSON.parse(body || '{}');
    } catch {
      return sendJson(res, undefined, 400, { error: 'the body is not JSON' });
    }
    const parsed = evolveRequestSchema.safeParse(json);
    if (!parsed.success) return sendJson(res, undefined, 400, { error: parsed.error.issues[0]?.message ?? 'invalid options' });
    const next = evolveGraph(graph, parsed.data);
    graph = next;
    cache.clear();
    truthBody = undefined;
    sendJson(res, undefined, 200, {
      generation: next.generation,
      changes: next.changes.length,
      gone: next.goneIds.length,
      newIds: next.newIds.length,
    });
  };

  /** `arrivedAtMs`: performance.now when the request was received, for the sliding-window count. */
  const serve = async (req: IncomingMessage, res: ServerResponse, arrivedAtMs: number): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if (url.pathname === '/__sandbox/evolve' && req.method === 'POST') return evolveFromRequest(req, res);
    if (url.pathname === '/__sandbox/faults' && req.method === 'POST') return faultsFromRequest(req, res);
    if (url.pathname === '/__sandbox/stats/reset' && req.method === 'POST') return resetFromRequest(req, res);
    if (url.pathname.startsWith('/__sandbox/')) {
      if (req.method !== 'GET') sendJson(res, undefined, 405, { error: 'method not allowed' }, { allow: 'GET' });
      else control(res, url);
      return;
    }
    const arrived = now();
    stats.arrive(req.url ?? '/', kindOfPath(url.pathname), arrived, arrivedAtMs);
    const outage = plan.outageStarts();
    if (outage) {
      outageTimer = setTimeout(() => {
        outageTimer = undefined;
        void comeBack();
      }, outage.forMs);
      await goDown(outage.mode ?? 'refuse'); // drops this request's connection too
      return;
    }
    if (req.method !== 'GET') return sendJson(res, stats, 405, { error: 'method not allowed' }, { allow: 'GET' });
    if (!keyMatches(req.headers['x-api-key'], apiKey)) return sendJson(res, stats, 401, { error: 'unauthorized' });
    const limited = plan.rateLimit(arrived);
    if (limited) {
      stats.fault(limited.reason);
      stats.announceRetryAfter(limited.until, arrived);
      return sendJson(res, stats, 429, { error: 'too many requests' }, { 'retry-after': limited.retryAfter });
    }
    const decision = plan.decide();
    if (decision.delayMs > 0) {
      stats.fault('latency');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(timer);
          resolve();
        }, decision.delayMs);
        waiting.set(timer, resolve);
      });
      if (closing || down || res.destroyed) return;
    }
    if (decision.fault === 'timeout') {
      stats.fault('timeout');
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    if (decision.fault === 'error') {
      stats.fault('error');
      return sendServerError(res, stats, decision.errorStatus);
    }
    if (decision.fault === 'html') {
      stats.fault('html');
      return sendHtmlPage(res, stats);
    }
    const answer = route(graph, cache, url.pathname, url.searchParams);
    if (decision.fault === 'cut') {
      stats.fault('cut');
      return sendCut(res, stats, answer, decision);
    }
    if (decision.fault === 'truncated' && answer.status === 200) {
      stats.fault('truncated');
      return sendTruncated(res, stats, answer, decision);
    }
    send(res, stats, answer.status, answer.body);
  };

  const server = createServer((req, res) => {
    serve(req, res, performance.now()).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, stats, 500, { error: 'internal server error', detail: error instanceof Error ? error.message : String(error) });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.on('connection', (socket) => {
    if (down === 'reset') socket.resetAndDestroy();
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(options.port ?? 0);
  const address = server.address() as AddressInfo;

  /** Ends delayed and held requests (close, outage). */
  const dropPending = () => {
    for (const [timer, resolve] of waiting) {
      clearTimeout(timer);
      resolve();
    }
    waiting.clear();
    for (const res of held) res.destroy();
    held.clear();
  };
  const goDown = (mode: OutageMode = 'refuse'): Promise<void> =>
    (transition = transition.then(async () => {
      if (down || closing) return;
      down = mode;
      dropPending();
      if (mode === 'refuse') {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
      } else {
        server.closeAllConnections();
      }
    }));
  const comeBack = (): Promise<void> =>
    (transition = transition.then(async () => {
      if (!down || closing) return;
      if (outageTimer) clearTimeout(outageTimer);
      outageTimer = undefined;
      if (down === 'refuse') await listen(address.port);
      down = undefined;
    }));
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    apiKey,
    get graph() {
      return graph;
    },
    setGraph: (next) => {
      graph = next;
      cache.clear();
      truthBody = undefined;
    },
    stats,
    setFaults: (faults) => plan.set(faults),
    faults: () => plan.current(),
    goDown,
    comeBack,
    isDown: () => down !== undefined,
    close: async () => {
      await transition.catch(() => undefined);
      closing = true;
      if (outageTimer) clearTimeout(outageTimer);
      dropPending();
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** Constant-time comparison of the X-Api-Key header with the key (a repeated header never matches). */
function keyMatches(header: string | string[] | undefined, key: string): boolean {
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header, 'utf8');
  const expected = Buffer.from(key, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
