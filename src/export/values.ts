import neo4j from 'neo4j-driver';
import type { Properties, Scalar, TypedValue, ValueType } from './model.js';

/**
 * Property values as the driver hands them over, typed for the writers. The driver gives integers and
 * floats alike as JavaScript numbers (disableLosslessIntegers), so the statements name the float-typed
 * properties (`floats`) and everything else numeric is a long.
 */
export function toProperties(raw: Record<string, unknown>, floats: readonly string[] = []): Properties {
  const out: Properties = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue; // a projected-away property (raw)
    const typed = toTypedValue(value, floats.includes(name));
    if (typed) out[name] = typed;
  }
  return out;
}

function toTypedValue(value: unknown, float: boolean): TypedValue | undefined {
  if (Array.isArray(value)) {
    const items = value.map((v) => scalar(v, float)).filter((v): v is [ValueType, Scalar] => v !== undefined);
    const type = items[0]?.[0] ?? 'string';
    return { type, list: true, value: items.map(([, v]) => v) };
  }
  const one = scalar(value, float);
  return one ? { type: one[0], list: false, value: one[1] } : undefined;
}

function scalar(value: unknown, float: boolean): [ValueType, Scalar] | undefined {
  if (typeof value === 'string') return ['string', value];
  if (typeof value === 'boolean') return ['boolean', value];
  if (typeof value === 'number') return [float || !Number.isInteger(value) ? 'double' : 'long', value];
  if (typeof value === 'bigint') return ['long', Number(value)];
  if (neo4j.isInt(value)) return ['long', value.toNumber()];
  if (neo4j.isDateTime(value)) return ['datetime', value.toString()];
  if (neo4j.isLocalDateTime(value)) return ['localdatetime', value.toString()];
  if (neo4j.isDate(value)) return ['date', value.toString()];
  if (neo4j.isTime(value)) return ['time', value.toString()];
  if (neo4j.isLocalTime(value)) return ['localtime', value.toString()];
  if (neo4j.isDuration(value)) return ['duration', value.toString()];
  if (value !== null && typeof value === 'object') return ['string', String(value)]; // points and the like
  return undefined;
}

/** A property as text for a table cell or a label: lists joined with `, `. */
export function displayValue(typed: TypedValue | undefined): string {
  if (!typed) return '';
  return Array.isArray(typed.value) ? typed.value.map(String).join(', ') : String(typed.value);
}

/** Property values as plain JSON (temporal values as ISO text), in name order. */
export function plainProperties(properties: Properties): Record<string, Scalar | Scalar[]> {
  const out: Record<string, Scalar | Scalar[]> = {};
  for (const name of Object.keys(properties).sort()) out[name] = properties[name]!.value;
  return out;
}

/** A string property, or undefined (lists and other types too). */
export function stringProp(properties: Properties, name: string): string | undefined {
  const p = properties[name];
  return p && !p.list && p.type === 'string' ? (p.value as string) : undefined;
}

/** A whole-number property, or undefined. */
export function longProp(properties: Properties, name: string): number | undefined {
  const p = properties[name];
  return p && !p.list && p.type === 'long' ? (p.value as number) : undefined;
}

/** The values of a property as strings: one for a scalar, all for a list, none when absent. */
export function stringsOf(properties: Properties, name: string): string[] {
  const p = properties[name];
  if (!p) return [];
  return Array.isArray(p.value) ? p.value.map(String) : [String(p.value)];
}
