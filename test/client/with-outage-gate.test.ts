import { describe, expect, it } from 'vitest';
import type { LandingGraphError } from '../../src/errors.js';
import { errorForStatus, fromNetworkError } from '../../src/client/http-errors.js';
import type { Call, Send } from '../../src/client/send.js';
import { ServiceGate, type ServiceGateEvent } from '../../src/client/service-gate.js';
import { withOutageGate } from '../../src/client/with-outage-gate.js';
import { FakeClock, settle } from '../support/fake-clock.js';

const call = (id: number): Call => ({ ref: { kind: 'company', id }, what: `company:${id}` });
const refused = (what: string) =>
  fromNetworkError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', syscall: 'connect' }), what);

function setup() {
  const clock = new FakeClock();
  const events: ServiceGateEvent[] = [];
  const gate = new ServiceGate({
    serviceWaitMs: 60_000,
    minProbeDelayMs: 1_000,
    maxProbeDelayMs: 1_000,
    clock,
    onEvent: (e) => events.push(e),
  });
  gate.answered({ probe: false }); // the service answered once: an outage gets the long wait
  return { clock, events, gate, layer: withOutageGate(gate) };
}

/** A service that is down (connection refused) while `down.now`, and answers 200 otherwise; it logs the sends. */
function service() {
  const down = { now: false };
  const sent: string[] = [];
  const send: Send = async (c) => {
    c.beforeSend?.();
    sent.push(c.what);
    if (down.now) throw refused(c.what);
    c.onAnswered?.();
    return { text: `{"of":"${c.what}"}`, attempts: 1 };
  };
  return { down, sent, send };
}

describe('withOutageGate on fake time', () => {
  it('holds every call while the service is down, spending nothing, and lets them go when a probe is answered', async () => {
    const { clock, events, layer } = setup();
    const { down, sent, send } = service();
    down.now = true;
    const outcomes = [1, 2, 3].map((id) => layer(send)(call(id)));
    await settle();
    // The first refusal closes the gate; the other two were already sent before it closed, and wait too.
    expect(events).toEqual([{ type: 'service-down', reason: 'connection refused' }]);
    expect(sent).toEqual(['company:1', 'company:2', 'company:3']);
    await clock.advanceTo(1_000); // one probe a second, each refused
    await clock.advanceTo(2_000);
    expect(sent.length).toBe(5);
    down.now = false;
    await clock.advanceTo(3_000);
    const delivered = await Promise.all(outcomes);
    expect(delivered.map((d) => d.text)).toEqual(['{"of":"company:1"}', '{"of":"company:2"}', '{"of":"company:3"}']);
    expect(delivered.every((d) => d.attempts === 1)).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'service-back', downMs: 3_000 });
  });

  it('holds back at its departure a call that passed the gate before it closed', async () => {
    const { clock, events, gate, layer } = setup();
    let held = 0;
    const sent: string[] = [];
    // The gate closes while this call queues below it (in the limiter): its beforeSend throws, nothing leaves.
    const send: Send = async (c) => {
      if (held === 0) {
        gate.failed({ probe: false }, { record: 'company:9', connectFailure: true, reason: 'connection refused' });
        try {
          c.beforeSend?.();
        } catch (error) {
          held += 1;
          throw error;
        }
      }
      c.beforeSend?.();
      sent.push(c.what);
      c.onAnswered?.();
      return { text: '{}', attempts: 1 };
    };
    const outcome = layer(send)(call(1));
    await settle();
    expect(held).toBe(1);
    expect(sent).toEqual([]);
    await clock.advanceTo(1_000); // the first probe is due: it goes out, is answered and opens the gate
    expect(sent).toEqual(['company:1']);
    await expect(outcome).resolves.toEqual({ text: '{}', attempts: 1 });
    expect(events.map((e) => e.type)).toEqual(['service-down', 'service-back']);
  });

  it('passes an answered failure (a 404, a 429) and a failure of one record on its own, and keeps the gate open', async () => {
    const { gate, layer } = setup();
    const notFound: Send = async (c) => {
      c.onAnswered?.();
      throw errorForStatus(404, c.what, '');
    };
    await expect(layer(notFound)(call(1))).rejects.toMatchObject({ code: 'API_NOT_FOUND' });
    const fails503: Send = async (c) => {
      throw errorForStatus(503, c.what, '');
    };
    await expect(layer(fails503)(call(2))).rejects.toMatchObject({ code: 'API_TRANSIENT' });
    expect(gate.down).toBe(false);
  });

  it('a wait past serviceWaitMs ends every held call with API_UNAVAILABLE', async () => {
    const { clock, layer } = setup();
    const { down, send } = service();
    down.now = true;
    const outcome = layer(send)(call(1)).catch((e: unknown) => e);
    await clock.advanceTo(60_000);
    const error = (await outcome) as LandingGraphError;
    expect(error).toMatchObject({ code: 'API_UNAVAILABLE', kind: 'stop' });
  });
});
