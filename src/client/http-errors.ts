import { LandingGraphError, quoteValue } from '../errors.js';

/**
 * The one place where HTTP outcomes and undici's errors become LandingGraphErrors. Nothing here may
 * carry request headers: the X-Api-Key must never reach a message, a log or a stack.
 */
export function errorForStatus(status: number, what: string, bodySnippet: string): LandingGraphError {
  const details = { status };
  const served = bodySnippet ? ` (served ${quoteValue(bodySnippet, 120)})` : '';
  if (status === 401 || status === 403) {
    return new LandingGraphError(
      'API_AUTH',
      `the landing service refused the API key (HTTP ${status}) for ${what}; check LANDING_API_KEY`,
      { details },
    );
  }
  if (status === 404) return new LandingGraphError('API_NOT_FOUND', `no landing record for ${what} (HTTP 404)`, { details });
  if (status === 429) return rateLimited(what, undefined);
  if (status >= 500 || status === 408) {
    return new LandingGraphError('API_TRANSIENT', `the landing service failed for ${what} (HTTP ${status})${served}`, { details });
  }
  return new LandingGraphError('API_CLIENT', `the landing service rejected the request for ${what} (HTTP ${status})${served}`, { details });
}

/** A 429, with its Retry-After header as served (with-limiter.ts reads it). */
export function rateLimited(what: string, retryAfter: string | string[] | undefined): LandingGraphError {
  return new LandingGraphError('API_RATE_LIMITED', `rate limited by the landing service for ${what} (HTTP 429)`, {
    details: { status: 429, ...(retryAfter === undefined ? {} : { retryAfter }) },
  });
}

export function transient(message: string, what: string, cause?: unknown, details: Record<string, unknown> = {}): LandingGraphError {
  return new LandingGraphError('API_TRANSIENT', `${message} for ${what}`, { cause, details });
}

/** undici's network-level errors (time-outs, resets, closed sockets, length mismatches) are transient. */
export function fromNetworkError(error: unknown, what: string): LandingGraphError {
  if (error instanceof LandingGraphError) return error;
  const code = String((error as { code?: unknown })?.code ?? '');
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'UND_ERR_INVALID_ARG' || code === 'ERR_INVALID_URL') {
    return new LandingGraphError('CONFIG_INVALID', `cannot request ${what}: ${message}`, { cause: error, details: { code } });
  }
  const syscall = (error as { syscall?: unknown })?.syscall;
  return transient(`network failure ${code || 'unknown'} (${message})`, what, error, {
    code,
    ...(typeof syscall === 'string' ? { syscall } : {}),
  });
}

/** Network codes that mean no connection to the service could be made at all (no request reached it). */
const CONNECT_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'DNS lookup failed',
  EAI_AGAIN: 'DNS lookup failed',
  EAI_FAIL: 'DNS lookup failed',
  UND_ERR_CONNECT_TIMEOUT: 'connect time-out',
  ETIMEDOUT: 'connect time-out',
  EHOSTUNREACH: 'host unreachable',
  EHOSTDOWN: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENETDOWN: 'network unreachable',
};

/**
 * How a failed request bears on the service being up (service-gate.ts): `connectFailure` is a failure to
 * connect at all (refused or reset while connecting, DNS, connect time-out, unreachable), so no request
 * reached the service; otherwise `reason` is a short label (`HTTP 503`, `network failure UND_ERR_SOCKET`).
 * A reset of a connection that was already open (a keep-alive race, a dropped request) is not one.
 */
export function outageSignal(error: LandingGraphError): { connectFailure: boolean; reason: string } {
  const code = String(error.details.code ?? '');
  const syscall = error.details.syscall;
  const connect = CONNECT_FAILURES[code];
  if (connect && (code !== 'ECONNRESET' || syscall === 'connect')) return { connectFailure: true, reason: connect };
  if (syscall === 'connect' || syscall === 'getaddrinfo') return { connectFailure: true, reason: `connect failure ${code}` };
  if (typeof error.details.status === 'number') return { connectFailure: false, reason: `HTTP ${error.details.status}` };
  return { connectFailure: false, reason: code ? `network failure ${code}` : error.code };
}
