import { foldText } from '../pivots/normalize.js';

/**
 * Names as a Russian investigator compares them: case, ё/е, quotes («», "", „“), punctuation and spacing do
 * not matter, and the legal form (ООО, АО, Общество с ограниченной ответственностью, LLC, …) is a separate
 * token rather than part of the name: `ООО "Ромашка"`, `Общество с ограниченной ответственностью «Ромашка»`
 * and `Ромашка, ООО` are the name `ромашка` with the form `ооо`. Pure.
 */

/** Legal forms by their canonical short form, with the spellings that mean it (folded, punctuation as spaces). */
const LEGAL_FORMS: Record<string, readonly string[]> = {
  ооо: ['ооо', 'ooo', 'llc', 'ltd', 'общество с ограниченной ответственностью', 'limited liability company'],
  пао: ['пао', 'pao', 'pjsc', 'публичное акционерное общество'],
  нао: ['нао', 'непубличное акционерное общество'],
  оао: ['оао', 'oao', 'ojsc', 'открытое акционерное общество'],
  зао: ['зао', 'zao', 'cjsc', 'закрытое акционерное общество'],
  ао: ['ао', 'ao', 'jsc', 'акционерное общество', 'joint stock company'],
  ип: ['ип', 'индивидуальный предприниматель'],
  ано: ['ано', 'ano', 'автономная некоммерческая организация', 'autonomous non-profit organization'],
  нко: ['нко', 'nko', 'npo', 'некоммерческая организация', 'non-profit organization'],
  фгуп: ['фгуп', 'федеральное государственное унитарное предприятие'],
  гуп: ['гуп', 'государственное унитарное предприятие'],
  муп: ['муп', 'муниципальное унитарное предприятие'],
  пк: ['пк', 'производственный кооператив'],
  тсж: ['тсж', 'товарищество собственников жилья'],
  снт: ['снт', 'садоводческое некоммерческое товарищество'],
  кфх: ['кфх', 'крестьянское (фермерское) хозяйство'],
};

/** Spelling -> canonical form, longest spellings first so "публичное акционерное общество" wins over "акционерное общество". */
const SPELLINGS: readonly [string, string][] = Object.entries(LEGAL_FORMS)
  .flatMap(([form, spellings]) => spellings.map((s) => [plain(s), form] as [string, string]))
  .sort((x, y) => y[0].length - x[0].length || (x[0] < y[0] ? -1 : 1));

/** Folded (foldText), every run of punctuation and symbols as one space: only letters, digits and spaces remain. */
export function plain(value: string): string {
  return foldText(value)
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface CompanyName {
  /** The name without its legal form; '' when nothing is left. */
  core: string;
  /** The canonical legal form (`ооо`, `ао`, …), null when none is written. */
  form: string | null;
}

/** A company name split into its core and its legal form (a prefix or a suffix: "Ромашка ООО", "Romashka LLC"). */
export function companyName(value: string): CompanyName {
  let text = plain(value);
  let form: string | null = null;
  for (const [spelling, canonical] of SPELLINGS) {
    if (text === spelling) return { core: '', form: canonical };
    if (text.startsWith(`${spelling} `)) {
      text = text.slice(spelling.length + 1);
      form = canonical;
      break;
    }
    if (text.endsWith(` ${spelling}`)) {
      text = text.slice(0, -spelling.length - 1);
      form = canonical;
      break;
    }
  }
  return { core: text, form };
}

/**
 * A person's name key: folded, punctuation as spaces, words sorted ("Иванов Иван Иванович" and "Иван Иванович
 * Иванов" meet). Undefined for fewer than two words: a surname alone identifies nobody.
 */
export function personNameKey(value: string): string | undefined {
  const words = plain(value)
    .split(' ')
    .filter((w) => w !== '');
  if (words.length < 2) return undefined;
  return words.sort().join(' ');
}
