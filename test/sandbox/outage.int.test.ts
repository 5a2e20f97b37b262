import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateGraph } from '../../src/sandbox/generate-graph.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { byId } from './helpers.js';

const graph = generateGraph({ records: 200, seed: 3 });
const path = byId('domain', graph.ids('domain')[0]!);

/** The status, or the network error code of a GET over a fresh connection. */
async function outcome(sandbox: Sandbox): Promise<number | string> {
  try {
    const res = await request(sandbox.url + path, { headers: { 'x-api-key': sandbox.apiKey, connection: 'close' }, reset: true });
    await res.body.dump();
    return res.statusCode;
  } catch (error) {
    return String((error as { code?: string }).code);
  }
}

describe('sandbox outages', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ graph });
  });
  afterAll(async () => sandbox?.close());

  it('goDown() refuses connections, comeBack() serves again on the same port', async () => {
    expect(await outcome(sandbox)).toBe(200);
    await sandbox.goDown();
    expect(sandbox.isDown()).toBe(true);
    expect(await outcome(sandbox)).toBe('ECONNREFUSED');
    await sandbox.comeBack();
    expect(sandbox.isDown()).toBe(false);
    expect(await outcome(sandbox)).toBe(200);
  });

  it("goDown('reset') accepts connections and resets them", async () => {
    await sandbox.goDown('reset');
    expect(await outcome(sandbox)).toMatch(/^(ECONNRESET|UND_ERR_SOCKET)$/);
    await sandbox.comeBack();
    expect(await outcome(sandbox)).toBe(200);
  });

  it('drops the requests under way when it goes down', async () => {
    sandbox.setFaults({ timeoutRate: 1 });
    const held = outcome(sandbox);
    while (sandbox.stats.faults.timeout === 0) await new Promise((r) => setTimeout(r, 5));
    await sandbox.goDown();
    expect(await held).toMatch(/^(ECONNRESET|UND_ERR_SOCKET)$/);
    await sandbox.comeBack();
    sandbox.setFaults({});
  });

  it('the outage fault: the Nth API request starts it, its connection is dropped, and it ends after forMs', async () => {
    sandbox.setFaults({ outage: { afterRequests: 3, forMs: 300 } });
    expect([await outcome(sandbox), await outcome(sandbox)]).toEqual([200, 200]);
    expect(await outcome(sandbox)).toMatch(/^(ECONNRESET|UND_ERR_SOCKET)$/);
    expect(sandbox.isDown()).toBe(true);
    expect(await outcome(sandbox)).toBe('ECONNREFUSED');
    await new Promise((r) => setTimeout(r, 400));
    expect(sandbox.isDown()).toBe(false);
    expect(await outcome(sandbox)).toBe(200);
    expect(await outcome(sandbox)).toBe(200); // once per setFaults
    expect(() => sandbox.setFaults({ outage: { afterRequests: 0, forMs: 10 } })).toThrow(/outage.afterRequests/);
    sandbox.setFaults({});
  });

  it('close() works while down', async () => {
    for (const mode of ['refuse', 'reset'] as const) {
      const own = await startSandbox({ graph });
      expect(await outcome(own), mode).toBe(200);
      await own.goDown(mode);
      expect(await outcome(own), mode).not.toBe(200);
      await expect(own.close(), mode).resolves.toBeUndefined();
      // Closed for good: nothing listens on its port, and comeBack() does not open it again.
      expect(await outcome(own), mode).toBe('ECONNREFUSED');
      await own.comeBack();
      expect(own.isDown(), mode).toBe(true);
      expect(await outcome(own), mode).toBe('ECONNREFUSED');
    }
  });
});
