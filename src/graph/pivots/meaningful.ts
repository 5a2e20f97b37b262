import { BlockList } from 'node:net';

/**
 * Which values identify something. A value that many unrelated records share by accident (a
 * placeholder, a private address, `localhost`) would tie them all together, so it is never a pivot and
 * never a link target. Every rejection rule lives here.
 */

/** Placeholders services print where a value is missing or hidden, compared in folded form. */
const PLACEHOLDERS = new Set([
  'n/a',
  'na',
  'none',
  'null',
  'nil',
  'undefined',
  'unknown',
  'not available',
  'not disclosed',
  'redacted',
  'redacted for privacy',
  'private',
  'private person',
  'privacy protected',
  'data protected',
  'withheld for privacy',
  'нет',
  'нет данных',
  'не указано',
  'не указан',
  'не указана',
  'отсутствует',
  'скрыто',
  'неизвестно',
]);

/** Lower-case, NFKC, whitespace collapsed, punctuation trimmed from both ends: "N/A." and " n/a" match. */
function placeholderForm(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '');
}

/** Empty, blank, only punctuation ("-", "—", "***") or a known placeholder. */
export function isPlaceholder(value: string): boolean {
  const form = placeholderForm(value);
  return form === '' || PLACEHOLDERS.has(form);
}

/** A value that may identify something: not a placeholder. */
export function isMeaningful(value: string | null | undefined): value is string {
  return typeof value === 'string' && !isPlaceholder(value);
}

/** Names shorter than this (in characters, after normalization) identify nothing. */
export const MIN_NAME_LENGTH = 3;

/** A normalized name long enough to tell entities apart. */
export function isLongEnough(normalized: string): boolean {
  return [...normalized].length >= MIN_NAME_LENGTH;
}

const RESERVED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
];

const RESERVED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const RESERVED = new BlockList();
for (const [network, prefix] of RESERVED_V4) RESERVED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of RESERVED_V6) RESERVED.addSubnet(network, prefix, 'ipv6');

/** A canonical address (see ip.ts) outside the loopback, private, link-local and reserved ranges. */
export function isPublicIp(address: string, version: 4 | 6): boolean {
  return !RESERVED.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

const HOST = /^[\p{L}\p{N}_-]{1,63}(?:\.[\p{L}\p{N}_-]{1,63})+$/u;

/**
 * A normalized host name (lower-case, no trailing dot) that names a machine on the Internet: at least
 * two labels, no spaces or odd characters, not localhost.
 */
export function isPublicHost(host: string): boolean {
  if (host.length > 253 || !HOST.test(host)) return false;
  return host !== 'localhost.localdomain' && !host.endsWith('.localhost');
}
