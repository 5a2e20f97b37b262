import { type CsvCell, csvForPeople } from '../render/csv.js';
import { terminalText } from '../render/escape.js';
import { type Hub, type MemberWhy, memberKey, type Network, type NetworkMember, type NetworkResult } from './model.js';
import { flaggedText } from './rank.js';

/**
 * `--json`: exactly { networks: [{ id, rank, size, score, flagged: {high, medium, low, listed}, members: [{kind, id, key, why,
 * flags}], evidence: [{kind, key, members}] }] }, `why` null or { kind, key, weight, weak, to, others } (MemberWhy),
 * `flags` the member's current red flags' rules, highest score first; `listed` the members on a watch list (rankByFlags
 * puts a network with one first).
 */
export function networksJson(result: NetworkResult): string {
  return [...networksJsonChunks(result)].join('');
}

/**
 * `networksJson` in pieces, a network at a time (the same text as `JSON.stringify({ networks }, null, 2)` and a
 * newline): over 100,000 records the whole text is ~40 MB, twice that as a JavaScript string, and the CLI writes it
 * piece by piece instead of holding it.
 */
export function* networksJsonChunks(result: NetworkResult): Generator<string> {
  if (result.networks.length === 0) {
    yield '{\n  "networks": []\n}\n';
    return;
  }
  yield '{\n  "networks": [\n';
  const last = result.networks.length - 1;
  for (const [i, n] of result.networks.entries()) {
    const network = {
      id: n.id,
      rank: rankOf(n, i),
      size: n.size,
      score: n.score,
      flagged: { high: n.flagged.high, medium: n.flagged.medium, low: n.flagged.low, listed: n.flagged.listed },
      members: n.members.map((m) => ({ kind: m.kind, id: m.id, key: m.key, why: whyJson(m.why), flags: m.flags })),
      evidence: n.evidence.map((e) => ({ kind: e.kind, key: e.key, members: e.members })),
    };
    // JSON strings hold no raw newline, so every newline of the text starts a line to indent.
    yield `    ${JSON.stringify(network, null, 2).replaceAll('\n', '\n    ')}${i < last ? ',' : ''}\n`;
  }
  yield '  ]\n}\n';
}

/** The network's rank among those of its scope; the `i`-th listed (from 0) when it was never ranked. */
function rankOf(network: Network, i: number): number {
  return network.rank ?? i + 1;
}

/** The member's why in a fixed key order (null stays null). */
function whyJson(why: MemberWhy | null) {
  return why === null ? null : { kind: why.kind, key: why.key, weight: why.weight, weak: why.weak, to: why.to, others: why.others };
}

/**
 * `--csv`: one line per member (network, rank, size, score, its members flagged, member kind/id/key, the network's
 * strongest evidence, why the member is in, the member's red flags).
 */
export function networksCsv(result: NetworkResult): string {
  const rows: CsvCell[][] = [];
  result.networks.forEach((n, i) => {
    const evidence = strongest(n, 3);
    const flagged = flaggedText(n.flagged);
    for (const m of n.members) {
      rows.push([n.id, rankOf(n, i), n.size, n.score, flagged, m.kind, m.id, m.key, evidence, whyText(m.why), m.flags.join('; ')]);
    }
  });
  return csvForPeople(['network', 'rank', 'size', 'score', 'flagged', 'kind', 'id', 'key', 'evidence', 'why', 'flags'], rows);
}

/** A member's why in a few words: `officer inn:500100732259 (1) with company:7700000002, +2 more`; weak evidence says so. */
export function whyText(why: MemberWhy | null): string {
  if (why === null) return '';
  const more = why.others > why.to.length ? `, +${why.others - why.to.length} more` : '';
  return `${why.kind} ${why.key} (${why.weight}${why.weak ? ', weak only' : ''}) with ${why.to.join(', ')}${more}`;
}

