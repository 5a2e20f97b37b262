/**
 * The worker thread of settle-thread.ts: settles the records posted to it with the policy it was started with.
 * Pure work, no I/O: a record's text in, its settlement out (structured clone both ways).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type SettlePolicy, settleFetched } from './settle.js';
import type { SettleReply, SettleRequest } from './settle-thread.js';

const policy = (workerData as { policy: SettlePolicy }).policy;
const port = parentPort;
if (!port) throw new Error('settle-thread-main runs as a worker thread of settle-thread.ts');
port.on('message', ({ id, task, ref, text, attempts }: SettleRequest) => {
  let reply: SettleReply;
  try {
    reply = { id, settlement: settleFetched(task, { ref, text, attempts }, policy) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
