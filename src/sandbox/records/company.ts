import type { SkeletonNode } from '../graph-types.js';
import { legalInn, ogrn } from '../identifiers.js';
import { companyName } from '../naming.js';
import { rngFor, type Rng } from '../prng.js';
import { addressOf, personOf, registrationYear } from '../shared-values.js';
import { CITIES } from '../vocab.js';
import type { BlockBuilder, RecordContext } from './context.js';
import { dated, dateString, isoDate, randomDay, updateStamp } from './dates.js';
import { listedTitles, requisitesOf } from './header.js';
import { ACTIVITIES, EXTRA_OKVEDS, REGISTRATORS } from './vocab-records.js';

/** Company blocks of a CompanyLanding (all (U)); finance blocks are in finance.ts. */

/** The registration address of a company (a special without a group gets one of its own). */
function addressOfCompany(ctx: RecordContext): { text: string; city: readonly string[] } {
  const address = addressOf(ctx.graph.seed, ctx.node.address ?? 7_000_000 + (ctx.node.id % 1_000_000));
  return { text: address.text, city: CITIES[address.city] as readonly string[] };
}

/** The registration day: planted, else a day of the company's registration year. */
export function registrationDay(ctx: RecordContext): number {
  if (ctx.node.registeredOn !== undefined) return ctx.node.registeredOn;
  const year = registrationYear(ctx.graph.seed, ctx.node.id);
  return randomDay(ctx.rng('registration'), Date.UTC(year, 0, 1), Date.UTC(year, 11, 31));
}

const STATUS_TEXT = { active: 'Действующая', liquidating: 'В процессе ликвидации', liquidated: 'Ликвидирована' } as const;

/** The status as served: planted, else 90 % active, 5 % liquidating, 5 % liquidated. */
function statusOf(ctx: RecordContext, u: number): string {
  if (ctx.node.status !== undefined) return STATUS_TEXT[ctx.node.status];
  return u < 0.9 ? STATUS_TEXT.active : u < 0.95 ? STATUS_TEXT.liquidating : STATUS_TEXT.liquidated;
}

export const companyInfo: BlockBuilder = (ctx) => {
  const rng = ctx.rng('companyInfo');
  const names = companyName(rngFor(ctx.graph.seed, ctx.node.id, 'name'));
  const own = names.shortName === ctx.node.title;
  const address = addressOfCompany(ctx);
  const registered = registrationDay(ctx);
  const u = rng.float();
  return {
    fullName: own ? names.fullName : ctx.node.title.toUpperCase(),
    shortName: ctx.node.title,
    opf: own ? names.opf : 'Общество с ограниченной ответственностью',
    readonlyegistrationDate: isoDate(registered),
    registrationDateString: dateString(registered),
    registrationAddress: address.text,
    federalDistrict: `${address.city[2]} федеральный округ`,
    status: statusOf(ctx, u),
    city: address.city[0],
    country: 'Россия',
    ...updateStamp(rng),
  };
};

export const companyContacts: BlockBuilder = (ctx) => {
  const rng = ctx.rng('companyContacts');
  const phoneNumbers = listedTitles(ctx.graph, ctx.node.id, 'relatedPhones', 5);
  if (phoneNumbers.length === 0) phoneNumbers.push(`+7495${rng.digits(7)}`);
  const emails = listedTitles(ctx.graph, ctx.node.id, 'relatedEmails', 5);
  if (emails.length === 0) emails.push(`office${ctx.node.id}@mail.ru`);
  return { phoneNumbers, emails, ...updateStamp(rng) };
};

export const companyRequisites: BlockBuilder = (ctx) => {
  const rng = ctx.rng('companyRequisites');
  const { inn, ogrn: ogrnValue } = requisitesOf(ctx.graph, ctx.node.id);
  const okato = addressOfCompany(ctx).city[3];
  return {
    inn,
    kpp: `${inn.slice(0, 4)}01001`,
    ogrn: ogrnValue,
    registrator: rng.pick(REGISTRATORS),
    report: `Бухгалтерская отчётность за ${rng.int(2022, 2025)} год`,
    okato: `${okato}${rng.digits(9)}`,
    oktmo: `${okato}7${rng.digits(9)}`,
    okpo: rng.digits(8),
    mainOkved: { code: ctx.activity.okved, name: ctx.activity.okvedName },
    otherOkveds: rng.sample(EXTRA_OKVEDS, rng.int(1, 3)).map(([code, name]) => ({ code, name })),
    ...updateStamp(rng),
  };
};

