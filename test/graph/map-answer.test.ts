import { describe, expect, it } from 'vitest';
import { mapAnswer, mapAnswerText } from '../../src/graph/map-answer.js';
import { fullRecord } from '../api/schemas/records.js';

describe('mapAnswerText (pure)', () => {
  it('maps a served text as mapAnswer maps its JSON', () => {
    const json = fullRecord('company');
    const text = JSON.stringify(json);
    const ref = { kind: 'company' as const, id: json.id as number };
    const answer = mapAnswerText('company', ref, text);
    expect(answer.valid).toBe(true);
    expect(answer).toEqual(mapAnswer('company', ref, json, text));
  });

  it('keeps a text that is not JSON raw, flagged as breaking the schema, under the id it was asked by', () => {
    const text = '{"id": 7, "title": }';
    const answer = mapAnswerText('domain', { kind: 'domain', id: 7 }, text);
    expect(answer.valid).toBe(false);
    if (answer.valid) return;
    expect(answer.schemaError).toMatch(/^domain record is not JSON: /);
    expect(answer.node).toMatchObject({ kind: 'domain', id: 7, raw: text, props: { schemaError: answer.schemaError } });
    expect(answer.batches).toEqual([{ nodes: [answer.node], edges: [] }]);
  });
});
