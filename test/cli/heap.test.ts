import { describe, expect, it } from 'vitest';
import { commandOf, heapMbFor, outOfMemoryLine } from '../../src/cli/heap.js';

const GB = 1024 ** 3;

describe('heapMbFor: the V8 heap of each command', () => {
  it('leaves the crawl and the queue to the shebang (256 MB) and runs them in this process', () => {
    for (const command of ['crawl', 'worker', 'status']) expect(heapMbFor(command, {}, 24 * GB)).toBeUndefined();
  });

  it('gives the analysis commands a quarter of the machine, at least 1 GB and at most 4 GB', () => {
    for (const command of ['networks', 'flags', 'resolve', 'changes', 'export', 'query', 'load', 'screen']) {
      expect(heapMbFor(command, {}, 8 * GB)).toBe(2048);
    }
    expect(heapMbFor('networks', {}, 24 * GB)).toBe(4096);
    expect(heapMbFor('networks', {}, 2 * GB)).toBe(1024);
  });

  it('takes LANDING_GRAPH_HEAP_MB for every command, the crawl too', () => {
    expect(heapMbFor('crawl', { LANDING_GRAPH_HEAP_MB: '512' }, 24 * GB)).toBe(512);
    expect(heapMbFor('networks', { LANDING_GRAPH_HEAP_MB: ' 8000 ' }, 24 * GB)).toBe(8000);
  });

  it('refuses a setting that is not a whole number of megabytes of at least 16, naming it', () => {
    for (const bad of ['2g', '-1', '8', '1.5', 'lots']) {
      expect(() => heapMbFor('changes', { LANDING_GRAPH_HEAP_MB: bad })).toThrow(
        /^LANDING_GRAPH_HEAP_MB must be a whole number of megabytes/,
      );
    }
  });

  it('runs help, the sandbox and an unknown command in this process', () => {
    expect(heapMbFor(undefined, {}, 24 * GB)).toBeUndefined();
    expect(heapMbFor('sandbox', {}, 24 * GB)).toBeUndefined();
    expect(heapMbFor('nonsense', {}, 24 * GB)).toBeUndefined();
  });
});

describe('commandOf', () => {
  it('reads the first argument that is not an option', () => {
    expect(commandOf(['node', 'main.js', 'changes', '--since', '1d'])).toBe('changes');
    expect(commandOf(['node', 'main.js', '--version'])).toBeUndefined();
  });
});

describe('outOfMemoryLine', () => {
  it('is one line naming the command, its heap and the setting to change', () => {
    const line = outOfMemoryLine('changes', 256);
    expect(line).not.toContain('\n');
    expect(line).toMatch(/^landing-graph: OUT_OF_MEMORY: changes ran out of its 256 MB JavaScript heap/);
    expect(line).toContain('LANDING_GRAPH_HEAP_MB=512');
  });
});
