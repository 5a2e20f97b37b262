import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { type ClientPauseEntry, judgeClientPauses, recordClientPauses } from './client-pauses.js';

const T0 = 1_800_000_000_000;
const at = (ms: number) => new Date(T0 + ms).toISOString();
/** A pause the sandbox announced at T0 + startMs until T0 + untilMs. */
const pause = (startMs: number, untilMs: number) => ({ startedAtMs: T0 + startMs, untilMs: T0 + untilMs, arrivalsAtMs: [] });
/** The client's log in order: a number is a request handed over at that ms after T0; [ms, retryAfter] a 429 arriving. */
const log = (...items: (number | [number, string | undefined])[]): { entries: ClientPauseEntry[] } => ({
  entries: items.map((item) =>
    typeof item === 'number' ? { what: 'request', atMs: T0 + item } : { what: 'answered-429', atMs: T0 + item[0], retryAfter: item[1] },
  ),
});

describe('judgeClientPauses', () => {
  it('lets requests handed over before the 429 arrived go, however late they reach the sandbox, and those after it', () => {
    expect(judgeClientPauses([pause(0, 1000)], log(-3, 40, [45, '1'], 1000, 1200))).toEqual([]);
  });

  it('finds a request handed over after the 429 arrived, in the same millisecond too', () => {
    expect(judgeClientPauses([pause(0, 1000)], log([45, '1'], 45, 999))).toEqual([
      `a 429 of the pause at ${at(0)} arrived 45 ms into it, its pause ending 955 ms later; requests handed over meanwhile: at +0, +954 ms`,
    ]);
  });

  it("ends a 429's pause at its Retry-After from its arrival (seconds or a date, absent: 1 s), within the sandbox's", () => {
    const dated = new Date(T0 + 3000).toUTCString();
    expect(judgeClientPauses([pause(0, 5000)], log([10, '2'], 2009, 2011))).toHaveLength(1);
    expect(judgeClientPauses([pause(0, 5000)], log([10, '2'], 2010, 2011))).toEqual([]);
    expect(judgeClientPauses([pause(0, 5000)], log([10, dated], 2999, 3000))).toHaveLength(1);
    expect(judgeClientPauses([pause(0, 5000)], log([10, undefined], 1009))).toHaveLength(1);
    expect(judgeClientPauses([pause(0, 5000)], log([10, 'soon'], 1010))).toEqual([]);
    expect(judgeClientPauses([pause(0, 900)], log([10, '2'], 900))).toEqual([]);
  });

  it('lets a later 429 that lengthened the pause count from its own arrival', () => {
    // The sandbox answered a second 429 at +20 (its pause now to +1020), which reached the client only at +1500.
    expect(judgeClientPauses([pause(0, 1020)], log([5, '1'], 1010, [1500, '1'], 1501))).toEqual([]);
    expect(judgeClientPauses([pause(0, 1020)], log([5, '1'], 1010, [1012, '1'], 1015))).toHaveLength(1);
  });

  it('finds a pause none of whose 429s reached the client, and a 429 before any pause', () => {
    expect(judgeClientPauses([pause(0, 1000), pause(2000, 3000)], log([5, '1'], 2500))).toEqual([
      `no 429 of the pause at ${at(2000)} reached the client`,
    ]);
    expect(judgeClientPauses([pause(0, 1000)], log([-5, '1']))).toEqual([
      `a 429 arrived at ${at(-5)}, before any pause the sandbox announced`,
      `no 429 of the pause at ${at(0)} reached the client`,
    ]);
  });
});

describe('recordClientPauses', () => {
  it("logs each request handed to its dispatcher and each 429's arrival with its Retry-After, in order", async () => {
    let served = 0;
    const server = createServer((_req, res) => {
      served += 1;
      if (served === 2) res.writeHead(429, { 'retry-after': '7' }).end('slow down');
      else res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const recorder = recordClientPauses(origin, { connections: 2 });
    try {
      for (let i = 0; i < 3; i++) await (await request(`${origin}/r${i}`, { dispatcher: recorder.dispatcher })).body.dump();
      // Not through its dispatcher: not logged as a request, and a 200 is no 429.
      await (await request(`${origin}/other`)).body.dump();
    } finally {
      await recorder.close();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(recorder.entries.map(({ atMs, ...entry }) => entry)).toEqual([
      { what: 'request' },
      { what: 'request' },
      { what: 'answered-429', retryAfter: '7' },
      { what: 'request' },
    ]);
  });
});
