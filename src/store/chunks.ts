/** Rows per UNWIND statement: large enough to amortize round trips, small enough for 5 MB records. */
export const ROWS_PER_STATEMENT = 500;

/** Consecutive slices of at most `size` items. */
export function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
