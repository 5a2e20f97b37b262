import { LandingGraphError } from '../errors.js';
import { outageSignal } from './http-errors.js';
import type { Layer } from './send.js';
import type { GatePass, ServiceGate } from './service-gate.js';

/** Thrown by `beforeSend` when the gate closed while the attempt queued; caught below, nothing spent. */
class HeldBack extends Error {}

/**
 * The outage gate's piece (service-gate.ts): an attempt enters the gate first, is held back if the gate closed while
 * it queued, and a failure with no answer is shown to the gate, which may say the service is down: then the attempt
 * waits at the gate and goes again without spending anything.
 */
export function withOutageGate(gate: ServiceGate): Layer {
  return (next) => async (call) => {
    for (;;) {
      const pass: GatePass = await gate.enter();
      let answered = false;
      try {
        return await next({
          ...call,
          beforeSend: () => {
            call.beforeSend?.();
            if (!gate.admits(pass)) throw new HeldBack();
          },
          onAnswered: () => {
            answered = true;
            gate.answered(pass);
            call.onAnswered?.();
          },
        });
      } catch (error) {
        if (error instanceof HeldBack) continue;
        const unanswered = !answered && error instanceof LandingGraphError && error.retryable;
        if (unanswered && gate.failed(pass, { record: call.what, ...outageSignal(error) }) === 'wait') continue;
        throw error;
      } finally {
        gate.release(pass);
      }
    }
  };
}
