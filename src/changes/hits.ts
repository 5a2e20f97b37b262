import { compareCodeUnits } from '../order.js';
import type { HitChange, HitChangeKind, HitRow } from './model.js';
import { type ChangeWindow, linkExistedAt } from './report.js';

/**
 * The watch-list hits of a change report, pure: a hit (`screen`'s LISTED_AS link) is judged at both ends of the
 * window as every relationship of the history is (linkExistedAt). On a list at `until` and not at `since`: `new`
 * (first found in the window, or found again after a retirement); at `since` and not at `until`: `retired`. Net, as
 * the records are: a hit found and retired within the window is not reported, nor one retired and found again.
 * New hits first (being put on a list is the most severe news), the surest first, then by list, record and entity.
 */
export function hitChanges(rows: readonly HitRow[], window: ChangeWindow): HitChange[] {
  const out: HitChange[] = [];
  for (const row of rows) {
    const change = hitChangeKind(row, window);
    if (change === undefined) continue;
    out.push({
      change,
      at: new Date(lastMoment(row, change, window)).toISOString(),
      record: row.record,
      list: row.list,
      file: row.file,
      listDate: row.listDate === null ? null : new Date(row.listDate).toISOString(),
      entity: row.entity,
      how: row.how,
      property: row.property,
      value: row.value,
      score: row.score,
    });
  }
  return out.sort(compareHits);
}

/** `new`, `retired`, or undefined when the hit stands (or stands not) at both ends. */
export function hitChangeKind(row: HitRow, { since, until }: ChangeWindow): HitChangeKind | undefined {
  const before = linkExistedAt(row, since);
  const after = linkExistedAt(row, until);
  if (after && !before) return 'new';
  if (before && !after) return 'retired';
  return undefined;
}

/** The latest finding (first sight or return) or retirement in the window. */
function lastMoment(row: HitRow, change: HitChangeKind, { since, until }: ChangeWindow): number {
  const times = change === 'new' ? [...(row.firstSeenAt === null ? [] : [row.firstSeenAt]), ...row.returns] : row.removals;
  const inWindow = times.filter((t) => t > since && t <= until);
  return inWindow.length > 0 ? Math.max(...inWindow) : until;
}

function compareHits(a: HitChange, b: HitChange): number {
  return (
    Number(a.change !== 'new') - Number(b.change !== 'new') ||
    b.score - a.score ||
    compareCodeUnits(a.list, b.list) ||
    compareCodeUnits(a.record.kind, b.record.kind) ||
    compareCodeUnits(a.record.key, b.record.key) ||
    compareCodeUnits(a.entity.id, b.entity.id)
  );
}
