import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestLimiter } from '../../src/rate/limiter.js';
import { busiestWindow } from '../../src/sandbox/stats.js';
import { recordDepartures } from '../support/departures.js';

/** The limiter on the system clock, as a crawl runs it: real timers, real sleeps (so not a unit test). */
describe('RequestLimiter in real time', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('keeps the departures within --rps per sliding second and the concurrency within maxConcurrent', async () => {
    const limiter = new RequestLimiter({ requestsPerSecond: 50, maxConcurrent: 4 });
    const departures: number[] = [];
    let running = 0;
    let maxRunning = 0;
    await Promise.all(
      // 60 at 50 per second: a run of 1.2 s, so the window binds and slides.
      Array.from({ length: 60 }, () =>
        limiter.schedule(async (departure) => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          departures.push(performance.now());
          departure.sent();
          await sleep(10);
          running--;
        }),
      ),
    );
    await limiter.stop();
    expect(departures).toHaveLength(60);
    expect(busiestWindow(departures, 1000)).toBeLessThanOrEqual(50);
    expect(maxRunning).toBeLessThanOrEqual(4);
    expect(limiter.unseenDepartures).toBe(0);
  });

  describe('over undici, on a server of its own', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      server = createServer((_req, res) => res.end('ok'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('keeps a RequestLimiter’s window on the departures undici reports', async () => {
      const limiter = new RequestLimiter({ requestsPerSecond: 20, maxConcurrent: 4 });
      const dispatcher = new Pool(url, { connections: 4 });
      const departures = recordDepartures(url);
      try {
        await Promise.all(
          // 25 at 20 per second: a run of 1.2 s, so the window binds and slides.
          Array.from({ length: 25 }, (_, i) =>
            limiter.schedule(async (departure) => {
              const response = await request(`${url}/n${i}`, { dispatcher, headers: departure.headers });
              return response.body.text();
            }),
          ),
        );
        expect(departures.times).toHaveLength(25);
        expect(busiestWindow(departures.times, 1000)).toBeLessThanOrEqual(20);
        expect(limiter.unseenDepartures).toBe(0);
      } finally {
        departures.stop();
        await limiter.stop();
        await dispatcher.close();
      }
    });
  });
});
