import type { ServerResponse } from 'node:http';
import type { FaultDecision } from './faults.js';
import type { RouteAnswer } from './router.js';
import type { SandboxStats } from './stats.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

const PROXY_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
const MAINTENANCE_PAGE =
  '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>Технические работы</title></head>' +
  '<body><h1>Сервис временно недоступен</h1><p>Идут технические работы. Попробуйте позже.</p></body></html>';

/** Sends a complete answer and counts its status. */
export function send(
  res: ServerResponse,
  stats: SandboxStats | undefined,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  const bytes = Buffer.from(body, 'utf8');
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': String(bytes.length), ...headers });
  stats?.sent(status);
  res.end(bytes);
}

export function sendJson(
  res: ServerResponse,
  stats: SandboxStats | undefined,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  send(res, stats, status, JSON.stringify(value), headers);
}

/** A 500, 502 or 503 error answer (502 as a proxy's HTML page, the others JSON). */
export function sendServerError(res: ServerResponse, stats: SandboxStats, status: 500 | 502 | 503): void {
  if (status === 502) send(res, stats, 502, PROXY_502, { 'content-type': HTML_TYPE });
  else sendJson(res, stats, status, { error: status === 500 ? 'internal server error' : 'service unavailable' });
}

/** A 200 with an HTML maintenance page instead of JSON. */
export function sendHtmlPage(res: ServerResponse, stats: SandboxStats): void {
  send(res, stats, 200, MAINTENANCE_PAGE, { 'content-type': HTML_TYPE });
}

/** How many bytes of a body a cut or truncated answer sends: at least one, never all. */
function keptBytes(length: number, decision: FaultDecision): number {
  return Math.max(1, Math.min(length - 1, Math.floor(length * decision.keepShare)));
}

/** Headers promising the whole body, part of the body, then the socket destroyed. */
export function sendCut(res: ServerResponse, stats: SandboxStats, answer: RouteAnswer, decision: FaultDecision): void {
  const bytes = Buffer.from(answer.body, 'utf8');
  const keep = keptBytes(bytes.length, decision);
  res.writeHead(answer.status, { 'content-type': JSON_TYPE, 'content-length': String(bytes.length) });
  stats.sent(answer.status);
  res.write(bytes.subarray(0, keep), () => res.destroy());
}

/** A 200 whose JSON body is cut short: a matching short Content-Length, or chunked and ended early. */
export function sendTruncated(res: ServerResponse, stats: SandboxStats, answer: RouteAnswer, decision: FaultDecision): void {
  const bytes = Buffer.from(answer.body, 'utf8');
  const short = bytes.subarray(0, keptBytes(bytes.length, decision));
  const headers: Record<string, string> = { 'content-type': JSON_TYPE };
  if (!decision.chunked) headers['content-length'] = String(short.length);
  res.writeHead(200, headers);
  stats.sent(200);
  res.end(short);
}
