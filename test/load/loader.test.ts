import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GraphBatch } from '../../src/graph/model.js';
import type { PivotBatch } from '../../src/graph/pivots/index.js';
import { readJsonLines, type StoredAnswer } from '../../src/load/answers.js';
import { type AnswerSink, loadAnswers } from '../../src/load/loader.js';
import { buildRecord, generateGraph } from '../../src/sandbox/index.js';

const graph = generateGraph({ records: 200, seed: 8 });
const dir = mkdtempSync(path.join(tmpdir(), 'landing-load-'));

class MemorySink implements AnswerSink {
  readonly commits: { batches: GraphBatch[]; pivots: PivotBatch[] }[] = [];
  async write(batches: GraphBatch[], pivots: PivotBatch[]) {
    this.commits.push({ batches, pivots });
    return {
      nodes: batches.reduce((n, b) => n + b.nodes.length, 0),
      edges: batches.reduce((n, b) => n + b.edges.length, 0),
      versions: 0,
      removed: 0,
    };
  }
}

function file(name: string, lines: string[]): string {
  const target = path.join(dir, name);
  writeFileSync(target, `${lines.join('\n')}\n`);
  return target;
}

async function* from(answers: StoredAnswer[]): AsyncGenerator<StoredAnswer> {
  yield* answers;
}

describe('loadAnswers (pure mapping into a sink)', () => {
  const companies = graph.ids('company').slice(0, 7);
  const lines = companies.map((id) => JSON.stringify({ kind: 'company', raw: JSON.stringify(buildRecord(graph, 'company', id)) }));

  it('maps every answer as a crawl does, in commits of answersPerCommit, keeping the text exactly', async () => {
    const sink = new MemorySink();
    const result = await loadAnswers(readJsonLines(file('ok.jsonl', lines)), sink, { answersPerCommit: 3 });
    expect(result).toMatchObject({ loaded: 7, invalid: 0, commits: 3 });
    expect(sink.commits.map((c) => c.pivots.length)).toEqual([3, 3, 1]);
    const selves = sink.commits.flatMap((c) => c.batches.flatMap((b) => b.nodes.filter((n) => n.status === 'fetched')));
    expect(selves.map((n) => n.id)).toEqual(companies);
    expect(selves[0]!.raw).toBe(JSON.parse(lines[0]!).raw);
    expect(selves.every((n) => n.fetchedAt === undefined)).toBe(true);
  });

  it('keeps a given fetchedAt on the record, flags an answer that breaks the schema, re-serialises "record"', async () => {
    const broken = { ...buildRecord(graph, 'company', companies[0]!), relatedCompanies: [{ id: 'abc' }] };
    const sink = new MemorySink();
    const result = await loadAnswers(
      from([
        {
          kind: 'company',
          text: JSON.stringify(buildRecord(graph, 'company', companies[1]!)),
          fetchedAt: '2026-10-01T00:00:00Z',
          origin: 'a',
        },
        { kind: 'company', text: JSON.stringify(broken), origin: 'b' },
      ]),
      sink,
    );
    expect(result).toMatchObject({ loaded: 2, invalid: 1 });
    const nodes = sink.commits[0]!.batches.flatMap((b) => b.nodes.filter((n) => n.status === 'fetched'));
    expect(nodes[0]!.fetchedAt).toBe('2026-10-01T00:00:00Z');
    expect(nodes[1]!.props.schemaError).toMatch(/relatedCompanies/);
    const viaRecord = await loadAnswers(
      readJsonLines(file('record.jsonl', [JSON.stringify({ kind: 'company', record: buildRecord(graph, 'company', companies[2]!) })])),
      new MemorySink(),
    );
    expect(viaRecord.loaded).toBe(1);
  });

  it.each([
    ['not JSON', "{'kind': 'company'}", /bad\.jsonl:2: not JSON/],
    ['an unknown kind', JSON.stringify({ kind: "'}) DETACH DELETE n //", raw: '{}' }), /bad\.jsonl:2: kind: /],
    ['neither raw nor record', JSON.stringify({ kind: 'domain' }), /bad\.jsonl:2: .*exactly one of raw and record/],
    ['a bad fetchedAt', JSON.stringify({ kind: 'domain', raw: '{}', fetchedAt: 'yesterday' }), /bad\.jsonl:2: fetchedAt: /],
    [
      'an answer without a page number',
      JSON.stringify({ kind: 'domain', raw: '{"title":"Щ 😀"}' }),
      /bad\.jsonl:2: the answer has no page number/,
    ],
  ])('stops with one line naming the line for %s, before writing that commit', async (_what, bad, message) => {
    const sink = new MemorySink();
    await expect(loadAnswers(readJsonLines(file('bad.jsonl', [lines[0]!, bad])), sink)).rejects.toThrow(message);
    expect(sink.commits).toEqual([]);
  });

  it('names a missing file', async () => {
    await expect(loadAnswers(readJsonLines(path.join(dir, 'nope.jsonl')), new MemorySink())).rejects.toThrow(/no such file/);
  });
});
