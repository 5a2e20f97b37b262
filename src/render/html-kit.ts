import { escapeMarkup } from './escape.js';

/**
 * The pieces every offline page is built of (the case file, the change report). Every data string reaches the
 * markup through escapeMarkup, after `shown`.
 */

/**
 * Bidirectional overrides, isolates and marks in data would reorder what the investigator reads (a title
 * ending in U+202E shows its tail reversed): they are shown as [U+202E] instead. Their presence is itself
 * worth seeing.
 */
export function shown(text: string): string {
  return text.replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, (ch) => `[U+${ch.charCodeAt(0).toString(16).toUpperCase()}]`);
}

/**
 * A captioned table of escaped text cells, the caption with the row count, each row of class `rowClass`, the
 * columns at `numeric` right-aligned; a note (`empty`) in place of an empty table.
 */
export function captionedTable(
  caption: string,
  headers: readonly string[],
  rows: readonly string[][],
  options: { rowClass?: string; numeric?: readonly number[]; empty: string },
): string {
  if (rows.length === 0) return `<h2>${escapeMarkup(caption)}</h2><p class="none">${escapeMarkup(options.empty)}</p>`;
  const numeric = options.numeric ?? [];
  const rowClass = options.rowClass ? ` class="${escapeMarkup(options.rowClass)}"` : '';
  const head = headers.map((h) => `<th>${escapeMarkup(h)}</th>`).join('');
  const body = rows
    .map(
      (r) =>
        `<tr${rowClass}>${r.map((c, i) => `<td${numeric.includes(i) ? ' class="num"' : ''}>${escapeMarkup(shown(c))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<h2>${escapeMarkup(caption)} <span class="count">(${rows.length})</span></h2>\n<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}
