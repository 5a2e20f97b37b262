import { cypherName, cypherString } from '../../render/escape.js';
import { groupBy } from '../group.js';
import type { ExportEdge, ExportNode, Properties, Scalar, Subgraph, TypedValue } from '../model.js';
import { writeChunks, type WrittenExport } from '../../render/output.js';

/**
 * A Cypher script that recreates the subgraph, idempotently: run it twice, or on a database that has some of
 * it, and the result is the same. Nodes MERGE on the uniqueness keys of the graph model (Landing (kind, id),
 * else (kind, key); Pivot (kind, key)), relationships MERGE between them (RELATED/SIMILAR/COMPETITOR also on
 * their `list`, HAS_OFFICER on its `role`), then `SET += ` the exported properties. Data travels only as literals built by
 * cypherString (escape.ts): no parameters, no string concatenated raw. Statements end with `;` followed by a
 * blank line (no literal ever holds a line break); rows go in UNWIND batches, a node row being its property
 * map and a relationship row `[start identity..., end identity..., property map]`, the fewest maps Neo4j must
 * parse (its parser, not the writes, bounds the speed; the csv format with neo4j-admin is the fast way for
 * large exports, docs/export.md).
 * Run it with `cypher-shell -f <file>` or paste it in Neo4j Browser.
 */
export async function writeCypher(subgraph: Subgraph, file: string): Promise<WrittenExport> {
  const bytes = await writeChunks(file, cypherChunks(subgraph));
  return { path: file, files: [file], bytes };
}

/** Rows per UNWIND statement, and at most this many characters of rows (records with raw are large). */
const BATCH_ROWS = 200;
const BATCH_CHARS = 2_000_000;
/** Relationship properties that tell apart relationships of one type between the same two nodes. */
const RELATIONSHIP_IDENTITY = ['list', 'role'];

/** How a node is found again: the label MERGE uses and the properties that identify it. */
interface Identity {
  label: string | undefined;
  keys: string[];
}

function identityOf(node: ExportNode): Identity {
  const has = (name: string) => node.properties[name] !== undefined;
  if (node.labels.includes('Landing') && has('kind')) {
    if (has('id')) return { label: 'Landing', keys: ['kind', 'id'] };
    if (has('key')) return { label: 'Landing', keys: ['kind', 'key'] };
  }
  if (node.labels.includes('Pivot') && has('kind') && has('key')) return { label: 'Pivot', keys: ['kind', 'key'] };
  // Never met in the landing graph: a node is then identified by all its labels and properties.
  return { label: undefined, keys: Object.keys(node.properties).sort() };
}

