import { describe, expect, it } from 'vitest';
import { pictureScript } from '../../src/query/browser-script.js';
import { parseQueryFile } from '../../src/query/definition.js';
import { attachPictures, parsePictureFile, pictureParams } from '../../src/query/picture.js';

const QUERY = parseQueryFile(
  'shared-ip',
  `// title: Entities sharing an IP address
// description: IPs of more than one record.
// param: ip string optional  One IP
// param: maxShared integer default 200 min=2  Most records per IP
// param: limit integer default 50 min=1  Most rows
// columns: ip
MATCH (ip:IP) WHERE $ip IS NULL OR ip.key = $ip WITH ip, COUNT { (ip)<--() } AS n WHERE n <= $maxShared
RETURN ip.key AS ip ORDER BY ip LIMIT $limit
`,
);

const GOOD = `// picture of: shared-ip
// description: Each shared IP with the records
// description: that resolve to it.

// A comment of the statement.
MATCH p = (:Landing)-[r:RESOLVES_TO]->(ip:IP)
WHERE r.removedAt IS NULL AND ($ip IS NULL OR ip.key = $ip)
RETURN p LIMIT $limit;
`;

describe('parsePictureFile', () => {
  it('reads the query it draws, the description and the statement (its comments kept)', () => {
    const picture = parsePictureFile('shared-ip', GOOD);
    expect(picture).toMatchObject({
      file: 'shared-ip',
      of: 'shared-ip',
      description: 'Each shared IP with the records that resolve to it.',
    });
    expect(picture.statement.startsWith('// A comment of the statement.\nMATCH p =')).toBe(true);
    expect(picture.statement.endsWith('RETURN p LIMIT $limit')).toBe(true);
  });

  it.each([
    ['// picture of: shared-ip\n// titel: x\nRETURN 1', /shared-ip\.cypher:2: not a header line \(picture of, description\)/],
    ['// description: D\nRETURN 1', /no `\/\/ picture of:` line/],
    ['// picture of: shared-ip\nRETURN 1', /no `\/\/ description:` line/],
    ['// picture of: shared-ip\n// description:\nRETURN 1', /:2: empty description/],
    ['// picture of: shared-ip\n// picture of: shared-ip\n// description: D\nRETURN 1', /:2: a second `\/\/ picture of:` line/],
    ['// picture of: shared-ipp\n// description: D\nRETURN 1', /the picture of "shared-ipp" must be in pictures\/shared-ipp\.cypher/],
    ['// picture of: shared-ip\n// description: D\n', /no Cypher statement/],
    ['// picture of: shared-ip\n// description: D\nRETURN 1 AS x;\nRETURN 2 AS y', /more than one statement/],
  ])('rejects %j', (text, error) => {
    expect(() => parsePictureFile('shared-ip', text)).toThrow(error);
  });

  it('reports errors as CONFIG_INVALID with the file', () => {
    expect(() => parsePictureFile('x', 'RETURN 1')).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', message: 'cypher/queries/pictures/x.cypher: no `// picture of:` line' }),
    );
  });
});

describe('attachPictures', () => {
  it('gives each query its picture; a picture may use some of the parameters', () => {
    const [query] = attachPictures([QUERY], [parsePictureFile('shared-ip', GOOD)]);
    expect(query?.picture).toEqual({
      description: 'Each shared IP with the records that resolve to it.',
      statement: expect.stringContaining('RETURN p'),
    });
    expect(pictureParams(query!).map((p) => p.name)).toEqual(['ip', 'limit']);
    expect(attachPictures([QUERY], [])[0]?.picture).toBeUndefined();
    expect(pictureParams(QUERY)).toEqual([]);
  });

  it('refuses a picture of an unknown query, or one with a parameter the query does not declare', () => {
    const other = { ...QUERY, name: 'shared-phone' };
    expect(() => attachPictures([other], [parsePictureFile('shared-ip', GOOD)])).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: 'cypher/queries/pictures/shared-ip.cypher: picture of "shared-ip", which is no query of the library (shared-phone)',
      }),
    );
    const extra = parsePictureFile('shared-ip', GOOD.replace('RETURN p', 'WITH p WHERE $hops > 0 RETURN p'));
    expect(() => attachPictures([QUERY], [extra])).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message:
          'cypher/queries/pictures/shared-ip.cypher: the statement uses $hops, which query shared-ip does not declare (it takes ip, maxShared, limit)',
      }),
    );
  });

  it('gives a parameter declared for the picture alone to the picture, and refuses one no picture uses', () => {
    const withLinks = { ...QUERY, params: [...QUERY.params, { ...QUERY.params[2]!, name: 'links', pictureOnly: true }] };
    const drawing = parsePictureFile('shared-ip', GOOD.replace('RETURN p', 'WITH p LIMIT $links RETURN p'));
    const [query] = attachPictures([withLinks], [drawing]);
    expect(pictureParams(query!).map((p) => p.name)).toEqual(['ip', 'limit', 'links']);
    expect(() => attachPictures([withLinks], [parsePictureFile('shared-ip', GOOD)])).toThrow(
      'cypher/queries/shared-ip.cypher: parameter links is for the picture, yet pictures/shared-ip.cypher never uses $links',
    );
    expect(() => attachPictures([withLinks], [])).toThrow(
      'cypher/queries/shared-ip.cypher: parameter links is for the picture, yet the query has no picture',
    );
  });
});

describe('pictureScript', () => {
  it('sets the parameters the picture uses, then gives the statement, for Browser', () => {
    const [query] = attachPictures([QUERY], [parsePictureFile('shared-ip', GOOD)]);
    expect(pictureScript(query!, { ip: "185.71.67.12'", maxShared: 200, limit: 5 })).toBe(
      `:param ip => '185.71.67.12\\'';\n:param limit => 5;\n${query?.picture?.statement};\n`,
    );
    expect(pictureScript(query!, { ip: null, maxShared: 200, limit: 50 }).split('\n')[0]).toBe(':param ip => null;');
    expect(() => pictureScript(QUERY, {})).toThrow(/query "shared-ip" has no picture form/);
  });
});
