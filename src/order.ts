/** Code-unit order of two strings: locale-independent, so ids, keys and reports sort the same on every machine. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