function* cypherChunks(subgraph: Subgraph): Generator<string> {
  yield '// landing-graph export: a Cypher script that recreates the subgraph below, idempotently (MERGE).\n';
  yield '// Run: cypher-shell -a <uri> -u <user> -f <this file>   (or paste it into Neo4j Browser).\n';
  yield `// provenance: ${asciiJson(subgraph.provenance)}\n\n`;
  yield 'CREATE CONSTRAINT landing_kind_id IF NOT EXISTS FOR (n:Landing) REQUIRE (n.kind, n.id) IS UNIQUE;\n\n';
  yield 'CREATE CONSTRAINT landing_kind_key IF NOT EXISTS FOR (n:Landing) REQUIRE (n.kind, n.key) IS UNIQUE;\n\n';
  yield 'CREATE CONSTRAINT pivot_kind_key IF NOT EXISTS FOR (p:Pivot) REQUIRE (p.kind, p.key) IS UNIQUE;\n\n';
  const identities = new Map(subgraph.nodes.map((n) => [n.elementKey, identityOf(n)]));
  const byKey = new Map(subgraph.nodes.map((n) => [n.elementKey, n]));
  const nodeGroups = groupBy(subgraph.nodes, (n) => JSON.stringify([identities.get(n.elementKey), n.labels]));
  for (const nodes of nodeGroups.values()) {
    // A row is the node's property map; its identity keys are among its properties.
    const identity = identities.get(nodes[0]!.elementKey)!;
    const extraLabels = nodes[0]!.labels.filter((l) => l !== identity.label);
    const merge = `MERGE (n${identity.label ? `:${cypherName(identity.label)}` : ''} {${identity.keys.map((k) => `${cypherName(k)}: row.${cypherName(k)}`).join(', ')}})`;
    const set = `SET n += row${extraLabels.map((l) => `, n:${cypherName(l)}`).join('')};\n\n`;
    for (const rows of batches(nodes.map((n) => literalMap(n.properties)))) yield `UNWIND [\n${rows}\n] AS row\n${merge}\n${set}`;
  }
  const edgeGroups = groupBy(subgraph.edges, (e) => JSON.stringify([e.type, identities.get(e.from), identities.get(e.to), mergeKeys(e)]));
  for (const edges of edgeGroups.values()) {
    // A row is a list: the start node's identity values, the end node's, then the relationship's property map.
    const first = edges[0]!;
    const a = identities.get(first.from)!;
    const b = identities.get(first.to)!;
    const props = `row[${a.keys.length + b.keys.length}]`;
    const keys = mergeKeys(first);
    const statement = [
      `MATCH (a${labelOf(a, byKey.get(first.from)!)} ${rowMap(a.keys, (_, i) => `row[${i}]`)})`,
      `MATCH (b${labelOf(b, byKey.get(first.to)!)} ${rowMap(b.keys, (_, i) => `row[${a.keys.length + i}]`)})`,
      `MERGE (a)-[r:${cypherName(first.type)}${keys.length > 0 ? ` ${rowMap(keys, (k) => `${props}.${cypherName(k)}`)}` : ''}]->(b)`,
      `SET r += ${props};\n\n`,
    ].join('\n');
    const rows = edges.map((e) => {
      const from = byKey.get(e.from)!.properties;
      const to = byKey.get(e.to)!.properties;
      return `[${[...a.keys.map((k) => literal(from[k]!)), ...b.keys.map((k) => literal(to[k]!)), literalMap(e.properties)].join(', ')}]`;
    });
    for (const batch of batches(rows)) yield `UNWIND [\n${batch}\n] AS row\n${statement}`;
  }
}

function labelOf(identity: Identity, node: ExportNode): string {
  return identity.label ? `:${cypherName(identity.label)}` : node.labels.map((l) => `:${cypherName(l)}`).join('');
}

function mergeKeys(edge: ExportEdge): string[] {
  return RELATIONSHIP_IDENTITY.filter((k) => edge.properties[k] !== undefined);
}

/** `{kind: row[0], id: row[1]}`: a pattern's property map that reads a row. */
function rowMap(keys: readonly string[], valueAt: (key: string, index: number) => string): string {
  return `{${keys.map((k, i) => `${cypherName(k)}: ${valueAt(k, i)}`).join(', ')}}`;
}

/** A map literal of typed values, in name order. */
export function literalMap(properties: Properties): string {
  const entries = Object.keys(properties)
    .sort()
    .map((k) => `${cypherName(k)}: ${literal(properties[k]!)}`);
  return `{${entries.join(', ')}}`;
}

/** A typed value as a Cypher literal: strings escaped, floats with a point, temporal values through their functions. */
export function literal(typed: TypedValue): string {
  const one = (v: Scalar): string => {
    switch (typed.type) {
      case 'string':
        return cypherString(String(v));
      case 'long':
        return String(v);
      case 'double':
        return floatLiteral(Number(v));
      case 'boolean':
        return v ? 'true' : 'false';
      default:
        return `${typed.type}(${cypherString(String(v))})`;
    }
  };
  return Array.isArray(typed.value) ? `[${typed.value.map(one).join(', ')}]` : one(typed.value);
}

function floatLiteral(v: number): string {
  if (Number.isNaN(v)) return '(0.0 / 0.0)';
  if (!Number.isFinite(v)) return v > 0 ? '(1.0 / 0.0)' : '(-1.0 / 0.0)';
  const text = String(v).replace('e+', 'e');
  return /[.eE]/.test(text) ? text : `${text}.0`;
}

/** JSON with every non-ASCII character escaped: safe in a `//` comment (no line terminator can occur). */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7E]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function* batches(rows: readonly string[]): Generator<string> {
  let batch: string[] = [];
  let chars = 0;
  for (const row of rows) {
    if (batch.length > 0 && (batch.length >= BATCH_ROWS || chars + row.length > BATCH_CHARS)) {
      yield batch.join(',\n');
      batch = [];
      chars = 0;
    }
    batch.push(`  ${row}`);
    chars += row.length;
  }
  if (batch.length > 0) yield batch.join(',\n');
}
