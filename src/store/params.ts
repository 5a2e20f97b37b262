import neo4j from 'neo4j-driver';

/**
 * neo4j-driver sends every JavaScript number as a float, so page numbers, depths, counts and LIMITs
 * would arrive as 5.0. JSON does not tell 5 from 5.0 either, so a whole number becomes an Integer and
 * any other number stays a Float; strings, booleans and nulls pass as they are.
 */
export function toNeo4jParams<T>(value: T): T {
  return convert(value) as T;
}

function convert(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? neo4j.int(value) : value;
  if (Array.isArray(value)) return value.map(convert);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = convert(v);
    return out;
  }
  return value;
}
