/**
 * One line of CSV (RFC 4180 quoting: `"a, b"`, `""` for a quote inside) split into its cells; undefined when a quote is
 * left open. A cell may not span lines: a watch list's name, INN and OGRN never need to. Pure.
 */
export function csvCells(line: string, separator = ','): string[] | undefined {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (line[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && cell.trim() === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
      cell = '';
    } else if (ch === separator) {
      cells.push(wasQuoted ? cell : cell.trim());
      cell = '';
      wasQuoted = false;
    } else if (!wasQuoted || ch.trim() !== '') cell += ch;
  }
  if (quoted) return undefined;
  cells.push(wasQuoted ? cell : cell.trim());
  return cells;
}
