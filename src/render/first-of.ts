/**
 * The first `most` of a list as one line, then how many were left out: `a, b, c, … and 12 more`. A reader of a
 * report or a terminal gets the first few of a long list (a crawl's thousand seeds, a value shared by hundreds)
 * instead of pages of it.
 */
export function firstOf(items: readonly string[], most: number, separator = ', '): string {
  if (items.length <= most) return items.join(separator);
  return `${items.slice(0, most).join(separator)}${separator}… and ${items.length - most} more`;
}
