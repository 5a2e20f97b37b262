import { createHash } from 'node:crypto';
import type { Evidence } from './evidence.js';
import { connectedComponents, memberGraph, splitDeep, type Ties } from './member-graph.js';
import { isPublicInfrastructure } from '../graph/public-infrastructure.js';
import { type GroupTie, membersWhy } from './why.js';
import {
  type EvidenceKind,
  type Hub,
  memberKey,
  type Network,
  type NetworkEvidence,
  type NetworkMember,
  type NetworkOptions,
  type NetworkResult,
  WEAK_EVIDENCE,
} from './model.js';
import { compareCodeUnits } from '../order.js';

/**
 * The pure core of `networks`: evidence in, networks out. No I/O, no neo4j-driver.
 *
 * 1. Members link to identifiers; a link's weight is the strongest of its rows (the EvidenceBuilder keeps it).
 * 2. An identifier tied to more than `maxShared` records (in the whole graph when the reader says so, else in the
 *    evidence), or listed public infrastructure (public-infrastructure.ts: Cloudflare's name servers, webmail), is
 *    a hub: it ties nothing and is reported. Identifiers of one member tie nothing either.
 * 3. The member graph joins two members by the sum, over the identifiers they share, of the weaker of their two
 *    links. The candidate networks are the connected components of its strong ties alone: weak evidence (IP, name
 *    and mail servers: WEAK_EVIDENCE) adds weight between members that stronger evidence groups, and never joins
 *    two groups by itself (a shared hosting name server once merged four planted networks of strangers).
 * 4. A component with more than `splitAbove` members is split by Louvain (graphology-communities-louvain,
 *    weighted, seeded, at `resolution`) when the partition's modularity reaches `minModularity`; otherwise it
 *    stays whole.
 * 5. Score = weighted ties per member: for each identifier, the weights of its links inside the network minus
 *    the strongest one (k members at weight w add w x (k - 1)), summed and divided by the size.
 * Everything is ordered by keys before use, so the result does not depend on the order of the evidence.
 * `minSize` is at least 2: a member tied to nothing is never a network (the reader may leave such members out).
 */
export function findNetworks(evidence: Evidence, options: NetworkOptions): NetworkResult {
  const { members, keys, hubs, tying, ties } = prepare(evidence, options);
  const graph = memberGraph(members.length, ties);
  const strong = Int32Array.from(tying.filter((i) => !WEAK_EVIDENCE.includes(evidence.kinds[i] as EvidenceKind)));
  const strongGraph = strong.length === tying.length ? graph : memberGraph(members.length, { ...ties, identifiers: strong });
  const groups: number[][] = [];
  let split = 0;
  for (const component of connectedComponents(strongGraph, options.minSize)) {
    if (component.length <= options.splitAbove) {
      groups.push(component);
      continue;
    }
    const parts = splitDeep(graph, keys, component, options, options.resolution);
    if (parts.length > 1) split++;
    groups.push(...parts);
  }

  const describe = describer(evidence, members, keys, ties);
  const networks = groups.filter((group) => group.length >= options.minSize).map(describe);
  networks.sort(byScore);
  return { networks, hubs, split };
}

/**
 * The networks of groups found before (the members of :Network nodes `networks` wrote, by memberKey), described
 * from this evidence as findNetworks describes its own groups: the same hubs and ties, so the same id and score
 * when the evidence has not changed. Members the evidence does not hold are left out of their group.
 */
export function describeGroups(evidence: Evidence, options: NetworkOptions, groups: readonly (readonly string[])[]): NetworkResult {
  const { members, keys, hubs, ties } = prepare(evidence, options);
  const rankOfKey = new Map(keys.map((k, rank) => [k, rank]));
  const describe = describer(evidence, members, keys, ties);
  const networks = groups.map((group) =>
    describe(
      group
        .map((k) => rankOfKey.get(k))
        .filter((r): r is number => r !== undefined)
        .sort((a, b) => a - b),
    ),
  );
  return { networks, hubs, split: 0 };
}

/** The order of findNetworks' networks: highest score first, then the largest, then by id. */
export function byScore(a: Network, b: Network): number {
  return b.score - a.score || b.size - a.size || compareCodeUnits(a.id, b.id);
}

/** The order of hubs: most shared first, then by kind and key. */
export function byShared(a: Hub, b: Hub): number {
  return b.shared - a.shared || compareCodeUnits(a.kind, b.kind) || compareCodeUnits(a.key, b.key);
}

/** Members in key order, the hubs (most shared first) and the identifiers that tie two or more members. */
function prepare(evidence: Evidence, options: Pick<NetworkOptions, 'maxShared'>) {
  const { members, keys, rankOf } = membersInKeyOrder(evidence.members);
  const hubs: Hub[] = [];
  const tying: number[] = [];
  // Identifiers come in key order, each once (EvidenceBuilder), so hubs and ties are in key order too.
  for (let i = 0; i < evidence.keys.length; i++) {
    const links = (evidence.linkStart[i + 1] as number) - (evidence.linkStart[i] as number);
    const shared = Math.max(evidence.shared[i] as number, links);
    const kind = evidence.kinds[i] as EvidenceKind;
    const key = evidence.keys[i] as string;
    if (shared > options.maxShared || isPublicInfrastructure(kind, key)) hubs.push({ kind, key, shared });
    else if (links >= 2) tying.push(i);
  }
  hubs.sort(byShared);
  const ties: Ties = {
    identifiers: Int32Array.from(tying),
    start: evidence.linkStart,
    member: evidence.linkMember.map((m) => rankOf[m] as number),
    weight: evidence.linkWeight,
  };
  return { members, keys, hubs, tying, ties };
}

