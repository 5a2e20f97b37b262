import { hash32 } from '../prng.js';
import { ipOf } from '../shared-values.js';
import { CITIES } from '../vocab.js';
import type { BlockBuilder, RecordContext } from './context.js';
import { updateStamp, randomMoment, UPDATE_FROM, UPDATE_TO } from './dates.js';
import { listedTitles, requisitesOf, SITE } from './header.js';
import { ACTIVITIES, SERVERS, SOCIAL_HOSTS, TECHNOLOGIES } from './vocab-records.js';

/** Website blocks of a DomainLanding (all (U)). */

export const siteUrl = (ctx: RecordContext): string => `https://${ctx.node.key ?? ctx.node.title.toLowerCase()}/`;
const slug = (ctx: RecordContext): string => (ctx.node.key ?? 'site').split('.')[0]?.replace(/[^a-z0-9-]/g, '') || `site${ctx.node.id}`;

export const websiteInfo: BlockBuilder = (ctx) => {
  const rng = ctx.rng('websiteInfo');
  const city = rng.pick(CITIES)[0];
  return {
    url: siteUrl(ctx),
    title: `${ctx.node.title} — ${ctx.activity.category.toLowerCase()} в г. ${city}`,
    description: `${ctx.activity.category}: ${ctx.activity.keywords.join(', ')}. Работаем с ${rng.int(1998, 2024)} года, ${city}.`,
    ...updateStamp(rng),
  };
};

export const domainCategories: BlockBuilder = (ctx) => {
  const rng = ctx.rng('domainCategories');
  const categories = [ctx.activity.category];
  if (rng.chance(0.3)) categories.push(rng.pick(ACTIVITIES).category);
  return {
    categories: [...new Set(categories)],
    cities: [...new Set(rng.sample(CITIES, rng.int(1, 3)).map((c) => c[0]))],
    ...updateStamp(rng),
  };
};

export const websiteContacts: BlockBuilder = (ctx) => {
  const rng = ctx.rng('websiteContacts');
  const phoneNumbers = listedTitles(ctx.graph, ctx.node.id, 'relatedPhones', 5);
  if (phoneNumbers.length === 0 || rng.chance(0.2)) phoneNumbers.push(`+7495${rng.digits(7)}`);
  const validEmails = listedTitles(ctx.graph, ctx.node.id, 'relatedEmails', 5);
  if (validEmails.length === 0) validEmails.push(`info@${ctx.node.key ?? 'example.com'}`);
  const socialLinks = rng.sample(SOCIAL_HOSTS, rng.int(1, 3)).map((host) => `${host}${slug(ctx)}`);
  return { phoneNumbers, validEmails, socialLinks, ...updateStamp(rng) };
};

export const websiteRequisites: BlockBuilder = (ctx) => {
  const rng = ctx.rng('websiteRequisites');
  const inns: string[] = [];
  const ogrns: string[] = [];
  if (ctx.owner) {
    const { inn, ogrn } = requisitesOf(ctx.graph, ctx.owner.id);
    inns.push(inn);
    ogrns.push(ogrn);
  }
  return { inns, ogrns, ...updateStamp(rng) };
};

export const websiteResponseHeaders: BlockBuilder = (ctx) => {
  const rng = ctx.rng('websiteResponseHeaders');
  const redirect = rng.chance(0.15);
  const when = randomMoment(rng, UPDATE_FROM, UPDATE_TO);
  const limit = rng.pick([100, 500, 1000]);
  return {
    statusCode: redirect ? 301 : 200,
    protocol: rng.chance(0.6) ? 'HTTP/2' : 'HTTP/1.1',
    hostIp: ipOf(ctx.graph.seed, ctx.node.ip, ctx.node.id),
    responseMessage: redirect ? 'Moved Permanently' : 'OK',
    date: new Date(when).toUTCString(),
    contentType: 'text/html; charset=UTF-8',
    contentLength: rng.int(2_000, 400_000),
    location: redirect ? `https://www.${ctx.node.key}/` : siteUrl(ctx),
    cacheControl: rng.pick(['no-cache', 'max-age=3600', 'private, no-store', 'public, max-age=600']),
    server: rng.pick(SERVERS),
    setCookie: `PHPSESSID=${hash32(ctx.graph.seed, ctx.node.id, 'cookie').toString(16)}; path=/; HttpOnly`,
    authorization: rng.pick(['Basic realm="admin"', 'Bearer realm="api"']),
    eTag: `W/"${hash32(ctx.graph.seed, ctx.node.id, 'etag').toString(16)}"`,
    xContentTypeOptions: 'nosniff',
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    vary: 'Accept-Encoding',
    connection: 'keep-alive',
    xFrameOptions: rng.pick(['SAMEORIGIN', 'DENY']),
    accessControlAllowOrigin: rng.pick(['*', siteUrl(ctx).slice(0, -1)]),
    xRateLimitLimit: limit,
    xRateLimitRemaining: rng.int(0, limit),
    xRateLimitReset: Math.floor(when / 1000) + 60,
    ...updateStamp(rng),
  };
};

export const websiteTechnologies: BlockBuilder = (ctx) => {
  const rng = ctx.rng('websiteTechnologies');
  const technologies = rng.sample(TECHNOLOGIES, rng.int(2, 6)).map(([name, category, group, website, cpe, oss, saas]) => {
    const techSlug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return {
      name,
      description: `${name}: ${category.toLowerCase()}`,
      foundBy: rng.pick(['html', 'headers', 'scripts', 'cookies', 'meta']),
      website,
      cpe: `cpe:2.3:a:${cpe}:*:*:*:*:*:*:*:*`,
      pricing: oss ? ['free'] : saas ? ['freemium', 'recurring'] : ['onetime', 'mid'],
      oss,
      saas,
      icon: `${SITE}/icons/${techSlug}.svg`,
      technologyCategories: [{ name: category }],
      technologyGroups: [{ name: group }],
      searchTags: [{ name, url: `${SITE}/tag/tech-${techSlug}` }],
    };
  });
  return { technologies, ...updateStamp(rng) };
};
