import { describe, expect, it } from 'vitest';
import { tooManyNodes } from '../../src/export/walk.js';

describe('the node budget passed', () => {
  it('says what fitted, by hop, and by how much the hop that passed it went over, with the depth to take', () => {
    // The demo company at depth 2 under the default budget: hop 3 is what the records at hop 2 state.
    const error = tooManyNodes({ depth: 2, maxNodes: 5000 }, [1, 44, 1047, 3956], 3);
    expect(error.code).toBe('EXPORT_TOO_LARGE');
    expect(error.message).toBe(
      'the export is too large: more than 5000 nodes (--max-nodes 5000) within 2 hops of the seeds and what they state: ' +
        '1092 up to hop 2 (nodes by hop: 1, 44, 1047), and more than 3908 at hop 3, what the records found state ' +
        '(stubs one hop further, and pivots); lower --depth to 1 or raise --max-nodes',
    );
  });

  it('names no statement when a hop inside the depth passed it, and asks only for more at hop 1', () => {
    expect(tooManyNodes({ depth: 3, maxNodes: 100 }, [2, 60, 80], 2).message).toBe(
      'the export is too large: more than 100 nodes (--max-nodes 100) within 3 hops of the seeds and what they state: ' +
        '62 up to hop 1 (nodes by hop: 2, 60), and more than 38 at hop 2; lower --depth to 0 or raise --max-nodes',
    );
    expect(tooManyNodes({ depth: 2, maxNodes: 10 }, [3, 11], 1).message).toMatch(
      /: 3 up to hop 0 \(nodes by hop: 3\), and more than 7 at hop 1; raise --max-nodes$/,
    );
  });

  it('asks only for more when the walk ran out of records before the depth: a lower depth reads the same', () => {
    expect(tooManyNodes({ depth: 3, maxNodes: 50 }, [1, 40, 0, 0, 60], 4).message).toMatch(
      /: 41 up to hop 3 \(nodes by hop: 1, 40, 0, 0\), and more than 9 at hop 4, what the records found state .*; raise --max-nodes$/,
    );
  });
});
