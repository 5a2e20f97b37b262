import { terminalText } from '../render/escape.js';
import type { Hit } from './match.js';
import type { ScreenResult } from './screen.js';
import type { RetiredHit } from './store.js';

const named = (name: string | null, kind: string, key: string) =>
  name ? `${terminalText(name)} (${kind}:${terminalText(key)})` : `${kind}:${terminalText(key)}`;

const topics = (list: readonly string[]) => (list.length === 0 ? '' : ` [${list.map(terminalText).join(', ')}]`);

function hitLine(h: Hit): string {
  const how =
    h.how === 'identifier'
      ? `${h.property} ${terminalText(h.value)}`
      : `name ${JSON.stringify(terminalText(h.value))}${h.variants.length > 0 ? ` (${h.variants.join(', ')})` : ''}`;
  return `  ${h.score.toFixed(2)}  ${named(h.record.name, h.record.kind, h.record.key)}\n        listed as ${terminalText(h.entity.caption)} (${terminalText(h.entity.id)})${topics(h.entity.topics)}, by ${how}`;
}

function retiredLine(r: RetiredHit): string {
  return `  ${named(r.name, r.kind, r.key)}: no longer listed as ${terminalText(r.caption)} (${terminalText(r.entityId)})${topics(r.topics)}`;
}

/** The summary for a terminal: counts, then each hit (most certain first) and each retired hit. Hostile text escaped. */
export function screenSummary(r: ScreenResult): string {
  const skipped = Object.entries(r.skipped)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([schema, n]) => `${n} ${terminalText(schema)}`);
  const identifier = r.hits.filter((h) => h.how === 'identifier').length;
  const lines = [
    `list ${terminalText(r.list)} (${terminalText(r.file)}, ${r.listDate}): ${r.read} entities screened against ${r.records} companies and people; ${skipped.length === 0 ? 'none' : skipped.join(', ')} skipped (other schemata)`,
    `hits: ${r.hits.length} (${identifier} by identifier, ${r.hits.length - identifier} by name); ${r.newHits} new, ${r.retired.length} retired`,
    ...r.hits.map(hitLine),
  ];
  if (r.retired.length > 0) lines.push('retired:', ...r.retired.map(retiredLine));
  return `${lines.join('\n')}\n`;
}

/** The result as JSON: the counts, every hit and every retired hit. */
export function screenJson(r: ScreenResult): string {
  const hits = r.hits.map((h) => ({
    record: { kind: h.record.kind, key: h.record.key, name: h.record.name },
    entity: { id: h.entity.id, schema: h.entity.schema, caption: h.entity.caption, topics: h.entity.topics, datasets: h.entity.datasets },
    how: h.how,
    property: h.property,
    value: h.value,
    score: h.score,
    variants: h.variants,
  }));
  const { list, file, listDate, read, skipped, records, newHits, retired } = r;
  return `${JSON.stringify({ list, file, listDate, read, skipped, records, newHits, hits, retired }, null, 2)}\n`;
}
