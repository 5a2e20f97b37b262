import { readFileSync } from 'node:fs';

let tool: { name: string; version: string } | undefined;

/** This tool's name and version, from package.json (the same relative place from src/ and dist/). */
export function toolInfo(): { name: string; version: string } {
  if (!tool) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name?: unknown; version?: unknown };
      tool = { name: String(pkg.name ?? 'landing-graph'), version: String(pkg.version ?? 'unknown') };
    } catch {
      tool = { name: 'landing-graph', version: 'unknown' };
    }
  }
  return tool;
}

/**
 * A URI fit for an export: scheme, host, port and path only; userinfo (user:password@), query and
 * fragment are dropped, so no credential or key can ride along. Text that is no URI becomes null.
 */
export function cleanUri(uri: string): string | null {
  try {
    const url = new URL(uri);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString();
  } catch {
    return null;
  }
}
