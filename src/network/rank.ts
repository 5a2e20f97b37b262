import { FLAG_SEVERITIES, type FlaggedCounts, LISTED_RULE, type MemberFlag, memberKey, type Network } from './model.js';
import { compareCodeUnits } from '../order.js';

/**
 * Rank networks by their members' red flags, then as findNetworks does (score, size, id): the networks with a member
 * on a watch list (a current `listed` flag: the member or a current officer of it is listed) come first, whatever
 * else is flagged, since whether anyone in a network is listed is the first question of a compliance review; then
 * those with more members flagged high, then medium, then low. A member counts once, at its highest severity, so a
 * record that five rules flag does not outweigh five flagged records. Networks without flags keep their order.
 * Pure: `flagsOf` maps memberKey to the member's current flags (read by readMemberFlags). A network none of whose
 * members is flagged keeps its members as they are (findNetworks gave them no flags): most networks are, and copying
 * their members is work for nothing. Each network comes back with its `rank`, its place in this order.
 */
export function rankByFlags(networks: readonly Network[], flagsOf: ReadonlyMap<string, readonly MemberFlag[]>): Network[] {
  const ranked = networks.map((network) => {
    if (!network.members.some((member) => flagsOf.has(memberKey(member)))) return network;
    const flagged: FlaggedCounts = { high: 0, medium: 0, low: 0, listed: 0 };
    const members = network.members.map((member) => {
      const flags = [...(flagsOf.get(memberKey(member)) ?? [])].sort((a, b) => b.score - a.score || compareCodeUnits(a.rule, b.rule));
      const highest = FLAG_SEVERITIES.find((severity) => flags.some((f) => f.severity === severity));
      if (highest) flagged[highest] += 1;
      const listed = flags.find((f) => f.rule === LISTED_RULE);
      if (listed) flagged.listed += 1;
      return { ...member, flags: flags.map((f) => f.rule), ...(listed ? { lists: [...(listed.lists ?? [])] } : {}) };
    });
    return { ...network, members, flagged };
  });
  return ranked
    .sort(
      (a, b) =>
        Number(b.flagged.listed > 0) - Number(a.flagged.listed > 0) ||
        b.flagged.high - a.flagged.high ||
        b.flagged.medium - a.flagged.medium ||
        b.flagged.low - a.flagged.low ||
        b.score - a.score ||
        b.size - a.size ||
        compareCodeUnits(a.id, b.id),
    )
    .map((network, i) => ({ ...network, rank: i + 1 }));
}

/** `3 high, 1 low` (members flagged, by their highest severity), or `none`. */
export function flaggedText(flagged: FlaggedCounts): string {
  const parts = FLAG_SEVERITIES.filter((s) => flagged[s] > 0).map((s) => `${flagged[s]} ${s}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}
