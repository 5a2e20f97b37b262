import { firstOf } from '../render/first-of.js';
import { quoteValue } from '../errors.js';
import { innKey, nameKey, ogrnKey } from '../graph/pivots/normalize.js';
import type { CompanyRow, PersonRow, Side } from './model.js';
import { companyName, personNameKey } from '../graph/names/names.js';
import { compare, sideRef } from './pair.js';

/**
 * A side of a hand-written pair in the decision file, as the analyst has it in hand: a ref `resolve` prints
 * (`company:7707083893`, `company#30001`, `person:inn:770412345678`, `person:name:…@company#30001`), an INN or OGRN,
 * or a name (`company:ООО "Ромашка"`, `person:Иванова Мария Петровна`). The kind comes first, then `:`, `#` or a
 * space (`company 7707083893` as `query` lists network members). Parsed here (pure); the graph says which nodes
 * it names (reference-store.ts), and one node it must be.
 */
export type Reference =
  /** A company by its key, else by an INN or OGRN it states (digits only, spaces ignored). */
  | { kind: 'company'; by: 'number'; value: string }
  /** A company by page number. */
  | { kind: 'company'; by: 'id'; value: number }
  /** A company by name (names.ts): the same core, and the same legal form when one is written. */
  | { kind: 'company'; by: 'name'; value: string; core: string; form: string | null }
  /** A Person pivot by key (`inn:<INN>`, `name:<folded name>@company#<page number>`). */
  | { kind: 'person'; by: 'key'; value: string }
  /** A person by INN (the key `inn:<INN>`, or an INN the pivot states). */
  | { kind: 'person'; by: 'inn'; value: string }
  /** A person by name: the same words in any order (personNameKey). */
  | { kind: 'person'; by: 'name'; value: string; nameKey: string };

export type ParsedReference = { ok: true; reference: Reference } | { ok: false; message: string };

/** What to write instead, per kind, for the error messages. */
export const REFERENCE_FORMS = {
  company: 'company:<INN or OGRN>, company#<page number> or company:<name> (as resolve or query shows them)',
  person: 'person:inn:<INN>, the person:<key> resolve shows, or person:<full name>',
} as const;

const ANY = `${REFERENCE_FORMS.company}, or ${REFERENCE_FORMS.person}`;

/** Parse one hand-written side; `message` (when not ok) says what is wrong and what to write instead. */
export function parseReference(text: string): ParsedReference {
  const trimmed = text.trim();
  const m = /^(company|person)(?:\s*(#)\s*|\s*:\s*|\s+)(.+)$/isu.exec(trimmed);
  if (!m) return { ok: false, message: `names no kind: write ${guess(trimmed)}` };
  const kind = (m[1] as string).toLowerCase() as 'company' | 'person';
  const rest = (m[3] as string).trim();
  if (kind === 'company') return m[2] === '#' ? companyById(rest) : company(rest);
  return m[2] === '#' ? { ok: false, message: `a person has no page number: write ${REFERENCE_FORMS.person}` } : person(rest);
}

function companyById(rest: string): ParsedReference {
  if (!/^\d{1,15}$/.test(rest)) return { ok: false, message: `company#<page number> takes digits: write ${REFERENCE_FORMS.company}` };
  return { ok: true, reference: { kind: 'company', by: 'id', value: Number(rest) } };
}

function company(rest: string): ParsedReference {
  const digits = rest.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) {
    const number = innKey(digits) ?? ogrnKey(digits);
    if (number === undefined) return { ok: false, message: 'is no INN (10 or 12 digits) or OGRN (13 or 15 digits)' };
    return { ok: true, reference: { kind: 'company', by: 'number', value: number } };
  }
  const { core, form } = companyName(rest);
  if ([...core].length < 2) return { ok: false, message: `names no company: write ${REFERENCE_FORMS.company}` };
  return { ok: true, reference: { kind: 'company', by: 'name', value: rest, core, form } };
}

function person(rest: string): ParsedReference {
  const key = /^(inn|name)\s*:\s*(.*)$/iu.exec(rest);
  if (key && (key[1] as string).toLowerCase() === 'inn') {
    const inn = innKey(key[2] as string);
    if (inn === undefined) return { ok: false, message: `person:inn: takes an INN of 10 or 12 digits: write ${REFERENCE_FORMS.person}` };
    return { ok: true, reference: { kind: 'person', by: 'key', value: `inn:${inn}` } };
  }
  // A key as resolve prints it (its name folded as the pivot's is); `name:<name>` without its company is a name.
  const keyed = key ? /^(.+)@company#(\d+)$/u.exec((key[2] as string).trim()) : null;
  if (keyed) {
    const folded = nameKey(keyed[1] as string, false);
    if (folded !== undefined) return { ok: true, reference: { kind: 'person', by: 'key', value: `name:${folded}@company#${keyed[2]}` } };
  }
  const digits = rest.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) {
    const inn = innKey(digits);
    if (inn === undefined) return { ok: false, message: `is no INN (10 or 12 digits): write ${REFERENCE_FORMS.person}` };
    return { ok: true, reference: { kind: 'person', by: 'inn', value: inn } };
  }
  const name = key ? (key[2] as string) : rest;
  const words = personNameKey(name);
  if (words === undefined)
    return { ok: false, message: `a name of one word names nobody: write the full name, or ${REFERENCE_FORMS.person}` };
  return { ok: true, reference: { kind: 'person', by: 'name', value: name.trim(), nameKey: words } };
}