/** The members renumbered by key (rank), so that comparing ranks is comparing keys. */
function membersInKeyOrder(unordered: readonly NetworkMember[]) {
  const unorderedKeys = unordered.map(memberKey);
  const order = unordered.map((_, i) => i).sort((a, b) => compareCodeUnits(unorderedKeys[a] as string, unorderedKeys[b] as string));
  const rankOf = new Int32Array(unordered.length);
  order.forEach((m, rank) => {
    rankOf[m] = rank;
  });
  return { members: order.map((m) => unordered[m] as NetworkMember), keys: order.map((m) => unorderedKeys[m] as string), rankOf };
}

/** `net-` + 12 hex digits of the SHA-256 of the sorted member keys, one a line. */
export function networkId(memberKeys: readonly string[]): string {
  const text = [...memberKeys].sort(compareCodeUnits).join('\n');
  return `net-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}

/**
 * Describe a group (member ranks, ascending): its members, id and score, and the ties inside it. The ties are
 * visited member by member, each member's in key order, and a tie's weights in the order read, as the sums always were.
 */
function describer(evidence: Evidence, members: readonly NetworkMember[], keys: readonly string[], ties: Ties) {
  const tieCount = ties.identifiers.length;
  const span = (t: number) => [
    ties.start[ties.identifiers[t] as number] as number,
    ties.start[(ties.identifiers[t] as number) + 1] as number,
  ];
  // Member -> its ties, ascending (ties are in key order): tiesOf[tieStart[m] .. tieStart[m + 1] - 1].
  const tieStart = new Int32Array(members.length + 1);
  for (let t = 0; t < tieCount; t++) {
    const [from, to] = span(t) as [number, number];
    for (let at = from; at < to; at++) (tieStart[(ties.member[at] as number) + 1] as number) += 1;
  }
  for (let m = 0; m < members.length; m++) (tieStart[m + 1] as number) += tieStart[m] as number;
  const tiesOf = new Int32Array(tieStart[members.length] as number);
  const cursor = tieStart.slice(0, members.length);
  for (let t = 0; t < tieCount; t++) {
    const [from, to] = span(t) as [number, number];
    for (let at = from; at < to; at++) {
      const m = ties.member[at] as number;
      tiesOf[cursor[m] as number] = t;
      (cursor[m] as number) += 1;
    }
  }
  // Marks of the group being described (its number), so nothing is allocated per member.
  const memberMark = new Int32Array(members.length).fill(-1);
  const tieMark = new Int32Array(tieCount).fill(-1);
  // A member's place in the group being described (valid where memberMark is the group's mark).
  const place = new Int32Array(members.length);
  let mark = 0;

  return (group: readonly number[]): Network => {
    mark++;
    group.forEach((m, i) => {
      memberMark[m] = mark;
      place[m] = i;
    });
    const found: (NetworkEvidence & { strength: number })[] = [];
    const groupTies: GroupTie[] = [];
    let total = 0;
    for (const m of group) {
      for (let p = tieStart[m] as number; p < (tieStart[m + 1] as number); p++) {
        const t = tiesOf[p] as number;
        if (tieMark[t] === mark) continue;
        tieMark[t] = mark;
        const [from, to] = span(t) as [number, number];
        const weights: number[] = [];
        const inGroup: number[] = [];
        for (let at = from; at < to; at++) {
          const member = ties.member[at] as number;
          if (memberMark[member] !== mark) continue;
          weights.push(ties.weight[at] as number);
          inGroup.push(place[member] as number);
        }
        if (weights.length < 2) continue;
        // Summed in ascending order: the weights come in the order the database read them, which differs between
        // scopes, and 0.9 + 1 + 0.9 is not 1 + 0.9 + 0.9 in floating point (two equal ties would swap places).
        const ascending = [...weights].sort((a, b) => a - b);
        const strength = ascending.slice(0, -1).reduce((s, w) => s + w, 0);
        total += strength;
        const identifier = ties.identifiers[t] as number;
        const [kind, key] = [evidence.kinds[identifier] as EvidenceKind, evidence.keys[identifier] as string];
        found.push({ kind, key, members: weights.length, strength });
        groupTies.push({ kind, key, members: inGroup, weights });
      }
    }
    found.sort((a, b) => b.strength - a.strength || compareCodeUnits(a.kind, b.kind) || compareCodeUnits(a.key, b.key));
    const refs = group.map((m) => keys[m] as string);
    const why = membersWhy(refs, groupTies);
    return {
      id: networkId(refs),
      size: group.length,
      score: Math.round((total / group.length) * 1000) / 1000,
      members: group.map((m, i) => ({ ...(members[m] as NetworkMember), why: why[i] ?? null, flags: [] })),
      evidence: found.map(({ kind, key, members: count }) => ({ kind, key, members: count })),
      flagged: { high: 0, medium: 0, low: 0, listed: 0 },
    };
  };
}
