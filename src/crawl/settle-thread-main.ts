/**
 * The worker thread of settle-thread.ts: settles the records posted to it with the policy of its first message.
 * Pure work, no I/O: a record's text in, its settlement out (structured clone both ways).
 */
import { parentPort } from 'node:worker_threads';
import { type SettlePolicy, settleFetched } from './settle.js';
import type { SettleReply, SettleRequest, SettleStart } from './settle-thread.js';

const port = parentPort;
if (!port) throw new Error('settle-thread-main runs as a worker thread of settle-thread.ts');
let policy: SettlePolicy | undefined;
port.on('message', (message: SettleStart | SettleRequest) => {
  if ('policy' in message) {
    policy = message.policy;
    return;
  }
  const { id, task, ref, text, attempts } = message;
  let reply: SettleReply;
  try {
    if (!policy) throw new Error('a record came before the policy');
    reply = { id, settlement: settleFetched(task, { ref, text, attempts }, policy) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
