import { describe, expect, it } from 'vitest';
import { csvForImport, csvForPeople } from '../../src/render/csv.js';

describe('csvForPeople', () => {
  it('neutralises what a spreadsheet would run as a formula, in every column, and leaves numbers alone', () => {
    const hostile = ['=HYPERLINK("http://x.test","click")', '+79990001122', '-1+1', '@SUM(A1)', '\tTAB', '＝1+1', 'ООО «Ромашка»'];
    const csv = csvForPeople(['text', 'n'], [...hostile.map((t, i) => [t, i]), ['-5', -5]]);
    expect(csv.split('\r\n')).toEqual([
      'text,n',
      `"'=HYPERLINK(""http://x.test"",""click"")",0`,
      "'+79990001122,1",
      "'-1+1,2",
      "'@SUM(A1),3",
      "'\tTAB,4",
      "'＝1+1,5",
      'ООО «Ромашка»,6',
      "'-5,-5",
      '',
    ]);
  });

  it('quotes commas, quotes and every line break, so a hostile title stays one cell', () => {
    expect(csvForPeople(['a'], [['x\ny'], ['x\ry'], ['a,b'], ['say "hi"'], [null], ["'}) DETACH DELETE n //"]])).toBe(
      'a\r\n"x\ny"\r\n"x\ry"\r\n"a,b"\r\n"say ""hi"""\r\n\r\n\'}) DETACH DELETE n //\r\n',
    );
  });
});

describe('csvForImport', () => {
  it('keeps the text exact (no formula escaping) and tells an empty string from an absent value', () => {
    expect(csvForImport([['=1+1', '', null, 'a;b', ' x', 'plain', 'line\nbreak']])).toBe('=1+1,"",,"a;b"," x",plain,"line\nbreak"\n');
  });
});
