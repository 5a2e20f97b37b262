/**
 * Whether a message of undici's diagnostics channels (`undici:client:sendHeaders`, `undici:request:headers`, ...)
 * is about a request to `origin` (scheme, host and port; e.g. a sandbox's url).
 */
export function requestsTo(origin: string): (message: unknown) => boolean {
  const wanted = new URL(origin).origin;
  return (message) => {
    const requestOrigin = (message as { request?: { origin?: unknown } }).request?.origin;
    return requestOrigin !== undefined && new URL(String(requestOrigin)).origin === wanted;
  };
}
