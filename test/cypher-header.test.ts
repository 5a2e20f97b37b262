import { describe, expect, it } from 'vitest';
import { readCypherHeader } from '../src/cypher-header.js';

const refuse = (problem: string, line: number): never => {
  throw new Error(`${line}: ${problem}`);
};

describe('readCypherHeader', () => {
  it('reads the known fields with their lines, skips a bare //, keeps comments inside the statement', () => {
    const text = '// title:  Shared IPs \r\n//\r\n// one of: key, id\r\n// note: kept\r\nMATCH (n)\r\n// inside\r\nRETURN n\r\n';
    const header = readCypherHeader(text, ['title', 'one of'], { strict: false, fail: refuse });
    expect(header.lines).toEqual([
      { field: 'title', value: 'Shared IPs', line: 1 },
      { field: 'one of', value: 'key, id', line: 3 },
    ]);
    // Not strict: the first other line ends the header and belongs to the statement.
    expect(header.statement).toBe('// note: kept\nMATCH (n)\n// inside\nRETURN n');
  });

  it('strict: refuses another leading // line, naming its line, so that a misspelt field is not a comment', () => {
    expect(() => readCypherHeader('// title: T\n// titel: typo\nRETURN 1', ['title'], { strict: true, fail: refuse })).toThrow(
      '2: not a header line (title): // titel: typo',
    );
    expect(readCypherHeader('// title:\nRETURN 1', ['title'], { strict: true, fail: refuse }).lines).toEqual([
      { field: 'title', value: '', line: 1 },
    ]);
  });

  it('takes field names literally, never as patterns', () => {
    const header = readCypherHeader('// a.b: 1\n// axb: 2\nRETURN 1', ['a.b'], { strict: false, fail: refuse });
    expect(header.lines).toEqual([{ field: 'a.b', value: '1', line: 1 }]);
    expect(header.statement).toBe('// axb: 2\nRETURN 1');
  });
});
