import { columnsOf, valuesFor, type Column } from '../columns.js';
import { escapeMarkup } from '../../render/escape.js';
import type { Properties, Subgraph, TypedValue, ValueType } from '../model.js';
import { displayName, kindLabel } from '../names.js';
import { colourOf } from '../../render/palette.js';
import { writeChunks, type WrittenExport } from '../../render/output.js';

/**
 * GraphML (http://graphml.graphdrawing.org/) for Gephi and yEd: one <key> per node and edge property with
 * its type (int, long, double, boolean, string; lists as JSON text, temporal values as ISO text), plus
 * `label` (a name for people) and `labels` on nodes and `label` (the type) on edges, which Gephi shows;
 * yEd's own `nodegraphics` (a filled shape with the name, at a place on a grid) so yEd shows names and colours too.
 * The provenance is the graph's <desc> as JSON. Every data string is XML-escaped.
 *
 * Made to round-trip through real clients (networkx, Gephi, yEd): every key is declared with its type before use,
 * no value is ever empty or null (a property without a value has no <data>; a yEd shape always has x and y, which
 * networkx reads as node attributes and cannot write back when missing), and the names that GEXF and Gephi give a
 * meaning of their own (a node's `id`, an edge's `type` or `weight` ...) are exported as `property.<name>`.
 */
export async function writeGraphml(subgraph: Subgraph, file: string): Promise<WrittenExport> {
  const bytes = await writeChunks(file, graphmlChunks(subgraph));
  return { path: file, files: [file], bytes };
}

/**
 * Names the writer adds itself, and names GEXF readers and writers take for their own (the node's id and label,
 * its parent, its time span; the edge's id, label, type, weight and time span): a property of one of these names
 * is exported as `property.<name>`.
 */
const NODE_EXTRAS = ['label', 'labels', 'elementKey', 'id', 'pid', 'start', 'end'];
const EDGE_EXTRAS = ['label', 'id', 'type', 'weight', 'start', 'end'];

/** yEd's shapes: their size and the spacing of the grid they start on (yEd lays them out anew on request). */
const SHAPE_PX = 40;
const GRID_PX = 80;

interface Key extends Column {
  id: string;
  attrName: string;
  attrType: string;
}

function* graphmlChunks(subgraph: Subgraph): Generator<string> {
  const nodeKeys = keysFor(
    'nk',
    columnsOf(subgraph.nodes.map((n) => n.properties)),
    NODE_EXTRAS,
    subgraph.nodes.map((n) => n.properties),
  );
  const edgeKeys = keysFor(
    'ek',
    columnsOf(subgraph.edges.map((e) => e.properties)),
    EDGE_EXTRAS,
    subgraph.edges.map((e) => e.properties),
  );
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
  yield ' xmlns:y="http://www.yworks.com/xml/graphml"';
  yield ' xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://www.yworks.com/xml/schema/graphml/1.1/ygraphml.xsd">\n';
  yield '  <key id="label" for="node" attr.name="label" attr.type="string"/>\n';
  yield '  <key id="labels" for="node" attr.name="labels" attr.type="string"/>\n';
  yield '  <key id="elementKey" for="node" attr.name="elementKey" attr.type="string"/>\n';
  for (const k of nodeKeys) yield keyLine(k, 'node');
  yield '  <key id="yfiles" for="node" yfiles.type="nodegraphics"/>\n';
  yield '  <key id="elabel" for="edge" attr.name="label" attr.type="string"/>\n';
  for (const k of edgeKeys) yield keyLine(k, 'edge');
  yield '  <graph id="G" edgedefault="directed">\n';
  yield `    <desc>${escapeMarkup(JSON.stringify({ provenance: subgraph.provenance }))}</desc>\n`;
  // Node ids are n0, n1, ... (GraphML ids are XML name tokens, which element keys are not); elementKey is data.
  const idOf = new Map(subgraph.nodes.map((n, i) => [n.elementKey, `n${i}`]));
  const columns = Math.max(1, Math.ceil(Math.sqrt(subgraph.nodes.length)));
  for (const [index, node] of subgraph.nodes.entries()) {
    const name = displayName(node) || node.elementKey;
    const x = (index % columns) * GRID_PX;
    const y = Math.floor(index / columns) * GRID_PX;
    let xml = `    <node id="${idOf.get(node.elementKey)!}">`;
    xml +=
      data('label', name) + data('labels', node.labels.join(':')) + data('elementKey', node.elementKey) + dataOf(node.properties, nodeKeys);
    xml += `<data key="yfiles"><y:ShapeNode><y:Geometry x="${x}" y="${y}" width="${SHAPE_PX}" height="${SHAPE_PX}"/><y:Fill color="${colourOf(kindLabel(node))}"/>`;
    xml += `<y:Shape type="ellipse"/><y:NodeLabel>${escapeMarkup(name)}</y:NodeLabel></y:ShapeNode></data></node>\n`;
    yield xml;
  }
  let i = 0;
  for (const edge of subgraph.edges) {
    yield `    <edge id="e${i++}" source="${idOf.get(edge.from)!}" target="${idOf.get(edge.to)!}">${data('elabel', edge.type)}${dataOf(edge.properties, edgeKeys)}</edge>\n`;
  }
  yield '  </graph>\n</graphml>\n';
}

function keysFor(prefix: string, columns: Column[], extras: readonly string[], maps: readonly Properties[]): Key[] {
  return columns.map((c, i) => ({
    ...c,
    id: `${prefix}${i}`,
    attrName: extras.includes(c.name) ? `property.${c.name}` : c.name,
    attrType: c.list ? 'string' : graphmlType(c.type, c.name, maps),
  }));
}

/** GraphML's type: int where every value fits 32 bits, else long; temporal values are strings. */
function graphmlType(type: ValueType, name: string, maps: readonly Properties[]): string {
  if (type === 'long') {
    const fits = maps.every((p) => {
      const v = p[name];
      return v?.type !== 'long' || (typeof v.value === 'number' && v.value >= -2147483648 && v.value <= 2147483647);
    });
    return fits ? 'int' : 'long';
  }
  return type === 'double' || type === 'boolean' ? type : 'string';
}

function keyLine(k: Key, domain: 'node' | 'edge'): string {
  return `  <key id="${k.id}" for="${domain}" attr.name="${escapeMarkup(k.attrName)}" attr.type="${k.attrType}"/>\n`;
}

function dataOf(properties: Properties, keys: readonly Key[]): string {
  let xml = '';
  for (const k of keys) {
    const typed = properties[k.name];
    if (typed) xml += data(k.id, text(typed, k));
  }
  return xml;
}

function text(typed: TypedValue, k: Key): string {
  const values = valuesFor(typed, k);
  return k.list ? JSON.stringify(values) : String(values[0]);
}

function data(key: string, value: string): string {
  return `<data key="${key}">${escapeMarkup(value)}</data>`;
}
