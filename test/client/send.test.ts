import { describe, expect, it } from 'vitest';
import { compose, type Layer, type Send } from '../../src/client/send.js';

describe('compose', () => {
  it('runs the first layer outermost: it sees the call first and the outcome last', async () => {
    const seen: string[] = [];
    const layer =
      (name: string): Layer =>
      (next) =>
      async (call) => {
        seen.push(`${name} in`);
        const delivered = await next({ ...call, headers: { ...call.headers, [name]: '1' } });
        seen.push(`${name} out`);
        return delivered;
      };
    const send: Send = async (call) => ({ text: Object.keys(call.headers ?? {}).join(','), attempts: 1 });
    const delivered = await compose(layer('a'), layer('b'), layer('c'))(send)({ ref: { kind: 'email', id: 1 }, what: 'email:1' });
    expect(seen).toEqual(['a in', 'b in', 'c in', 'c out', 'b out', 'a out']);
    expect(delivered.text).toBe('a,b,c');
  });
});
