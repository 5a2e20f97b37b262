import type { ExportNode } from './model.js';
import { longProp, stringProp } from './values.js';

/** Labels every exported node carries besides its own kind's label. */
const FAMILY_LABELS = ['Landing', 'Pivot'];

/** The kind's label of a node (`Domain`, `IP`, ...): its labels other than Landing/Pivot, joined with `_`. */
export function kindLabel(node: Pick<ExportNode, 'labels'>): string {
  const own = node.labels.filter((l) => !FAMILY_LABELS.includes(l));
  return own.length > 0 ? own.join('_') : (node.labels[0] ?? 'Node');
}

/** Whether a node is a pivot (a shared value), not a landing record. */
export function isPivot(node: Pick<ExportNode, 'labels'>): boolean {
  return node.labels.includes('Pivot');
}

/** A node's name for people: a company's or branch's title, a pivot's value, else the key, else `kind #id`. */
export function displayName(node: ExportNode): string {
  const p = node.properties;
  const kind = stringProp(p, 'kind') ?? kindLabel(node);
  const id = longProp(p, 'id');
  const titled = kind === 'company' || kind === 'branch';
  const name = isPivot(node)
    ? (stringProp(p, 'value') ?? stringProp(p, 'key'))
    : titled
      ? (stringProp(p, 'title') ?? stringProp(p, 'key'))
      : (stringProp(p, 'key') ?? stringProp(p, 'title'));
  return name ?? (id !== undefined ? `${kind} #${id}` : node.elementKey);
}
