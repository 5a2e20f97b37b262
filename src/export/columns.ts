import type { Properties, Scalar, TypedValue, ValueType } from './model.js';

/** One property as a column (CSV header, GraphML key): the type all its values fit. */
export interface Column {
  name: string;
  type: ValueType;
  list: boolean;
}

/** Columns that come first, in this order, when present; the rest follow by name. */
const FIRST = ['kind', 'id', 'key', 'value', 'title', 'status', 'list', 'via'];

/**
 * The columns of a set of property maps. Where values of one property differ in type, the column takes
 * the widest: long and double give double, any other mix gives string; a list anywhere makes a list
 * column (scalars become one-element lists).
 */
export function columnsOf(maps: Iterable<Properties>): Column[] {
  const byName = new Map<string, Column>();
  // Columns seen so far only with empty lists, which say nothing about the type.
  const untyped = new Set<string>();
  for (const properties of maps) {
    for (const [name, typed] of Object.entries(properties)) {
      const seen = byName.get(name);
      const empty = typed.list && (typed.value as Scalar[]).length === 0;
      if (!seen || (untyped.has(name) && !empty)) {
        byName.set(name, { name, type: typed.type, list: typed.list || (seen?.list ?? false) });
        if (empty) untyped.add(name);
        else untyped.delete(name);
      } else if (!empty) {
        byName.set(name, { name, type: widen(seen.type, typed.type), list: seen.list || typed.list });
      } else {
        seen.list = true;
      }
    }
  }
  return [...byName.values()].sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function widen(a: ValueType, b: ValueType): ValueType {
  if (a === b) return a;
  if ((a === 'long' && b === 'double') || (a === 'double' && b === 'long')) return 'double';
  return 'string';
}

function rank(name: string): number {
  const i = FIRST.indexOf(name);
  return i < 0 ? FIRST.length : i;
}

/** A value as its column holds it: numbers stay numbers where the column is numeric, else text. */
export function valuesFor(typed: TypedValue, column: Column): Scalar[] {
  const values = Array.isArray(typed.value) ? typed.value : [typed.value];
  if (column.type === typed.type || (column.type === 'double' && typed.type === 'long')) return values;
  return values.map(String);
}
