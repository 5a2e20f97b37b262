import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evolveSandbox } from '../../src/cli/commands/sandbox-evolve.js';
import { goneIdsOf, type Sandbox, startSandbox } from '../../src/sandbox/index.js';

describe('landing-graph sandbox evolve', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ records: 300, seed: 1 });
  });
  afterAll(async () => sandbox?.close());

  it('makes a running sandbox serve a changed world, over HTTP', async () => {
    const before = sandbox.graph;
    const evolved = await evolveSandbox(sandbox.url, { seed: 3, gone: 2, newRecords: 1 });
    expect(evolved).toMatchObject({ generation: 1, gone: 2, newIds: 1 });
    expect(sandbox.graph).not.toBe(before);
    const [gone] = goneIdsOf(sandbox.graph);
    const kind = sandbox.graph.node(gone!)!.kind;
    const answer = await fetch(`${sandbox.url}/api/v1/landing/${kind}/${gone}`, { headers: { 'x-api-key': sandbox.apiKey } });
    expect(answer.status).toBe(404);
    expect((await evolveSandbox(sandbox.url, {})).generation).toBe(2);
  });

  it('says in one line when no sandbox answers, or when the sandbox refuses the change', async () => {
    await expect(evolveSandbox('http://127.0.0.1:9', { gone: 1 })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringMatching(/^no sandbox answers at http:\/\/127\.0\.0\.1:9 \(.*\); start one with landing-graph sandbox$/),
    });
    await expect(evolveSandbox(sandbox.url, { gone: 2_000_000 })).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });
});
