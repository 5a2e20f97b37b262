import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseSandboxArgs, runSandbox, sandboxCommand } from '../../src/cli/commands/sandbox.js';

describe('landing-graph sandbox options', () => {
  it('has the documented defaults', () => {
    const { server, groundTruthFile } = parseSandboxArgs({ port: '8787', host: '127.0.0.1', records: '2000', seed: '1' });
    expect(server).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      records: 2000,
      seed: 1,
      apiKey: 'sandbox-key',
      specials: false,
      faults: {},
    });
    expect(groundTruthFile).toBeUndefined();
  });

  it('--plant serves the generated world with planted networks and red-flag patterns; not with --specials', () => {
    const { server } = parseSandboxArgs({ records: '2000', seed: '3', plant: true });
    expect(server.graph?.recordCount).toBeGreaterThan(2000);
    expect(server.graph?.lookup('domain', 'net0-site0.ru')).toBeGreaterThan(2000);
    expect(() => parseSandboxArgs({ plant: true, specials: true })).toThrow(/--plant and --specials/);
  });

  it('maps fault flags to fault options', () => {
    const { server } = parseSandboxArgs({
      errorRate: '0.1',
      latencyMs: '20',
      burstEvery: '10',
      burstLength: '3',
      retryAfter: '2',
      retryAfterDate: true,
      limitRps: '50',
      specials: true,
    });
    expect(server.specials).toBe(true);
    expect(server.faults).toEqual({
      errorRate: 0.1,
      latencyMs: 20,
      limitRps: 50,
      rateLimit429: { everyRequests: 10, burstLength: 3, retryAfterSeconds: 2, retryAfterAsDate: true },
    });
  });

  it.each([
    [{ port: 'abc' }, '--port must be a whole number from 0 to 65535, got "abc"'],
    [{ port: '70000' }, '--port must be a whole number from 0 to 65535, got "70000"'],
    [{ records: '0' }, '--records must be a whole number from 1 to 1000000, got "0"'],
    [{ errorRate: '1.5' }, '--error-rate must be a number from 0 to 1, got "1.5"'],
    [{ latencyMs: '-5' }, '--latency-ms must be a whole number from 0 to 600000, got "-5"'],
    [{ apiKey: '' }, '--api-key must not be empty'],
    [{ burstLength: '2' }, '--burst-length, --retry-after and --retry-after-date go with --burst-every N'],
    [{ errorRate: '0.7', cutRate: '0.7' }, 'add up to 1.4, more than 1'],
  ])('refuses %o with one line naming the option and value', (raw, message) => {
    let error: unknown;
    try {
      parseSandboxArgs(raw);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('the command refuses bad input before starting anything', async () => {
    await expect(sandboxCommand().exitOverride().parseAsync(['--limit-rps', 'lots'], { from: 'user' })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: '--limit-rps must be a whole number from 1 to 1000000, got "lots"',
    });
  });

  it('runs until stopped, printing one line with the address and seeds to try, and writes the ground truth', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sandbox-cmd-'));
    try {
      const options = parseSandboxArgs({ port: '0', records: '300', groundTruth: path.join(dir, 'truth.json') });
      const stop = new AbortController();
      const lines: string[] = [];
      const running = runSandbox(options, stop.signal, (line) => lines.push(line));
      await vi.waitFor(() => expect(lines).toHaveLength(1));
      const line = lines[0] as string;
      expect(line).toMatch(
        /^landing-graph sandbox: LANDING_BASE_URL=http:\/\/127\.0\.0\.1:\d+ \(endpoints under \/api\/v1\/landing\/; 300 records, seed 1, ready in \d+ ms, X-Api-Key: sandbox-key\); try domain /,
      );
      const base = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      const inn = /company INN (\d{10})/.exec(line)?.[1];
      const res = await fetch(`${base}/api/v1/landing/company/${inn}?isKey=true`, { headers: { 'x-api-key': 'sandbox-key' } });
      expect(res.status).toBe(200);
      stop.abort();
      await running;
      await expect(fetch(`${base}/__sandbox/stats`)).rejects.toThrow();
      expect(JSON.parse(await readFile(path.join(dir, 'truth.json'), 'utf8'))).toMatchObject({ seed: 1, recordCount: 300 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
