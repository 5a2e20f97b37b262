import { hash32 } from '../prng.js';
import { ipOf, mxOf, nameServersOf, registrarOf } from '../shared-values.js';
import type { BlockBuilder } from './context.js';
import { DAY, dated, randomDay, randomMoment, UPDATE_FROM, UPDATE_TO, updateStamp } from './dates.js';
import { requisitesOf } from './header.js';
import { siteUrl } from './domain-site.js';

/** WhoIs, DNS and Rating blocks of a DomainLanding. */

export const whoIs: BlockBuilder = (ctx) => {
  const rng = ctx.rng('whoIs');
  const drawn = randomDay(rng, Date.UTC(2003, 0, 1), Date.UTC(2025, 0, 1));
  const created = ctx.node.createdOn ?? drawn;
  const changed = randomMoment(rng, Math.max(created, UPDATE_FROM), UPDATE_TO);
  const expiry = created + Math.ceil((UPDATE_TO - created) / (365 * DAY)) * 365 * DAY;
  const owner = ctx.owner
    ? { ...requisitesOf(ctx.graph, ctx.owner.id), organizationName: ctx.owner.title }
    : { inn: '', ogrn: '', organizationName: 'Private Person' };
  return {
    url: siteUrl(ctx),
    ...owner,
    status: rng.pick(['REGISTERED, DELEGATED, VERIFIED', 'REGISTERED, DELEGATED, UNVERIFIED', 'clientTransferProhibited']),
    registrar: registrarOf(ctx.node.registrar, ctx.node.id),
    dnsServers: nameServersOf(ctx.node.ns, ctx.node.id),
    ...dated('changed', changed),
    ...dated('creation', created),
    ...dated('registryExpiry', expiry),
    ...updateStamp(rng),
  };
};

export const dns: BlockBuilder = (ctx) => {
  const rng = ctx.rng('dns');
  const key = ctx.node.key ?? ctx.node.title.toLowerCase();
  const ip = ipOf(ctx.graph.seed, ctx.node.ip, ctx.node.id);
  const h = hash32(ctx.graph.seed, ctx.node.id, 'dns').toString(16).padStart(8, '0');
  const v6 = `2a02:6b8:${h.slice(0, 4)}:${h.slice(4)}::1`;
  const ns = nameServersOf(ctx.node.ns, ctx.node.id);
  const mx = mxOf(ctx.node.mx, ctx.node.id);
  return {
    url: siteUrl(ctx),
    a: [ip],
    aWww: [ip],
    aaaa: [v6],
    aaaaWww: [v6],
    mx,
    ns,
    cname: [`www.${key}.`],
    txt: [`v=spf1 include:_spf.${mx[0]} ~all`, `yandex-verification: ${h}${h}`],
    spf: [`v=spf1 ip4:${ip} include:_spf.${mx[0]} ~all`],
    srv: [`_sip._tcp.${key}. 3600 IN SRV 10 60 5060 sip.${key}.`],
    naptr: [`${key}. IN NAPTR 100 10 "S" "SIP+D2U" "" _sip._udp.${key}.`],
    caa: ['0 issue "letsencrypt.org"'],
    ptr: [`${ip.split('.').reverse().join('.')}.in-addr.arpa. PTR ${key}.`],
    sshfp: [`1 2 ${h}${h}${h}${h}${h}${h}${h}${h}`],
    dnskey: [`257 3 13 ${Buffer.from(`${key}:${h}`).toString('base64')}`],
    ds: [`${hash32(ctx.graph.seed, ctx.node.id, 'ds') % 65535} 13 2 ${h}${h}${h}${h}${h}${h}${h}${h}`],
    tlsa: [`3 1 1 ${h}${h}${h}${h}${h}${h}${h}${h}`],
    soaPrimaryNameServer: ns[0],
    soaResponsibleEmail: `hostmaster@${key}`,
    ...updateStamp(rng),
  };
};

export const rating: BlockBuilder = (ctx) => {
  const rng = ctx.rng('rating');
  const totalCount = rng.int(0, 2_000);
  const positiveCount = rng.int(0, totalCount);
  const isShop = ctx.activity.category === 'Интернет-магазины' || rng.chance(0.2);
  return {
    url: siteUrl(ctx),
    https: rng.chance(0.9),
    isOfficialSite: ctx.owner !== undefined,
    isShop,
    officialSiteCompanies: ctx.owner ? [ctx.owner.title] : [],
    reviews: { negativeCount: totalCount - positiveCount, positiveCount, totalCount },
    shopRating: isShop ? rng.decimal(1, 5, 1) : 0,
    sqi: rng.int(0, 5_000),
    ...updateStamp(rng),
  };
};
