import { columnsOf } from '../columns.js';
import type { Subgraph } from '../model.js';
import { plainProperties } from '../values.js';
import { writeChunks, type WrittenExport } from '../../render/output.js';

/**
 * JSON: one object `{format, provenance, propertyTypes, nodes, edges}`. Properties are plain JSON values
 * (temporal values as ISO text); `propertyTypes` gives each property's Neo4j type (`long`, `double`,
 * `datetime`, `string[]`, ...) for nodes and for edges. Written a node and an edge at a time.
 */
export async function writeJson(subgraph: Subgraph, file: string): Promise<WrittenExport> {
  const bytes = await writeChunks(file, jsonChunks(subgraph));
  return { path: file, files: [file], bytes };
}

function* jsonChunks(subgraph: Subgraph): Generator<string> {
  const types = (maps: Iterable<Subgraph['nodes'][number]['properties']>) =>
    Object.fromEntries(columnsOf(maps).map((c) => [c.name, `${c.type}${c.list ? '[]' : ''}`]));
  yield `{\n"format": "landing-graph export 1",\n"provenance": ${JSON.stringify(subgraph.provenance, null, 1)},\n`;
  yield `"propertyTypes": ${JSON.stringify({ nodes: types(subgraph.nodes.map((n) => n.properties)), edges: types(subgraph.edges.map((e) => e.properties)) })},\n`;
  yield '"nodes": [';
  let first = true;
  for (const node of subgraph.nodes) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify({ elementKey: node.elementKey, labels: node.labels, properties: plainProperties(node.properties) })}`;
    first = false;
  }
  yield '\n],\n"edges": [';
  first = true;
  for (const edge of subgraph.edges) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify({ type: edge.type, from: edge.from, to: edge.to, properties: plainProperties(edge.properties) })}`;
    first = false;
  }
  yield '\n]\n}\n';
}
