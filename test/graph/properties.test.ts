import { describe, expect, it } from 'vitest';
import { parseLandingRecord } from '../../src/api/schemas/index.js';
import { mapFetchedRecord } from '../../src/graph/map-record.js';
import { ANALYST_PROPERTIES } from '../../src/graph/properties.js';
import { buildRecord, generateGraph } from '../../src/sandbox/index.js';

describe('ANALYST_PROPERTIES', () => {
  const graph = generateGraph({ records: 400, seed: 3 });
  it.each(['domain', 'company'] as const)('names every property the %s mapping writes, and each is written by some record', (kind) => {
    const written = new Set<string>();
    for (const id of graph.ids(kind)) {
      const json = buildRecord(graph, kind, id);
      const mapped = mapFetchedRecord(kind, parseLandingRecord(kind, json), JSON.stringify(json));
      // The caption is display text made from the title (src/graph/caption.ts), not a field of the answer.
      for (const key of Object.keys(mapped.self.props)) if (key !== 'caption') written.add(key);
    }
    expect([...written].sort()).toEqual([...ANALYST_PROPERTIES[kind]].sort());
  });
});
