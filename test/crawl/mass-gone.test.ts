import { describe, expect, it } from 'vitest';
import { MASS_GONE_MIN, MASS_GONE_SHARE, MassGone } from '../../src/crawl/mass-gone.js';
import type { Commit } from '../../src/crawl/frontier-store.js';

const settlement = (missing: boolean, requested = 1): Commit =>
  ({ counts: { requested, missing: missing ? 1 : 0 }, done: [{ uid: 'x', state: missing ? 'missing' : 'done', error: null }] }) as never;

describe('MassGone: how many records fetched before a run may mark gone', () => {
  it('writes what is not a 404 of a record answered before; holds those', () => {
    const guard = new MassGone({ accept: false });
    expect(guard.admit(settlement(true), false)).toBe('write'); // never answered: a plain missing record
    expect(guard.admit(settlement(false), true)).toBe('write');
    expect(guard.admit(settlement(true, 0), true)).toBe('write'); // reused, not asked
    expect(guard.admit(settlement(true), true)).toBe('hold');
    expect(guard.holding).toBe(true);
  });

  it(`releases up to ${MASS_GONE_SHARE * 100}% gone, or fewer than ${MASS_GONE_MIN}; refuses more, with the counts`, () => {
    const few = new MassGone({ accept: false });
    for (let i = 0; i < 9; i++) few.admit(settlement(true), true); // 9 of 9: fewer than the minimum
    expect(few.decide()).toMatchObject({ release: expect.arrayContaining([]) });
    expect('release' in few.decide()).toBe(true);

    const share = new MassGone({ accept: false });
    for (let i = 0; i < 40; i++) share.admit(settlement(false), true);
    for (let i = 0; i < 10; i++) share.admit(settlement(true), true); // 10 of 50 = 20%: allowed
    const released = share.decide();
    expect('release' in released && released.release).toHaveLength(10);
    expect(share.holding).toBe(false);

    const many = new MassGone({ accept: false });
    for (let i = 0; i < 39; i++) many.admit(settlement(false), true);
    for (let i = 0; i < 11; i++) many.admit(settlement(true), true); // 11 of 50 = 22%
    const refused = many.decide();
    expect('refuse' in refused && refused.refuse).toHaveLength(11);
    expect('error' in refused && refused.error).toMatchObject({ code: 'MASS_GONE' });
    expect('error' in refused && refused.error.message).toMatch(/^11 of 50 records fetched before now answer 404 \(22%, more than 20%\)/);
  });

  it('--accept-mass-gone writes them all', () => {
    const guard = new MassGone({ accept: true });
    for (let i = 0; i < 30; i++) expect(guard.admit(settlement(true), true)).toBe('write');
    expect(guard.holding).toBe(false);
  });
});
