import type { NodeKind } from '../api/kinds.js';
import { shown } from '../render/html-kit.js';

/**
 * Legal forms that open a Russian company's name, written out or abbreviated: a picture drops them (the node's
 * colour already says "company"), so that the name itself fits the node.
 */
const LEGAL_FORM =
  /^(?:(?:публичное |непубличное |закрытое |открытое )?акционерное общество|общество с ограниченной ответственностью|автономная некоммерческая организация|некоммерческая организация|индивидуальный предприниматель|(?:ф?гу|му)п|ф?гбу|ооо|оао|зао|пао|нао|ао|ано|нко|ип|тоо)\s+/iu;
/** An abbreviated legal form before a quoted name inside a title (a branch's `Филиал ООО "ОрионИнвест" в г. Самара`). */
const QUOTED_LEGAL_FORM = /(^|\s)(?:ооо|оао|зао|пао|нао|ао|ано|нко)\s+(?=["«„“])/giu;
/** Control characters, which a served title may carry and a picture cannot show. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/gu;
/** Quotation marks around a name: straight, typographic and guillemets. */
const QUOTES = /["'«»„“”‘’`]/gu;
/** A word longer than a node's line is broken after its hyphen, the only place Neo4j Browser may wrap it. */
const LONG_WORD = 14;
/** An e-mail's part longer than this is broken before its last dot: 16 characters fit an e-mail node's line. */
const LONG_PART = 16;

/**
 * The text a picture shows for a record (the `caption` property, docs/graph.md): a company's name without its legal
 * form and quotes (`ООО "ОрионИнвест"` -> `ОрионИнвест`), a branch its title with its company's name so shortened
 * (`Филиал ОрионИнвест в г. Самара`), an e-mail broken before its `@` so that each part is a line of its own, a
 * long part also before its last dot (Neo4j Browser wraps captions at spaces and cuts a word wider than the node).
 * Domains and phones have none: their key is short enough. Pure.
 */
export function captionOf(kind: NodeKind, title: string | null, key: string | null): string | undefined {
  // Bidirectional overrides would reorder the caption: shown as [U+202E], as everywhere the data is shown.
  const text = title ? shown(title).replace(CONTROLS, '') : '';
  if (kind === 'company' && text) return companyCaption(text);
  if (kind === 'branch' && text) return shortWords(text.replace(QUOTED_LEGAL_FORM, '$1').replace(QUOTES, ''));
  if (kind === 'email' && key) {
    const at = key.lastIndexOf('@');
    return at > 0 ? `${atLastDot(key.slice(0, at))} ${atLastDot(key.slice(at))}` : key;
  }
  return undefined;
}

function companyCaption(title: string): string {
  const name = title.trim().replace(LEGAL_FORM, '').replace(QUOTES, '');
  return name.trim() === '' ? shortWords(title) : shortWords(name);
}

/** A part of an address longer than a node's line, broken before its last dot (`@logisticdesign .net`). */
function atLastDot(part: string): string {
  const dot = part.lastIndexOf('.');
  return part.length > LONG_PART && dot > 1 ? `${part.slice(0, dot)} ${part.slice(dot)}` : part;
}

/** Spaces made single, and words longer than a node's line broken after their hyphens. */
function shortWords(text: string): string {
  return text
    .replace(/\s+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => (word.length > LONG_WORD ? word.replace(/-(?=.)/gu, '- ') : word))
    .join(' ');
}