/** Members shown per network in the terminal table, and identifiers. */
export const TABLE_MEMBERS = 8;
export const TABLE_EVIDENCE = 4;

/**
 * The terminal table: rank, id, size, score, members flagged (when any), why it ranks first (a member on a watch list,
 * with the lists), members (the first few) and the strongest evidence, by name where
 * `names` (memberKey / identifierRef -> name, see readTableNames) has one: `ООО "Ромашка" (company:7707083893)`.
 */
export function networksTable(
  result: NetworkResult,
  options: { maxMembers?: number; names?: { members: ReadonlyMap<string, string>; identifiers: ReadonlyMap<string, string> } } = {},
): string {
  const maxMembers = options.maxMembers ?? TABLE_MEMBERS;
  const names = options.names ?? { members: new Map<string, string>(), identifiers: new Map<string, string>() };
  if (result.networks.length === 0) return 'no networks\n';
  const out: string[] = [];
  result.networks.forEach((n, i) => {
    const flagged = flaggedText(n.flagged);
    out.push(
      `#${rankOf(n, i)}  ${n.id}  size ${n.size}  score ${n.score}${flagged === 'none' ? '' : `  flagged ${flagged}`}${listedText(n, names.members)}`,
    );
    const shown = n.members.slice(0, maxMembers).map((m) => named(names.members.get(memberKey(m)), memberText(m)));
    const more = n.members.length > maxMembers ? ` … and ${n.members.length - maxMembers} more` : '';
    out.push(`    members:  ${shown.join(', ')}${more}`);
    out.push(`    evidence: ${strongest(n, TABLE_EVIDENCE, names.identifiers)}`);
  });
  return `${out.join('\n')}\n`;
}

/** One line about the hubs that were ignored (for stderr), naming the most shared. */
export function hubsLine(hubs: readonly Hub[], maxShared: number, most = 10): string {
  if (hubs.length === 0) return `no hubs (no identifier shared by more than ${maxShared} records, no public infrastructure)`;
  const named = hubs.slice(0, most).map((h) => `${h.kind} ${h.key} (${h.shared})`);
  const more = hubs.length > most ? `, … and ${hubs.length - most} more` : '';
  return `ignored ${hubs.length} ${hubs.length === 1 ? 'hub' : 'hubs'} (shared by more than ${maxShared} records, or public infrastructure): ${named.join(', ')}${more}`;
}

/** `  listed: ООО "Ромашка" (company:7707083893) on opensanctions, +1 more`: the first listed member, or nothing. */
function listedText(n: Network, names: ReadonlyMap<string, string>): string {
  const listed = n.members.filter((m) => m.lists !== undefined);
  const first = listed[0];
  if (first === undefined) return '';
  const lists = first.lists ?? [];
  const on = lists.length === 0 ? '' : ` on ${lists.map(terminalText).join(', ')}`;
  const more = listed.length > 1 ? `, +${listed.length - 1} more` : '';
  return `  listed: ${named(names.get(memberKey(first)), memberText(first))}${on}${more}`;
}

function memberText(m: NetworkMember): string {
  return m.key !== null ? `${m.kind}:${m.key}` : `${m.kind}#${m.id}`;
}

/** `name (key)`, or the key alone; names come from the people investigated, so they are made inert for a terminal. */
function named(name: string | undefined, key: string): string {
  return name === undefined ? key : `${terminalText(name)} (${key})`;
}

function strongest(n: Network, count: number, names: ReadonlyMap<string, string> = new Map()): string {
  const shown = n.evidence.slice(0, count).map((e) => {
    const name = names.get(e.key.startsWith('#') ? `${e.kind}${e.key}` : `${e.kind}:${e.key}`);
    return `${e.kind} ${name === undefined ? e.key : terminalText(name)} (${e.members})`;
  });
  return shown.join('; ') + (n.evidence.length > count ? `; … ${n.evidence.length - count} more` : '');
}
