import { LandingGraphError, quoteValue } from '../errors.js';

/**
 * Escaping for every output language. Data strings (titles, keys, values) are hostile by assumption: they
 * only ever reach an output through one of these functions.
 */

/** Characters XML 1.0 cannot carry at all (not even as references): most C0 controls, U+FFFE/U+FFFF, lone surrogates. */
const UNREPRESENTABLE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MARKUP = new RegExp(`[&<>"']|[\\t\\n\\r\\u007F-\\u009F\\u2028\\u2029]|${UNREPRESENTABLE.source}`, 'g');
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for XML or HTML, in element content and in quoted attribute values alike: the five markup
 * characters as entities; tab, newline, carriage return, C1 controls and line separators as character
 * references (so attribute normalization keeps them); characters XML 1.0 cannot carry become U+FFFD.
 */
export function escapeMarkup(text: string): string {
  return text.replace(MARKUP, (ch) => {
    const entity = ENTITIES[ch];
    if (entity) return entity;
    if (UNREPRESENTABLE.test(ch)) return '\uFFFD';
    return `&#x${ch.charCodeAt(0).toString(16).toUpperCase()};`;
  });
}

const CYPHER_STRING = /[\\'\u0000-\u001F\u007F-\u009F\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CYPHER_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/**
 * A Cypher string literal: single-quoted; backslash and single quote backslash-escaped; newlines, tabs
 * and the other control characters, line separators and lone surrogates as \uXXXX escapes. The literal
 * never spans lines and never ends early, whatever the text (a lone backslash cannot start an escape).
 */
export function cypherString(text: string): string {
  return `'${text.replace(CYPHER_STRING, (ch) => CYPHER_ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)}'`;
}

/**
 * A label, relationship type or property key in Cypher: as is when a plain identifier, else in backticks
 * with backticks doubled. Names with backslashes or control characters are refused (they come from the
 * graph's fixed tables, never from data).
 */
export function cypherName(name: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return name;
  if (name === '' || /[\\\u0000-\u001F\u007F-\u009F]/.test(name)) throw unsafeName(name);
  return `\`${name.replace(/`/g, '``')}\``;
}

/** A name for file names and headers (CSV): letters, digits and `_` only; anything else is refused. */
export function plainName(name: string): string {
  if (!/^[\p{L}\p{N}_]+$/u.test(name)) throw unsafeName(name);
  return name;
}

function unsafeName(name: string): LandingGraphError {
  return new LandingGraphError(
    'INTERNAL',
    `cannot export the name ${quoteValue(name)}: labels, types and property keys must be plain identifiers`,
  );
}

/** JSON for embedding in an HTML <script type="application/json">: `<`, `>`, `&` and line separators as \u escapes. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Text from the data made safe to print on a terminal: control characters (escape sequences), line and
 * paragraph separators and bidirectional overrides become \u escapes, so a hostile title can neither move
 * the cursor, recolour the screen nor reorder what the investigator reads.
 */
export function terminalText(text: string): string {
  return text.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029\u200E\u200F\u202A-\u202E\u2066-\u2069\\]/g, (ch) =>
    ch === '\\' ? '\\\\' : `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
