import { ftmEntities } from '../ftm/entities.js';
import type { Subgraph } from '../model.js';
import { writeChunks, type WrittenExport } from '../../render/output.js';

/**
 * FollowTheMoney: one entity per line, `{"id", "schema", "properties"}` as the followthemoney library writes
 * them (docs/export.md#followthemoney). U+2028 and U+2029, which JSON allows raw but some line readers split
 * on, are escaped too, so a line is always one entity.
 */
export async function writeFtm(subgraph: Subgraph, file: string): Promise<WrittenExport> {
  const bytes = await writeChunks(file, ftmLines(subgraph));
  return { path: file, files: [file], bytes };
}

function* ftmLines(subgraph: Subgraph): Generator<string> {
  for (const entity of ftmEntities(subgraph)) yield `${ftmLine(entity)}\n`;
}

/** One entity as one line of JSON. */
export function ftmLine(entity: object): string {
  return JSON.stringify(entity)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
