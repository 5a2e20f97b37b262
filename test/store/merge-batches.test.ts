import { describe, expect, it } from 'vitest';
import type { NodeRow } from '../../src/graph/model.js';
import { mergeBatches } from '../../src/store/graph-writer.js';

const row = (status: NodeRow['status'], key: string | null, title: string | null = null): NodeRow => ({
  kind: 'company',
  id: 287,
  key,
  status,
  title,
  href: null,
  provider: null,
  raw: status === 'fetched' ? '{}' : null,
  props: {},
  error: null,
});

describe('mergeBatches', () => {
  it('lets a fetch win over a stub of the same node but keeps the key only the stub knew, in either order', () => {
    const fetched = row('fetched', null, 'ООО "СигмаДевелопмент"');
    const stub = row('stub', '0226321800');
    for (const order of [
      [fetched, stub],
      [stub, fetched],
    ]) {
      const { byId } = mergeBatches([{ nodes: order, edges: [] }]);
      expect(byId).toEqual([{ ...fetched, key: '0226321800' }]);
    }
  });

  it("keeps the fetch's own key over a stub's", () => {
    const { byId } = mergeBatches([{ nodes: [row('stub', '1111111111'), row('fetched', '2222222222')], edges: [] }]);
    expect(byId.map((n) => [n.status, n.key])).toEqual([['fetched', '2222222222']]);
  });
});
