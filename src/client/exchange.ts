import { request, type Dispatcher } from 'undici';
import { LandingGraphError } from '../errors.js';
import { refPath } from '../api/refs.js';
import { errorForStatus, fromNetworkError, rateLimited, transient } from './http-errors.js';
import { isCompleteJson } from './json-complete.js';
import type { Send } from './send.js';

export interface ExchangeOptions {
  /** The service's base address, a path prefix kept (no trailing slash). */
  base: URL;
  /** Sent as X-Api-Key; never in an error. */
  apiKey: string;
  dispatcher: Dispatcher;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  maxBodyBytes: number;
}

/**
 * One attempt over HTTP, the innermost piece of the client: GET the record, and either its exact text (one whole
 * JSON value) or a LandingGraphError that says what went wrong (http-errors.ts). No policy here: whether to try
 * again, wait or give up is the layers' business.
 */
export function exchange(options: ExchangeOptions): Send {
  return async (call) => {
    call.beforeSend?.();
    try {
      const url = new URL(options.base.pathname.replace(/\/$/, '') + refPath(call.ref), options.base.origin);
      const { statusCode, headers, body } = await request(url, {
        method: 'GET',
        dispatcher: options.dispatcher,
        headers: { 'x-api-key': options.apiKey, accept: 'application/json', ...call.headers },
        headersTimeout: options.headersTimeoutMs,
        bodyTimeout: options.bodyTimeoutMs,
      });
      if (statusCode < 500) call.onAnswered?.();
      if (statusCode === 429) {
        // Thrown before the body is drained: the limiter's layer pauses on it at once, not a read of the socket later.
        body.dump().catch(() => undefined);
        throw rateLimited(call.what, headers['retry-after']);
      }
      if (statusCode !== 200) {
        const snippet = await readBounded(body, 200, call.what, true).catch(() => '');
        throw errorForStatus(statusCode, call.what, snippet);
      }
      const text = await readBounded(body, options.maxBodyBytes, call.what, false);
      const contentType = String(headers['content-type'] ?? '');
      if (/html/i.test(contentType) || /^\s*</.test(text)) {
        throw transient('an HTML page instead of JSON (HTTP 200)', call.what, undefined, { contentType });
      }
      if (!isCompleteJson(text)) throw transient(`a body that is not complete JSON (${text.length} characters)`, call.what);
      return { text, attempts: 1 };
    } catch (error) {
      throw fromNetworkError(error, call.what);
    }
  };
}

async function readBounded(
  body: AsyncIterable<Buffer> & { destroy(): void },
  maxBytes: number,
  what: string,
  truncate: boolean,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      if (truncate) {
        chunks.push(chunk);
        return Buffer.concat(chunks).toString('utf8').slice(0, maxBytes);
      }
      throw new LandingGraphError('API_CLIENT', `the record for ${what} is larger than maxBodyBytes (${maxBytes} bytes)`, {
        details: { maxBytes },
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
