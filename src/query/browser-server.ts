import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { renderBrowserGuide } from './browser-guide.js';
import type { QueryDefinition } from './types.js';

/** The package's browser/ folder (two folders up from src/query and dist/query alike). */
const BROWSER_FOLDER = fileURLToPath(new URL('../../browser/', import.meta.url));

export interface BrowserServerOptions {
  /** Port to listen on; 0 picks a free one. Default 8000. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1 (0.0.0.0 inside a container that Browser reaches from outside). */
  host?: string;
}

export interface BrowserServer {
  /** `http://localhost:<port>`: Neo4j Browser fetches remote guides only from allowed hosts, localhost by default. */
  url: string;
  /** The commands to type in Neo4j Browser. */
  play: string;
  style: string;
  close(): Promise<void>;
}

/**
 * Serve the query library's guide (made from `queries` now, never stale) and the graph style to Neo4j Browser.
 * Browser fetches `:play <url>` and `:style <url>` from the web page, cross-origin, with headers of its own
 * (`sentry-trace`, `baggage`, `Pragma`, `Cache-Control`): so every answer allows any origin, and the preflight
 * allows whatever headers it asks for. Only two paths answer; nothing else is read from disk.
 */
export async function startBrowserServer(queries: readonly QueryDefinition[], options: BrowserServerOptions = {}): Promise<BrowserServer> {
  const files: Record<string, { type: string; body: string }> = {
    '/guide.html': { type: 'text/html; charset=utf-8', body: renderBrowserGuide(queries) },
    '/landing-graph.grass': { type: 'text/plain; charset=utf-8', body: readFileSync(`${BROWSER_FOLDER}landing-graph.grass`, 'utf8') },
  };
  const server = createServer((request, response) => answer(files, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8000, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  return {
    url,
    play: `:play ${url}/guide.html`,
    style: `:style ${url}/landing-graph.grass`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function answer(files: Record<string, { type: string; body: string }>, request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  const asked = request.headers['access-control-request-headers'];
  // Allow exactly what the preflight asks for: Browser's set of headers changes between versions.
  if (asked) response.setHeader('Access-Control-Allow-Headers', asked);
  response.setHeader('Access-Control-Max-Age', '600');
  response.setHeader('Cache-Control', 'no-cache');
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end();
    return;
  }
  const file = files[new URL(request.url ?? '/', 'http://localhost').pathname];
  if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) {
    response
      .writeHead(file ? 405 : 404, { 'Content-Type': 'text/plain; charset=utf-8' })
      .end(file ? 'GET only\n' : 'not found: /guide.html and /landing-graph.grass are served\n');
    return;
  }
  response.writeHead(200, { 'Content-Type': file.type, 'Content-Length': Buffer.byteLength(file.body) });
  response.end(request.method === 'HEAD' ? undefined : file.body);
}
