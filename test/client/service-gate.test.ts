import { describe, expect, it } from 'vitest';
import { LandingGraphError } from '../../src/errors.js';
import { fromNetworkError, errorForStatus, outageSignal } from '../../src/client/http-errors.js';
import { ServiceGate, type GatePass, type ServiceGateEvent } from '../../src/client/service-gate.js';
import { FakeClock, settle } from '../support/fake-clock.js';

/** The shared fake clock, with the steps these tests take: no real sleeps. */
function fakeTime() {
  const clock = new FakeClock();
  return {
    clock,
    now: clock.now,
    /** Move the clock, firing due timers in order and letting their continuations run. */
    advance: (ms: number) => clock.advanceTo(clock.nowMs + ms),
    /** Timers still pending (aborted ones excluded). */
    pending: () => clock.sleepers,
    flush: settle,
  };
}

const refused = (record: string) => ({ record, connectFailure: true, reason: 'connection refused' });
const http503 = (record: string) => ({ record, connectFailure: false, reason: 'HTTP 503' });

/** `reached`: the service answered once before (the default), so that an outage gets the long wait. */
function setup(options: { serviceWaitMs?: number; firstContactTimeoutMs?: number; reached?: boolean } = {}) {
  const time = fakeTime();
  const events: ServiceGateEvent[] = [];
  const gate = new ServiceGate({
    serviceWaitMs: options.serviceWaitMs ?? 60_000,
    firstContactTimeoutMs: options.firstContactTimeoutMs ?? 30_000,
    minProbeDelayMs: 1_000,
    maxProbeDelayMs: 8_000,
    origin: 'http://127.0.0.1:2',
    clock: time.clock,
    onEvent: (e) => events.push(e),
  });
  if (options.reached ?? true) gate.answered({ probe: false });
  /** enter() whose outcome can be read without awaiting. */
  const waiter = () => {
    const w: { pass?: GatePass; error?: unknown } = {};
    gate.enter().then(
      (pass) => (w.pass = pass),
      (error: unknown) => (w.error = error),
    );
    return w;
  };
  return { time, events, gate, waiter };
}

