/** One `// <field>: <value>` line of a Cypher file's header; `line` counts from 1. */
export interface HeaderLine {
  field: string;
  value: string;
  line: number;
}

export interface CypherHeader {
  lines: HeaderLine[];
  /** Everything after the header, trimmed (comments inside the statement stay). */
  statement: string;
}

/**
 * The header of a Cypher file that describes itself (cypher/queries/, cypher/flags/rules/): the leading
 * `// <field>: <value>` lines of the fields its reader knows, then the statement. A `//` line with nothing
 * after it is skipped. The header ends at the first other line; with `strict`, another leading `//` line is
 * refused through `fail` instead, so that a field's name misspelt is not taken for a comment. Values are trimmed;
 * what they mean is the reader's.
 */
export function readCypherHeader(
  text: string,
  fields: readonly string[],
  options: { strict: boolean; fail: (problem: string, line: number) => never },
): CypherHeader {
  const names = fields.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const field = new RegExp(`^// ?(${names}):(?:\\s*(.*))?$`);
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const header: HeaderLine[] = [];
  let index = 0;
  for (; index < lines.length; index++) {
    const line = (lines[index] ?? '').trim();
    if (/^\/\/\s*$/.test(line)) continue;
    const match = field.exec(line);
    if (match) header.push({ field: match[1] as string, value: (match[2] ?? '').trim(), line: index + 1 });
    else if (options.strict && line.startsWith('//')) options.fail(`not a header line (${fields.join(', ')}): ${line}`, index + 1);
    else break;
  }
  return { lines: header, statement: lines.slice(index).join('\n').trim() };
}
