import { createHash } from 'node:crypto';

/**
 * FtM entity ids, the same for the same record in every export: derived from what identifies the record in
 * every graph (its kind and natural key, never a database's element id). A company keyed by digits (its INN,
 * else OGRN) is `lg-company-<digits>`; anything else is `lg-<kind>-` and the first 24 hex digits of the SHA-1
 * of `<kind>:<key>`. A link is `lg-<schema>-` and the SHA-1 of its schema, its two ends' ids and its role.
 */
export function recordId(kind: string, key: string): string {
  if (kind === 'company' && /^\d+$/.test(key)) return `lg-company-${key}`;
  return `lg-${kind}-${sha1(`${kind}:${key}`)}`;
}

export function linkId(schema: string, fromId: string, toId: string, role: string): string {
  return `lg-${schema.toLowerCase()}-${sha1(`${schema}:${fromId}:${toId}:${role}`)}`;
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 24);
}
