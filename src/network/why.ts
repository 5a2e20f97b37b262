import { type EvidenceKind, type MemberWhy, WEAK_EVIDENCE } from './model.js';
import { compareCodeUnits } from '../order.js';

/**
 * Why each member of a network is in (pure): its strongest direct tie to the rest. A member of a network is tied to
 * another member directly (a component of the member graph, or a community of one), so the strongest path of
 * evidence that holds it is one identifier long; the caller (findNetworks' describer, the case file) hands over the
 * identifiers that tie two or more of the network's members and their links inside it.
 */

/** Members tied to the same identifier named in `MemberWhy.to`, strongest first. */
export const WHY_TO = 3;

/** An identifier tying members of one network: the members' places in the network and their link weights. */
export interface GroupTie {
  kind: EvidenceKind;
  key: string;
  members: readonly number[];
  weights: readonly number[];
}

/**
 * For each member (0 .. refs.length - 1): among the ties holding it and at least one other member, the strongest —
 * strong evidence before weak (WEAK_EVIDENCE only adds weight, so a member held by weak evidence alone says so),
 * then the higher weight of its tie to the closest other member (the weaker of the two links, as the member graph
 * joins them), then kind and key in code-unit order (the order of a network's evidence). `to` names up to WHY_TO of
 * the other members the identifier ties it to, by the weight of that pair then ref; null: no tie inside the network.
 * `demote` puts an identifier after all others (the case file: a domain's own mailbox, chosen only when nothing else ties).
 */
export function membersWhy(
  refs: readonly string[],
  ties: readonly GroupTie[],
  options: { demote?: (tie: GroupTie) => boolean } = {},
): (MemberWhy | null)[] {
  type Best = { tie: number; weight: number; weak: boolean; demoted: boolean };
  const best: (Best | null)[] = refs.map(() => null);
  const better = (a: Best, b: Best): boolean => {
    if (a.demoted !== b.demoted) return b.demoted;
    if (a.weak !== b.weak) return b.weak;
    if (a.weight !== b.weight) return a.weight > b.weight;
    const [ta, tb] = [ties[a.tie] as GroupTie, ties[b.tie] as GroupTie];
    return compareCodeUnits(ta.kind, tb.kind) < 0 || (ta.kind === tb.kind && compareCodeUnits(ta.key, tb.key) < 0);
  };
  ties.forEach((tie, t) => {
    if (tie.members.length < 2) return;
    // The strongest link and the second: a member's closest other holds the strongest, or the second when it is the strongest.
    let [first, second] = [-1, -1];
    tie.weights.forEach((w, i) => {
      if (first === -1 || w > (tie.weights[first] as number)) [first, second] = [i, first];
      else if (second === -1 || w > (tie.weights[second] as number)) second = i;
    });
    const weak = WEAK_EVIDENCE.includes(tie.kind);
    const demoted = options.demote?.(tie) ?? false;
    tie.members.forEach((m, i) => {
      const other = tie.weights[i === first ? second : first] as number;
      const candidate = { tie: t, weight: Math.min(tie.weights[i] as number, other), weak, demoted };
      const known = best[m];
      if (known === null || known === undefined || better(candidate, known)) best[m] = candidate;
    });
  });
  return best.map((b, m) => {
    if (b === null || b === undefined) return null;
    const tie = ties[b.tie] as GroupTie;
    const own = tie.weights[tie.members.indexOf(m)] as number;
    const others = tie.members
      .map((o, i) => ({ ref: refs[o] as string, weight: Math.min(own, tie.weights[i] as number), self: o === m }))
      .filter((o) => !o.self)
      .sort((x, y) => y.weight - x.weight || compareCodeUnits(x.ref, y.ref));
    return {
      kind: tie.kind,
      key: tie.key,
      weight: b.weight,
      weak: b.weak,
      to: others.slice(0, WHY_TO).map((o) => o.ref),
      others: others.length,
    };
  });
}
