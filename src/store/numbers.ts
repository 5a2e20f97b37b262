import neo4j from 'neo4j-driver';

/** A number a statement returned (a driver Integer, or a float) as a JavaScript number. */
export function toNumber(value: unknown): number {
  return neo4j.isInt(value) ? (value as { toNumber(): number }).toNumber() : Number(value);
}

/** As toNumber, null when the value is absent. */
export function toNumberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}
