import { describe, expect, it } from 'vitest';
import { firstOf } from '../../src/render/first-of.js';

describe('firstOf', () => {
  it('keeps a short list whole and cuts a long one after the first few, saying how many more', () => {
    expect(firstOf([], 3)).toBe('');
    expect(firstOf(['a', 'b', 'c'], 3)).toBe('a, b, c');
    expect(firstOf(['a', 'b', 'c', 'd', 'e'], 3)).toBe('a, b, c, … and 2 more');
    expect(firstOf(['a', 'b', 'c'], 1, '; ')).toBe('a; … and 2 more');
  });
});
