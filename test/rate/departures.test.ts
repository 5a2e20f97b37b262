import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { Client, Pool, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTURE_HEADER, watchDeparture } from '../../src/rate/departures.js';

describe('departures seen on undici’s diagnostics channels', () => {
  let server: Server;
  let url: string;
  const received: { headers: IncomingHttpHeaders; events: string[] }[] = [];
  const events: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      events.push(`arrived ${req.url}`);
      received.push({ headers: req.headers, events: [...events] });
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sees the headers leave before the server has the request, once, and never sends the marker header', async () => {
    const dispatcher = new Pool(url, { connections: 2 });
    try {
      events.length = 0;
      received.length = 0;
      const watched = ['/a', '/b'].map((path) => ({ path, departure: watchDeparture(() => events.push(`left ${path}`)) }));
      await Promise.all(
        watched.map(async ({ path, departure }) => {
          const response = await request(url + path, { dispatcher, headers: { accept: 'text/plain', ...departure.headers } });
          await response.body.text();
          departure.release();
        }),
      );
      expect(events.filter((e) => e.startsWith('left')).sort()).toEqual(['left /a', 'left /b']);
      for (const r of received) {
        expect(r.headers[DEPARTURE_HEADER]).toBeUndefined();
        expect(r.headers.accept).toBe('text/plain');
        const path = r.events.at(-1)!.slice('arrived '.length);
        expect(r.events).toContain(`left ${path}`);
      }
    } finally {
      await dispatcher.close();
    }
  });

  it('marks a departure once its headers are on the socket, never before the write', async () => {
    let socket: Socket | undefined;
    const { port } = new URL(url);
    const dispatcher = new Client(url, {
      connect: (_options, callback) => {
        const own = connect({ host: '127.0.0.1', port: Number(port) });
        socket = own;
        own.once('connect', () => callback(null, own));
        own.once('error', (error) => callback(error, null));
      },
    });
    try {
      const written: number[] = [];
      const departure = watchDeparture(() => written.push(socket?.bytesWritten ?? -1));
      const response = await request(`${url}/written`, { dispatcher, headers: departure.headers });
      await response.body.text();
      departure.release();
      expect(written).toHaveLength(1);
      expect(written[0]).toBeGreaterThanOrEqual('GET /written HTTP/1.1\r\n'.length);
    } finally {
      await dispatcher.close();
    }
  });

  it('reports nothing for a request that never left (connection refused) or after release', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    let seen = 0;
    const departure = watchDeparture(() => seen++);
    await expect(request(deadUrl, { headers: departure.headers })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    departure.release();
    expect(seen).toBe(0);
    // Released: the id is no longer ours to take out, and nothing is reported.
    const response = await request(`${url}/late`, { headers: departure.headers });
    await response.body.text();
    expect(seen).toBe(0);
    expect(received.at(-1)!.headers[DEPARTURE_HEADER]).toBe(departure.headers[DEPARTURE_HEADER]);
  });
});
