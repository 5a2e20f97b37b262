import {
  isDate,
  isDateTime,
  isDuration,
  isInt,
  isLocalDateTime,
  isLocalTime,
  isNode,
  isPath,
  isPoint,
  isRelationship,
  isTime,
  type Duration,
  type Node,
  type Path,
  type Relationship,
} from 'neo4j-driver';

/** Labels that every landing record or pivot carries besides its own; left out of captions. */
const GENERIC_LABELS = ['Landing', 'Pivot'];

function isTextual(value: unknown): boolean {
  return (
    isDate(value) ||
    isDateTime(value) ||
    isLocalDateTime(value) ||
    isTime(value) ||
    isLocalTime(value) ||
    isDuration(value) ||
    isPoint(value)
  );
}

const num = (value: unknown): number => (isInt(value) ? value.toNumber() : Number(value));

/** ISO 8601 like Cypher's toString(duration): P1Y2M30DT1H5M0.5S, zero parts left out (the driver writes "P30DT"). */
function durationText(d: Duration): string {
  const months = num(d.months);
  const seconds = num(d.seconds);
  const nanos = num(d.nanoseconds);
  const date = [
    [Math.trunc(months / 12), 'Y'],
    [months % 12, 'M'],
    [num(d.days), 'D'],
  ] as const;
  const fraction = nanos === 0 ? '' : `.${String(nanos).padStart(9, '0').replace(/0+$/, '')}`;
  const time = [
    [Math.trunc(seconds / 3600), 'H'],
    [Math.trunc((seconds % 3600) / 60), 'M'],
  ] as const;
  const secondsText = seconds % 60 !== 0 || fraction ? `${seconds % 60}${fraction}S` : '';
  const timeText = time.map(([n, unit]) => (n ? `${n}${unit}` : '')).join('') + secondsText;
  const text = `P${date.map(([n, unit]) => (n ? `${n}${unit}` : '')).join('')}${timeText ? `T${timeText}` : ''}`;
  return text === 'P' ? 'PT0S' : text;
}

function textOf(value: unknown): string {
  return isDuration(value) ? durationText(value) : String(value);
}

function pathNodes(path: Path): Node[] {
  return [path.start, ...path.segments.map((segment) => segment.end)];
}

/**
 * A value from the driver -> plain JSON data: temporal values and points as their ISO text, integers as
 * numbers (as text beyond 2^53), nodes and relationships as {elementId, labels|type, properties}, paths
 * as {nodes, relationships}.
 */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (isInt(value)) return value.inSafeRange() ? value.toNumber() : value.toString();
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (isTextual(value)) return textOf(value);
  if (isNode(value)) return { elementId: value.elementId, labels: value.labels, properties: toPlain(value.properties) };
  if (isRelationship(value)) {
    const r = value as Relationship;
    return {
      elementId: r.elementId,
      type: r.type,
      start: r.startNodeElementId,
      end: r.endNodeElementId,
      properties: toPlain(r.properties),
    };
  }
  if (isPath(value)) return { nodes: pathNodes(value).map(toPlain), relationships: value.segments.map((s) => toPlain(s.relationship)) };
  if (Array.isArray(value)) return value.map(toPlain);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, toPlain(v)]));
  return value;
}

/** How a node is named in text: `(:Domain lavka-chaya.ru)`, `(:Company ООО "Лавка чая")`, `(:IP 185.71.67.12)`. */
export function nodeCaption(node: Node): string {
  const labels = node.labels.filter((l) => !GENERIC_LABELS.includes(l));
  const p = node.properties as Record<string, unknown>;
  const named = labels.includes('Company') || labels.includes('Branch') ? p.title : undefined;
  const caption =
    [p.value, named, p.key, p.title].find((v) => v !== null && v !== undefined) ??
    (p.id !== undefined ? `#${toText(p.id)}` : node.elementId);
  return `(:${(labels.length > 0 ? labels : node.labels).join(':')} ${toText(caption)})`;
}

function pathText(path: Path): string {
  let text = nodeCaption(path.start);
  for (const { start, relationship, end } of path.segments) {
    const forward = relationship.startNodeElementId === start.elementId;
    text += `${forward ? '-' : '<-'}[:${relationship.type}]${forward ? '->' : '-'}${nodeCaption(end)}`;
  }
  return text;
}

/**
 * A value as the text of a table or CSV cell: null empty, lists joined with '; ' (nested lists in
 * brackets), temporal values ISO, nodes/relationships/paths as short Cypher-like captions, maps as JSON.
 */
export function toText(value: unknown, nested = false): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (isInt(value) || isTextual(value)) return textOf(value);
  if (isNode(value)) return nodeCaption(value);
  if (isRelationship(value)) return `[:${value.type}]`;
  if (isPath(value)) return pathText(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => toText(item, true));
    return nested ? `[${items.join('; ')}]` : items.join('; ');
  }
  return JSON.stringify(toPlain(value));
}
