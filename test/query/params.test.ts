import neo4j from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { EXIT, exitFor } from '../../src/cli/exit-codes.js';
import { parseQueryFile } from '../../src/query/definition.js';
import { bindParams } from '../../src/query/params.js';

const QUERY = parseQueryFile(
  'sample',
  `// title: Sample
// description: Every type.
// param: kind string required in=domain|company  Kind
// param: key string optional  Key
// param: id integer optional min=0  Page number
// param: hops integer default 2 min=1 max=4  Hops
// param: ratio float optional max=1  Ratio
// param: strict boolean default false  Strict
// param: kinds list optional in=ip|person  Kinds
// one of: key, id
// columns: x
RETURN [$kind, $key, $id, $hops, $ratio, $strict, $kinds] AS x`,
);

const bind = (...assignments: string[]) => bindParams(QUERY, assignments);

describe('bindParams', () => {
  it('sends every declared parameter: given, else default, else null; integers as Neo4j integers', () => {
    const params = bind('kind=domain', 'key= Lavka-Chaya.RU ');
    expect(params).toEqual({
      kind: 'domain',
      key: ' Lavka-Chaya.RU ',
      id: null,
      hops: neo4j.int(2),
      ratio: null,
      strict: false,
      kinds: null,
    });
    expect(neo4j.isInt(params.hops)).toBe(true);
  });

  it('parses each type from its text', () => {
    const params = bind('kind=company', 'id=+42', 'hops= 4', 'ratio=.5', 'strict=YES', 'kinds=ip, person,');
    expect(params).toMatchObject({ id: neo4j.int(42), hops: neo4j.int(4), ratio: 0.5, strict: true, kinds: ['ip', 'person'] });
    expect(bind('kind=domain', 'id=0', 'strict=0', 'ratio=-1e-3')).toMatchObject({ strict: false, ratio: -0.001, id: neo4j.int(0) });
  });

  it('adds up a repeated list parameter, and takes a value containing "="', () => {
    expect(bind('kind=domain', 'id=1', 'kinds=ip', 'kinds=person').kinds).toEqual(['ip', 'person']);
    expect(bind('kind=domain', 'key=a=b').key).toBe('a=b');
  });

  it.each([
    [['kind=domain', 'id=1', 'hops=five'], 'parameter hops (integer): expected a whole number, got "five"'],
    [['kind=domain', 'id=1', 'hops=9'], 'parameter hops (integer): expected 1 to 4, got "9"'],
    [['kind=domain', 'id=-1'], 'parameter id (integer): expected at least 0, got "-1"'],
    [['kind=domain', 'id=1.5'], 'parameter id (integer): expected a whole number, got "1.5"'],
    [['kind=domain', 'id=99999999999999999999'], 'parameter id (integer): the number is too large, got "99999999999999999999"'],
    [['kind=domain', 'id=1', 'ratio=2'], 'parameter ratio (float): expected at most 1, got "2"'],
    [['kind=domain', 'id=1', 'ratio=half'], 'parameter ratio (float): expected a number, got "half"'],
    [['kind=domain', 'id=1', 'strict=maybe'], 'parameter strict (boolean): expected true or false, got "maybe"'],
    [['kind=site', 'id=1'], 'parameter kind (string): expected one of domain, company, got "site"'],
    [['kind=domain', 'id=1', 'kinds=ip,domain'], 'parameter kinds (list): expected one of ip, person, got "ip,domain"'],
    [['kind=domain', 'id=1', 'colour=red'], 'query sample has no parameter "colour" (it takes kind, key, id, hops, ratio, strict, kinds)'],
    [['kind=domain', 'id'], '--param "id": expected name=value'],
    [['kind=domain', '=1'], '--param "=1": expected name=value'],
    [['kind=domain', 'id=1', 'id=2'], 'parameter id is given twice'],
    [['id=1'], 'query sample needs --param kind=<string>: Kind'],
    [['kind=domain'], 'query sample needs --param key=… or --param id=…'],
  ])('rejects %j with one clear line', (assignments, message) => {
    let error: unknown;
    try {
      bind(...assignments);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({ code: 'CONFIG_INVALID', message });
    // As the CLI reports it: a usage error (exit 2) whose one line holds the whole message.
    expect(exitFor(error)).toEqual({ exitCode: EXIT.USAGE, line: `landing-graph: CONFIG_INVALID: ${message}` });
  });

  it('quotes hostile values inertly in errors', () => {
    expect(() => bind('kind=domain', 'id=1', 'hops=\u001b[2J\nDROP')).toThrow(
      'parameter hops (integer): expected a whole number, got "\\u001b[2J\\nDROP"',
    );
  });
});