describe('ServiceGate', () => {
  it('lets requests through while open; one record failing on its own keeps spending its own attempts', async () => {
    const { gate, events } = setup();
    const pass = await gate.enter();
    expect(pass.probe).toBe(false);
    expect(gate.admits(pass)).toBe(true);
    for (let i = 0; i < 6; i++) expect(gate.failed(pass, http503('domain#1'))).toBe('count');
    expect(gate.down).toBe(false);
    expect(events).toEqual([]);
  });

  it('closes after 5 transient failures in a row over 2 records; an answer between them starts the run again', async () => {
    const { gate, events } = setup();
    const pass = await gate.enter();
    for (const r of ['a', 'b', 'a', 'b']) expect(gate.failed(pass, http503(r))).toBe('count');
    gate.answered(pass);
    for (const r of ['a', 'b', 'a', 'b']) expect(gate.failed(pass, http503(r))).toBe('count');
    expect(gate.down).toBe(false);
    expect(gate.failed(pass, http503('c'))).toBe('wait'); // the fifth: this one spends nothing
    expect(gate.down).toBe(true);
    expect(events).toEqual([{ type: 'service-down', reason: 'HTTP 503; 5 failures in a row over 3 records' }]);
  });

  it('closes at the first failure to connect, and holds back what passed before it closed', async () => {
    const { gate, events } = setup();
    const early = await gate.enter();
    const other = await gate.enter();
    expect(gate.failed(early, refused('a'))).toBe('wait');
    expect(events).toEqual([{ type: 'service-down', reason: 'connection refused' }]);
    expect(gate.admits(other)).toBe(false); // queued in the limiter when the gate closed: not sent
    expect(gate.failed(other, http503('b'))).toBe('wait'); // under way when it closed: no attempt spent
  });

  it('sends one probe at a time while closed; the other requests wait, sending nothing', async () => {
    const { gate, time, waiter } = setup();
    gate.failed(await gate.enter(), refused('a'));
    const waiting = [waiter(), waiter(), waiter()];
    await time.advance(999);
    expect(waiting.filter((w) => w.pass || w.error)).toHaveLength(0);
    await time.advance(1);
    const released = waiting.filter((w) => w.pass);
    expect(released).toHaveLength(1);
    expect(released[0]!.pass!.probe).toBe(true);
    await time.advance(50_000); // the probe is still under way: nobody else goes
    expect(waiting.filter((w) => w.pass || w.error)).toHaveLength(1);
    expect(gate.waiting).toBe(2);
  });

  it('spaces probes exactly by the back-off (1 s, then doubled, capped)', async () => {
    const { gate, time, waiter } = setup();
    gate.failed(await gate.enter(), refused('a'));
    let w = waiter();
    const releasedAt: number[] = [];
    for (let i = 0; i < 5; i++) {
      while (!w.pass) await time.advance(100);
      releasedAt.push(time.now());
      expect(gate.failed(w.pass, refused('a'))).toBe('wait');
      w = waiter();
    }
    expect(releasedAt).toEqual([1_000, 3_000, 7_000, 15_000, 23_000]);
  });

  it('opens on any answer to the probe: every waiting request goes on, and service-back says for how long', async () => {
    const { gate, time, waiter, events } = setup();
    gate.failed(await gate.enter(), refused('a'));
    const waiting = [waiter(), waiter(), waiter()];
    await time.advance(1_000);
    const probe = waiting.find((w) => w.pass?.probe)!;
    gate.failed(probe.pass!, refused('a'));
    waiting.splice(waiting.indexOf(probe), 1, waiter());
    await time.advance(2_000);
    const second = waiting.find((w) => w.pass?.probe)!;
    gate.answered(second.pass!); // e.g. a 404: the service is back
    await time.flush();
    expect(gate.down).toBe(false);
    expect(waiting.every((w) => w.pass !== undefined)).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'service-back', downMs: 3_000 });
    expect(time.pending()).toBe(0); // no probe or give-up timer left behind
  });

  it('a probe that reaches the service and fails (5xx) spends its own attempt, and the next probe is another record', async () => {
    const { gate, time, waiter } = setup();
    gate.failed(await gate.enter(), refused('a'));
    const first = waiter();
    const second = waiter();
    await time.advance(1_000);
    expect(first.pass?.probe).toBe(true);
    expect(gate.failed(first.pass!, http503('a'))).toBe('count');
    const again = waiter(); // the first record, back after its own back-off
    await time.advance(2_000);
    expect(second.pass?.probe).toBe(true);
    expect(again.pass).toBeUndefined();
  });

  it('gives up after serviceWaitMs: every waiting request and every later one fails with API_UNAVAILABLE', async () => {
    const { gate, time, waiter } = setup({ serviceWaitMs: 10_000 });
    gate.failed(await gate.enter(), refused('a'));
    const waiting = [waiter(), waiter()];
    // Probes at 1 s, 3 s, 7 s fail; the next would be at 15 s, after the wait.
    for (let i = 0; i < 3; i++) {
      while (!waiting.some((w) => w.pass)) await time.advance(100);
      const probe = waiting.find((w) => w.pass)!;
      gate.failed(probe.pass!, refused('a'));
      waiting.splice(waiting.indexOf(probe), 1, waiter());
    }
    await time.advance(2_999 - (time.now() - 7_000));
    expect(waiting.every((w) => w.error === undefined)).toBe(true);
    await time.advance(10_000 - time.now());
    for (const w of waiting) {
      expect(w.error).toBeInstanceOf(LandingGraphError);
      expect(w.error).toMatchObject({ code: 'API_UNAVAILABLE', kind: 'stop' });
    }
    expect((waiting[0]!.error as Error).message).toBe('the service at http://127.0.0.1:2 has not answered for 10s (connection refused)');
    await expect(gate.enter()).rejects.toMatchObject({ code: 'API_UNAVAILABLE' });
    expect(time.pending()).toBe(0);
  });

  it('never reached (every failure a refused connection): gives up firstContactTimeoutMs after the first request, with API_UNREACHED', async () => {
    const { gate, time, waiter } = setup({ reached: false, serviceWaitMs: 600_000, firstContactTimeoutMs: 2_000 });
    const first = await gate.enter();
    await time.advance(500);
    gate.failed(first, refused('a'));
    const waiting = [waiter(), waiter()];
    // The probe at 1.5 s is refused too; the next would be at 3.5 s, after the bound.
    await time.advance(1_000);
    const probe = waiting.find((w) => w.pass)!;
    gate.failed(probe.pass!, refused('a'));
    waiting.splice(waiting.indexOf(probe), 1, waiter());
    await time.advance(499);
    expect(waiting.every((w) => w.error === undefined)).toBe(true);
    await time.advance(1);
    for (const w of waiting) expect(w.error).toMatchObject({ code: 'API_UNREACHED', kind: 'stop' });
    expect((waiting[0]!.error as Error).message).toBe(
      'no request reached the service at http://127.0.0.1:2 within 2s (connection refused): check LANDING_BASE_URL (or --base-url), and that the service runs there',
    );
    await expect(gate.enter()).rejects.toMatchObject({ code: 'API_UNREACHED' });
    expect(time.pending()).toBe(0);
  });

  it('never reached, then a probe reaches it and fails (HTTP 503): the long wait of an outage from then on', async () => {
    const { gate, time, waiter } = setup({ reached: false, serviceWaitMs: 10_000, firstContactTimeoutMs: 2_000 });
    gate.failed(await gate.enter(), refused('a'));
    const w = waiter();
    await time.advance(1_000);
    expect(w.pass?.probe).toBe(true);
    gate.failed(w.pass!, http503('a'));
    const later = [waiter(), waiter()];
    await time.advance(1_500);
    expect(later.every((l) => l.error === undefined)).toBe(true);
    // The next probe (at 3 s) is under way; the other request waits until the service wait runs out.
    await time.advance(10_000 - time.now() - 1);
    expect(later.every((l) => l.error === undefined)).toBe(true);
    await time.advance(1);
    expect(later.filter((l) => l.error)).toEqual([{ error: expect.objectContaining({ code: 'API_UNAVAILABLE' }) }]);
  });

  it('after giving up, an answer to a request still under way opens it again', async () => {
    const { gate, time } = setup({ serviceWaitMs: 500 });
    const underWay = await gate.enter();
    gate.failed(await gate.enter(), refused('a'));
    await time.advance(500);
    await expect(gate.enter()).rejects.toMatchObject({ code: 'API_UNAVAILABLE' });
    gate.answered(underWay);
    expect((await gate.enter()).probe).toBe(false);
  });

  it('a probe due with nobody waiting goes to the next request that arrives', async () => {
    const { gate, time } = setup();
    gate.failed(await gate.enter(), refused('a'));
    await time.advance(5_000);
    const pass = await gate.enter();
    expect(pass.probe).toBe(true);
    expect(gate.admits(pass)).toBe(true);
  });

  it('a probe that ends without a verdict frees the slot for the next one at once', async () => {
    const { gate, time, waiter } = setup();
    gate.failed(await gate.enter(), refused('a'));
    const first = waiter();
    const second = waiter();
    await time.advance(1_000);
    gate.release(first.pass!);
    await time.flush();
    expect(second.pass?.probe).toBe(true);
  });

  it('abandon() fails the waiting requests, but requests pass again once the gate is open', async () => {
    const { gate, time, waiter } = setup();
    const underWay = await gate.enter();
    gate.failed(await gate.enter(), refused('a'));
    const w = waiter();
    gate.abandon(new LandingGraphError('CRAWL_ABORTED', 'interrupted'));
    await time.flush();
    expect(w.error).toMatchObject({ code: 'CRAWL_ABORTED' });
    await expect(gate.enter()).rejects.toMatchObject({ code: 'CRAWL_ABORTED' });
    expect(time.pending()).toBe(0);
    gate.answered(underWay);
    expect((await gate.enter()).probe).toBe(false);
  });
});

describe('outageSignal: which failures mean no connection could be made', () => {
  const net = (code: string, syscall?: string) => fromNetworkError(Object.assign(new Error(code), { code, syscall }), 'domain#1');
  it.each([
    [net('ECONNREFUSED', 'connect'), true, 'connection refused'],
    [net('ENOTFOUND', 'getaddrinfo'), true, 'DNS lookup failed'],
    [net('UND_ERR_CONNECT_TIMEOUT'), true, 'connect time-out'],
    [net('ECONNRESET', 'connect'), true, 'connection reset'],
    [net('ECONNRESET', 'read'), false, 'network failure ECONNRESET'],
    [net('UND_ERR_SOCKET'), false, 'network failure UND_ERR_SOCKET'],
    [net('UND_ERR_HEADERS_TIMEOUT'), false, 'network failure UND_ERR_HEADERS_TIMEOUT'],
    [errorForStatus(503, 'domain#1', ''), false, 'HTTP 503'],
  ])('%s', (error, connectFailure, reason) => {
    expect(outageSignal(error)).toEqual({ connectFailure, reason });
  });
});
