import { describe, expect, it } from 'vitest';
import { generateGraph } from '../../src/sandbox/generate-graph.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { byId, get } from './helpers.js';

/** Measured and printed, never asserted on time: CI machines differ. */
describe('sandbox start-up', () => {
  it('starts with 10,000 records and answers (time printed)', async () => {
    const started = performance.now();
    const sandbox = await startSandbox({ records: 10_000, seed: 1 });
    const ready = performance.now() - started;
    try {
      const first = await get(sandbox, byId('domain', sandbox.graph.ids('domain')[0] as number));
      const firstAnswer = performance.now() - started;
      expect(first.status).toBe(200);
      console.log(
        `[sandbox] 10,000 records: listening after ${ready.toFixed(0)} ms, first record after ${firstAnswer.toFixed(0)} ms, ${sandbox.graph.nodeCount} nodes`,
      );
    } finally {
      await sandbox.close();
    }
  });

  it('generates 100,000 records (time and heap printed)', () => {
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const graph = generateGraph({ records: 100_000, seed: 1 });
    const ms = performance.now() - started;
    const heap = (process.memoryUsage().heapUsed - before) / 1e6;
    expect(graph.recordCount).toBe(100_000);
    console.log(
      `[sandbox] 100,000 records: generated in ${ms.toFixed(0)} ms, heap +${heap.toFixed(0)} MB (skeleton only; bodies are built per request)`,
    );
  });
});
