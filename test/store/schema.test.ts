import { describe, expect, it } from 'vitest';
import { cypherStatements } from '../../src/store/cypher-files.js';
import { schemaStep } from '../../src/store/schema.js';

describe('the steps of cypher/schema.cypher', () => {
  it('every statement names what it creates or drops: applySchema runs a step only when it is needed', () => {
    const steps = cypherStatements('schema').map(schemaStep);
    expect(steps.filter((s) => s === undefined)).toEqual([]);
    expect(steps).toEqual(
      expect.arrayContaining([
        { name: 'landing_kind_id', creates: true },
        { name: 'similar_removed_at', creates: true },
        { name: 'landing_title', creates: false },
      ]),
    );
  });

  it('reads each form of CREATE and DROP the schema uses, and nothing else', () => {
    expect(schemaStep('CREATE CONSTRAINT crawl_id IF NOT EXISTS FOR (c:Crawl) REQUIRE c.id IS UNIQUE')).toEqual({
      name: 'crawl_id',
      creates: true,
    });
    expect(schemaStep('CREATE INDEX landing_kind IF NOT EXISTS FOR (n:Landing) ON (n.kind)')).toEqual({
      name: 'landing_kind',
      creates: true,
    });
    expect(schemaStep('CREATE TEXT INDEX landing_key_text IF NOT EXISTS FOR (n:Landing) ON (n.key)')).toEqual({
      name: 'landing_key_text',
      creates: true,
    });
    expect(schemaStep('DROP INDEX landing_title IF EXISTS')).toEqual({ name: 'landing_title', creates: false });
    expect(schemaStep('CREATE INDEX landing_kind FOR (n:Landing) ON (n.kind)')).toBeUndefined();
    expect(schemaStep('DROP INDEX landing_title')).toBeUndefined();
    expect(schemaStep('DROP CONSTRAINT flag_uid IF EXISTS')).toBeUndefined();
    expect(schemaStep('MATCH (n) RETURN n')).toBeUndefined();
  });
});
