/**
 * Whether `text` is one whole JSON object or array: it opens with `{` or `[`, its brackets balance outside
 * strings, and nothing but white space follows the bracket that closes it. A body cut short anywhere fails
 * (an object or array cut short always leaves a bracket open or a string unclosed), so the client retries it.
 *
 * Why not JSON.parse: the client runs on the crawl's event loop, and the record is parsed where it is settled
 * (a worker thread in the CLI). Parsing it here as well, only to throw the objects away, cost the event loop
 * about 40 us per sandbox record plus the garbage (bench section 9); this scan allocates nothing and takes half
 * that. A balanced body that is still not JSON (`{"a":}`) is caught where it is parsed, as a record that
 * breaks the schema (map-answer.ts).
 */
export function isCompleteJson(text: string): boolean {
  const n = text.length;
  let i = 0;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  const first = text.charCodeAt(i);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return false;
  let depth = 0;
  let inString = false;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) {
        for (i++; i < n; i++) if (!isSpace(text.charCodeAt(i))) return false;
        return true;
      }
    }
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** JSON's white space: space, tab, line feed, carriage return. */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}
