import type { ExportNode } from './model.js';
import { longProp, stringProp } from './values.js';
import { LABEL_OF_KIND } from '../graph/model.js';

/** Labels every exported node carries besides its own kind's label. */
const FAMILY_LABELS = ['Landing', 'Pivot'];

/** The kind's label of a node (`Domain`, `IP`, ...): its labels other than Landing/Pivot, joined with `_`. */
export function kindLabel(node: Pick<ExportNode, 'labels'>): string {
  const own = node.labels.filter((l) => !FAMILY_LABELS.includes(l));
  return own.length > 0 ? own.join('_') : (node.labels[0] ?? 'Node');
}

/** The node label of a record kind (the graph's fixed table, src/graph/model.ts), or the kind itself. */
export function labelOfKind(kind: string): string {
  return (LABEL_OF_KIND as Record<string, string>)[kind] ?? kind;
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

/** Fill colours by kind label (colour-blind-friendly Okabe-Ito and Tableau tones); others grey. */
const COLOURS: Record<string, string> = {
  Domain: '#0072B2',
  Company: '#D55E00',
  Email: '#009E73',
  Phone: '#CC79A7',
  Branch: '#E69F00',
  IP: '#56B4E9',
  NameServer: '#7F7F7F',
  MailServer: '#8C564B',
  Registrar: '#9467BD',
  Technology: '#BCBD22',
  Person: '#F0E442',
  Address: '#17BECF',
  SocialProfile: '#AEC7E8',
  Activity: '#98DF8A',
};

/** The colour of a kind label (#rrggbb). */
export function colourOf(label: string): string {
  return COLOURS[label] ?? '#999999';
}