/** A suggestion for a side written without its kind. */
function guess(text: string): string {
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d{10}$|^\d{13}$|^\d{15}$/.test(digits)) return `"company:${digits}"`;
  if (/^\d{12}$/.test(digits)) return `"person:inn:${digits}" (a person) or "company:${digits}" (an individual entrepreneur)`;
  if (/^\d+$/.test(digits)) return `"company#${digits}" (a page number), or ${ANY}`;
  if (/^(inn|name)\s*:/iu.test(text)) return `"person:${text}"`;
  return ANY;
}

/** A node that a number, id or key reference found; `exact`: its key (or page number) is the value. */
export interface FoundSide {
  side: Side;
  exact: boolean;
}

/** The sides a reference names: the exact ones when there are any (a key beats a number a node only states), once each. */
export function chooseSides(found: readonly FoundSide[]): Side[] {
  const exact = found.filter((f) => f.exact);
  const chosen = new Map<string, Side>();
  for (const f of exact.length > 0 ? exact : found) chosen.set(sideRef(f.side), f.side);
  return [...chosen.values()].sort((x, y) => compare(sideRef(x), sideRef(y)));
}

/** The sides a name reference names, among the companies and persons resolve reads (names.ts normalisation). */
export function sidesByName(reference: Reference, companies: readonly CompanyRow[], persons: readonly PersonRow[]): Side[] {
  if (reference.by !== 'name') return [];
  const found: FoundSide[] = [];
  if (reference.kind === 'company') {
    for (const row of companies) {
      const names = [row.title, row.shortName, row.fullName].filter((n): n is string => typeof n === 'string').map(companyName);
      if (!names.some((n) => n.core === reference.core && (reference.form === null || n.form === reference.form))) continue;
      const side: Side = { kind: 'company', id: row.id, key: row.key, name: row.title ?? row.shortName ?? row.fullName ?? null };
      found.push({ side, exact: true });
    }
  } else {
    for (const row of persons) {
      if (row.name === null || personNameKey(row.name) !== reference.nameKey) continue;
      found.push({ side: { kind: 'person', id: null, key: row.key, name: row.name }, exact: true });
    }
  }
  return chooseSides(found);
}

/** Why the reference `text` names no single node, and what to write instead (one line); undefined when it names one. */
export function referenceProblem(text: string, reference: Reference, sides: readonly Side[]): string | undefined {
  const what = reference.kind === 'company' ? 'company' : 'person';
  if (sides.length === 0) return `${quoteValue(text)} names no ${what} in the graph: write ${REFERENCE_FORMS[reference.kind]}`;
  if (sides.length === 1) return undefined;
  const most = 3;
  // Control characters (a hostile name in a key) shown as U+FFFD: the message stays one line.
  const ref = (s: Side) => sideRef(s).replace(/\p{Cc}/gu, '\uFFFD');
  const listed = sides.map((s) => (s.name === null ? ref(s) : `${ref(s)} ${quoteValue(s.name, 60)}`));
  return `${quoteValue(text)} names ${sides.length} ${what === 'company' ? 'companies' : 'persons'}: ${firstOf(listed, most)}; write the one meant by its key`;
}
