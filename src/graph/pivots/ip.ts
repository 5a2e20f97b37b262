import { isIPv4, isIPv6 } from 'node:net';

/**
 * IP addresses in one canonical text form, so that one address is one key however it was written:
 * IPv4 dotted decimal (leading zeros are refused, being ambiguous), IPv6 as RFC 5952 says (lower-case,
 * no leading zeros, the first longest run of zero groups as `::`), an IPv4-mapped IPv6 address
 * (::ffff:a.b.c.d) as its IPv4 address.
 */
export interface CanonicalIp {
  address: string;
  version: 4 | 6;
}

/** The canonical form of `text`, or undefined when it is no IP address (zone ids included). */
export function canonicalIp(text: string): CanonicalIp | undefined {
  const trimmed = text.trim().replace(/^\[(.*)\]$/s, '$1');
  if (isIPv4(trimmed)) return { address: trimmed, version: 4 };
  // A zone id (fe80::1%eth0) only means something on the machine that wrote it.
  if (trimmed.includes('%') || !isIPv6(trimmed)) return undefined;
  const groups = ipv6Groups(trimmed.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), version: 4 };
  }
  return { address: formatIpv6(groups), version: 6 };
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded dotted quad counts as two). */
function ipv6Groups(text: string): number[] {
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [parseInt(piece, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = text.split('::');
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function formatIpv6(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1; // RFC 5952: a single zero group is not shortened
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
