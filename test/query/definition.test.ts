import { describe, expect, it } from 'vitest';
import { parseQueryFile } from '../../src/query/definition.js';

const GOOD = `// title: Entities sharing an IP address
// description: Domains that resolve to the same IP,
// description: most shared first.
// param: ip string optional  An IP to focus on; all shared IPs when absent
// param: limit integer default 50 min=1 max=500  Most rows
// param: kind string required in=domain|company  Kind
// param: kinds list default domain,phone in=domain|phone|email  Kinds
// param: ratio float default 0.5  A ratio
// param: strict boolean default yes  Strict
// param: key string optional  Key
// param: id integer optional  Id
// one of: key, id
// columns: ip, sharedBy
MATCH (ip:IP) WHERE ($ip IS NULL OR ip.key = $ip) AND ip.kind = $kind AND ip.k IN $kinds
  AND $ratio > 0 AND $strict AND (ip.key = $key OR ip.id = $id)
// a comment inside the statement stays
RETURN ip.key AS ip, 1 AS sharedBy LIMIT $limit;
`;

function withLine(line: string, statement = 'RETURN $x AS x'): string {
  return `// title: T\n// description: D\n// columns: x\n${line}\n${statement}`;
}

describe('parseQueryFile', () => {
  it('reads title, description, typed params with defaults and constraints, one-of groups, columns and the statement', () => {
    const q = parseQueryFile('shared-ip', GOOD);
    expect(q).toMatchObject({
      name: 'shared-ip',
      title: 'Entities sharing an IP address',
      description: 'Domains that resolve to the same IP, most shared first.',
      oneOf: [['key', 'id']],
      columns: ['ip', 'sharedBy'],
    });
    expect(q.params).toEqual([
      { name: 'ip', type: 'string', required: false, default: null, description: 'An IP to focus on; all shared IPs when absent' },
      { name: 'limit', type: 'integer', required: false, default: 50, description: 'Most rows', min: 1, max: 500 },
      { name: 'kind', type: 'string', required: true, default: null, description: 'Kind', values: ['domain', 'company'] },
      {
        name: 'kinds',
        type: 'list',
        required: false,
        default: ['domain', 'phone'],
        description: 'Kinds',
        values: ['domain', 'phone', 'email'],
      },
      { name: 'ratio', type: 'float', required: false, default: 0.5, description: 'A ratio' },
      { name: 'strict', type: 'boolean', required: false, default: true, description: 'Strict' },
      { name: 'key', type: 'string', required: false, default: null, description: 'Key' },
      { name: 'id', type: 'integer', required: false, default: null, description: 'Id' },
    ]);
    expect(q.statement.startsWith('MATCH (ip:IP)')).toBe(true);
    expect(q.statement).toContain('// a comment inside the statement stays');
    expect(q.statement.endsWith('LIMIT $limit')).toBe(true);
  });

  it.each([
    ['// titel: typo', /not a header line/],
    ['// param: x strng optional  X', /unknown type "strng"/],
    ['// param: x string optional', /parameter x: no description/],
    ['// param: x integer default ten  X', /default of parameter x \(integer\): expected a whole number, got "ten"/],
    ['// param: x integer default 0 min=1  X', /default of parameter x \(integer\): expected at least 1, got "0"/],
    ['// param: x string default c in=a|b  X', /expected one of a, b, got "c"/],
    ['// param: x string optional min=1  X', /min= is for integer and float parameters/],
    ['// param: x integer optional in=1|2  X', /in= is for string and list parameters/],
    ['// param: x string optional  X\n// param: x string optional  X', /parameter x is declared twice/],
    ['// param: x string required  X\n// one of: x', /one of: x is required anyway/],
    ['// param: x string optional  X\n// one of: x, y', /one of: y is not a declared parameter/],
    ['// param: x string optional  X\n// title: again', /:5: a second title/],
  ])('rejects %j', (line, error) => {
    expect(() => parseQueryFile('q', withLine(line))).toThrow(error);
  });

  it('reads a parameter declared for the picture alone, which the statement must not use', () => {
    const q = parseQueryFile(
      'q',
      withLine('// param: x string optional  X\n// param: links integer default 60 min=1 for=picture  Most links'),
    );
    expect(q.params[1]).toEqual({
      name: 'links',
      type: 'integer',
      required: false,
      default: 60,
      min: 1,
      pictureOnly: true,
      description: 'Most links',
    });
    expect(q.params[0]?.pictureOnly).toBeUndefined();
    expect(() => parseQueryFile('q', withLine('// param: x string optional for=picture  X'))).toThrow(
      'cypher/queries/q.cypher: parameter x is for the picture, yet the statement uses $x',
    );
    expect(() => parseQueryFile('q', withLine('// param: x string optional  X\n// param: y string optional for=table  Y'))).toThrow(
      /parameter y: for= takes picture only/,
    );
  });

  it('rejects a file whose statement and declarations disagree, or that has several statements', () => {
    expect(() => parseQueryFile('q', withLine('// param: x string optional  X', 'RETURN $x AS x, $y AS y'))).toThrow(
      /uses \$y, which no param line declares/,
    );
    expect(() => parseQueryFile('q', withLine('// param: x string optional  X\n// param: z string optional  Z'))).toThrow(
      /parameter z is declared but the statement never uses \$z/,
    );
    expect(() => parseQueryFile('q', withLine('// param: x string optional  X', 'RETURN $x AS x;\nRETURN 2 AS y'))).toThrow(
      /more than one statement/,
    );
    expect(() => parseQueryFile('q', '// title: T\n// columns: x\nRETURN 1 AS x')).toThrow(
      'cypher/queries/q.cypher: no `// description:` line',
    );
    expect(() => parseQueryFile('q', '// title: T\n// description: D\nRETURN 1 AS x')).toThrow(/no `\/\/ columns:` line/);
    expect(() => parseQueryFile('q', '// title: T\n// description: D\n// columns: x\n')).toThrow(/no Cypher statement/);
  });

  it('reports errors as CONFIG_INVALID with the file and line', () => {
    try {
      parseQueryFile('broken', withLine('// param: 1x string optional  X'));
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'CONFIG_INVALID', message: 'cypher/queries/broken.cypher:4: not a parameter name: "1x"' });
    }
  });
});
