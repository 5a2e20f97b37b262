/**
 * Text as followthemoney cleans it when it reads a file: control characters gone, every run of white space
 * (line and paragraph separators, tabs, newlines) one space, no space at either end; a lone surrogate (no
 * character at all) is U+FFFD. Written so, a value reads back as it was written and no record's text can break
 * the one-entity-per-line layout.
 */
export function ftmText(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000e-\u001b\u007f-\u0084\u0086-\u009f]/g, '')
    .replace(/[\s\u001c-\u001f\u0085]+/g, ' ')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .trim();
}

/** The date part (YYYY-MM-DD) of an ISO date-time or of a Russian `DD.MM.YYYY` date; undefined for anything else. */
export function ftmDate(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  if (iso) return iso[1];
  const russian = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value.trim());
  return russian ? `${russian[3]}-${russian[2]}-${russian[1]}` : undefined;
}

/** An http(s) URL as the library writes it (a path of at least `/`), or undefined when the text is not one. */
export function ftmUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
