import { describe, expect, it } from 'vitest';
import { isLandingGraphError } from '../../src/errors.js';
import { checkGdsMemory } from '../../src/network/gds.js';

describe('checkGdsMemory', () => {
  it('lets a projection run that fits the free heap, up to the byte', () => {
    expect(() => checkGdsMemory({ requiredBytes: 300 * 2 ** 20, availableBytes: 2 * 2 ** 30 })).not.toThrow();
    expect(() => checkGdsMemory({ requiredBytes: 2 ** 30, availableBytes: 2 ** 30 })).not.toThrow();
  });

  it('refuses one that does not, naming both figures and the setting to raise', () => {
    let error: unknown;
    try {
      checkGdsMemory({ requiredBytes: 3 * 2 ** 30 + 1, availableBytes: 1536 * 2 ** 20 });
    } catch (e) {
      error = e;
    }
    expect(isLandingGraphError(error, 'NEO4J_MEMORY')).toBe(true);
    expect((error as Error).message).toBe(
      'Graph Data Science may need 3073 MiB for the networks of this graph and the Neo4j server has 1536 MiB of heap free: raise server.memory.heap.max_size (scripts/neo4j-local --heap), or run networks --engine memory',
    );
  });
});
