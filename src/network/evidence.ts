import { type EvidenceKind, type EvidenceRow, memberKey, type NetworkMember } from './model.js';
import { compareCodeUnits } from '../order.js';

/**
 * The evidence the pure core groups, in columns: each member once (numbered), each identifier once (numbered, in
 * key order) with the numbers and weights of its members in two typed arrays. Identifiers and links are counted
 * in hundreds of thousands at 100,000 records: an object per link does not fit a small heap, columns take a
 * fraction of an object per identifier. Made by EvidenceBuilder.
 */
export interface Evidence {
  /** The members, numbered by their place in this list. */
  readonly members: readonly NetworkMember[];
  /** Identifier i is kinds[i] and keys[i]: in `kind:key` order, each once. */
  readonly kinds: readonly EvidenceKind[];
  readonly keys: readonly string[];
  /** Records tied to identifier i: in the whole graph when the reader knew it, at least its members here. */
  readonly shared: Int32Array;
  /**
   * Identifier i's links are linkStart[i] .. linkStart[i + 1] - 1: the member's number (each member once, in the
   * order read) and the strongest weight of its links. None for a hub read without its members (a hub ties
   * nothing); identifiers of one member that are no hub may be left out by the reader too.
   */
  readonly linkStart: Int32Array;
  readonly linkMember: Int32Array;
  readonly linkWeight: Float64Array;
}

/** An identifier's members (numbers) and weights, for callers that want them as arrays. */
export function linksOf(evidence: Evidence, identifier: number): { members: number[]; weights: number[] } {
  const [from, to] = [evidence.linkStart[identifier] as number, evidence.linkStart[identifier + 1] as number];
  return { members: [...evidence.linkMember.subarray(from, to)], weights: [...evidence.linkWeight.subarray(from, to)] };
}

/**
 * Collects evidence identifier by identifier: numbers members by their key (`memberKey`; a key-only stub and the
 * fetched node of the same record are one member, shown with its page number), keeps the strongest weight of a
 * member's links to an identifier, and (in `build`) puts the identifiers in key order, merging one added twice.
 */
export class EvidenceBuilder {
  private readonly members: NetworkMember[] = [];
  private readonly memberNumbers = new Map<string, number>();
  private readonly kinds: EvidenceKind[] = [];
  private readonly keys: string[] = [];
  private readonly shared: number[] = [];
  private readonly starts: number[] = [0];
  private linkMember = new Int32Array(1024);
  private linkWeight = new Float64Array(1024);
  private links = 0;

  /** Add an identifier with `shared` records tied to it and its links (members may repeat: the strongest weight counts). */
  addIdentifier(kind: EvidenceKind, key: string, shared: number, links: Iterable<{ member: NetworkMember; weight: number }>): void {
    const from = this.links;
    // A hub read with its members can have thousands: look them up in a map beyond a few.
    let places: Map<number, number> | null = null;
    for (const { member, weight } of links) {
      const m = this.memberNumber(member);
      if (places === null && this.links - from > 16) {
        places = new Map();
        for (let at = from; at < this.links; at++) places.set(this.linkMember[at] as number, at);
      }
      const at = places ? (places.get(m) ?? -1) : this.linkMember.subarray(from, this.links).indexOf(m);
      if (at === -1) {
        places?.set(m, this.links);
        this.push(m, weight);
      } else {
        const place = places ? at : from + at;
        if (weight > (this.linkWeight[place] as number)) this.linkWeight[place] = weight;
      }
    }
    this.kinds.push(kind);
    this.keys.push(key);
    this.shared.push(shared);
    this.starts.push(this.links);
  }

  /** The evidence: identifiers in key order (`kind:key`; no kind begins with another, so kind then key), each once. */
  build(): Evidence {
    const count = this.keys.length;
    const order = Array.from({ length: count }, (_, i) => i);
    order.sort(
      (a, b) =>
        compareCodeUnits(this.kinds[a] as string, this.kinds[b] as string) ||
        compareCodeUnits(this.keys[a] as string, this.keys[b] as string),
    );
    const kinds: EvidenceKind[] = [];
    const keys: string[] = [];
    const shared: number[] = [];
    const linkStart = new Int32Array(count + 1);
    const linkMember = new Int32Array(this.links);
    const linkWeight = new Float64Array(this.links);
    let out = 0;
    for (const i of order) {
      const [kind, key] = [this.kinds[i] as EvidenceKind, this.keys[i] as string];
      const again = kinds.length > 0 && kinds.at(-1) === kind && keys.at(-1) === key;
      if (!again) {
        linkStart[kinds.length] = out;
        kinds.push(kind);
        keys.push(key);
        shared.push(this.shared[i] as number);
      } else shared[shared.length - 1] = Math.max(shared.at(-1) as number, this.shared[i] as number);
      const first = linkStart[kinds.length - 1] as number;
      for (let at = this.starts[i] as number; at < (this.starts[i + 1] as number); at++) {
        const m = this.linkMember[at] as number;
        const weight = this.linkWeight[at] as number;
        const known = again ? linkMember.subarray(first, out).indexOf(m) : -1;
        if (known === -1) {
          linkMember[out] = m;
          linkWeight[out++] = weight;
        } else if (weight > (linkWeight[first + known] as number)) linkWeight[first + known] = weight;
      }
    }
    linkStart[kinds.length] = out;
    return {
      members: this.members,
      kinds,
      keys,
      shared: Int32Array.from(shared),
      linkStart: linkStart.slice(0, kinds.length + 1),
      linkMember: linkMember.slice(0, out),
      linkWeight: linkWeight.slice(0, out),
    };
  }

  private push(member: number, weight: number): void {
    if (this.links === this.linkMember.length) {
      const [members, weights] = [new Int32Array(this.links * 2), new Float64Array(this.links * 2)];
      members.set(this.linkMember);
      weights.set(this.linkWeight);
      [this.linkMember, this.linkWeight] = [members, weights];
    }
    this.linkMember[this.links] = member;
    this.linkWeight[this.links++] = weight;
  }

  private memberNumber(member: NetworkMember): number {
    const key = memberKey(member);
    const number = this.memberNumbers.get(key);
    if (number === undefined) {
      this.memberNumbers.set(key, this.members.length);
      this.members.push({ kind: member.kind, id: member.id, key: member.key });
      return this.members.length - 1;
    }
    if ((this.members[number] as NetworkMember).id === null && member.id !== null)
      this.members[number] = { kind: member.kind, id: member.id, key: member.key };
    return number;
  }
}

/** The evidence of link rows (one per member-identifier link, any order; `shared` null or absent: unknown, 0). */
export function evidenceOf(rows: readonly EvidenceRow[]): Evidence {
  const builder = new EvidenceBuilder();
  for (const row of rows) builder.addIdentifier(row.evidenceKind, row.evidenceKey, row.shared ?? 0, [row]);
  return builder.build();
}