function documentOf(rng: Rng, type: string, from: number, authority: string): Record<string, unknown> {
  const issued = randomDay(rng, from, from + 90 * 86_400_000);
  return { type, series: String(rng.int(10, 99)), number: rng.digits(9), ...dated('issue', issued), issueAuthority: authority };
}

export const companyDocuments: BlockBuilder = (ctx) => {
  const rng = ctx.rng('companyDocuments');
  const from = registrationDay(ctx);
  const fns = rng.pick(REGISTRATORS);
  const licenses = Array.from({ length: rng.int(0, 2) }, () => {
    const issued = randomDay(rng, from, Date.UTC(2026, 0, 1));
    return {
      series: `ЛО-${rng.int(10, 99)}`,
      number: rng.digits(6),
      issueDate: dateString(issued),
      issueAuthority: 'Федеральная служба по надзору в сфере здравоохранения',
      suspendDate: '',
      suspendAuthority: '',
      validFrom: dateString(issued),
      validTo: 'бессрочно',
      activities: [ctx.activity.okvedName],
      addresses: [addressOfCompany(ctx).text],
    };
  });
  return {
    ftsRegistration: documentOf(rng, 'Свидетельство о постановке на учёт в налоговом органе', from, fns),
    ftsReport: documentOf(rng, 'Сведения о представленной отчётности', from + 365 * 86_400_000, fns),
    pfRegistration: documentOf(rng, 'Уведомление о регистрации в ПФР', from, 'Отделение Фонда пенсионного и социального страхования'),
    sifRegistration: documentOf(rng, 'Уведомление о регистрации в ФСС', from, 'Фонд социального страхования'),
    smb: {
      type: 'Юридическое лицо',
      category: rng.pick(['Микропредприятие', 'Малое предприятие', 'Среднее предприятие']),
      ...dated('issue', randomDay(rng, Date.UTC(2016, 7, 1), Date.UTC(2026, 0, 1))),
    },
    licenses,
    ...updateStamp(rng),
  };
};

/** CompanyPerson of a person group or, for a negative number, of the company -n. */
function companyPerson(ctx: RecordContext, who: number, post: string): Record<string, string> {
  if (who < 0) {
    const company: SkeletonNode | undefined = ctx.graph.node(-who);
    const { inn, ogrn: ogrnValue } = requisitesOf(ctx.graph, -who);
    return { ogrn: ogrnValue, inn, name: company?.title ?? '', post, type: 'LEGAL' };
  }
  const person = personOf(ctx.graph.seed, who);
  return { ogrn: '', inn: person.inn, name: person.name, post, type: 'PERSON' };
}

export const companyManagersAndFounders: BlockBuilder = (ctx) => {
  const rng = ctx.rng('companyManagersAndFounders');
  const manager = ctx.node.manager ?? 8_000_000 + (ctx.node.id % 1_000_000);
  return {
    managers: [companyPerson(ctx, manager, rng.pick(['Генеральный директор', 'Директор', 'Управляющий']))],
    founders: (ctx.node.founders ?? [manager]).map((who) => companyPerson(ctx, who, 'Учредитель')),
    ...updateStamp(rng),
  };
};

export const companyPredecessorsAndSuccessors: BlockBuilder = (ctx) => {
  const rng = ctx.rng('companyPredecessorsAndSuccessors');
  const planted = (ids: readonly number[] | undefined) => ids?.map((id) => companyPerson(ctx, -id, ''));
  if (ctx.node.predecessors !== undefined || ctx.node.successors !== undefined) {
    return { predecessors: planted(ctx.node.predecessors) ?? [], successors: planted(ctx.node.successors) ?? [], ...updateStamp(rng) };
  }
  const other = (tag: number): Record<string, string> => {
    const serial = (ctx.node.id * 10 + tag) % 10_000_000;
    return {
      ogrn: ogrn(2005, '97', serial),
      inn: legalInn('97', serial),
      name: `ООО "Реорганизовано ${ctx.node.id}-${tag}"`,
      post: '',
      type: 'LEGAL',
    };
  };
  return { predecessors: rng.chance(0.15) ? [other(1)] : [], successors: rng.chance(0.05) ? [other(2)] : [], ...updateStamp(rng) };
};

export const companyCategories: BlockBuilder = (ctx) => {
  const rng = ctx.rng('companyCategories');
  const categories = [...new Set([ctx.activity.category, ...(rng.chance(0.3) ? [rng.pick(ACTIVITIES).category] : [])])];
  return { categories, cities: [addressOfCompany(ctx).city[0] as string], ...updateStamp(rng) };
};
