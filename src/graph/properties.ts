import type { CompanyLanding, DomainLanding } from '../api/schemas/index.js';
import type { PropertyValue } from './model.js';
import { latestRevenue } from './revenue.js';

/**
 * The fields analysts filter on, lifted from a record's blocks into node properties with clear names.
 * Only scalars and string lists; nested series (traffic, reviews, finance) stay in `raw`.
 * Absent, null and empty values give no property at all.
 */
export function domainProperties(record: DomainLanding): Record<string, PropertyValue> {
  const whoIs = record.whoIs;
  const dns = record.dns;
  const headers = record.websiteResponseHeaders;
  const rating = record.rating;
  const traffic = record.traffic;
  return compact({
    siteTitle: record.websiteInfo?.title,
    siteDescription: record.websiteInfo?.description,
    siteUrl: record.websiteInfo?.url,
    categories: record.domainCategories?.categories,
    cities: record.domainCategories?.cities,
    contactPhones: record.websiteContacts?.phoneNumbers,
    contactEmails: record.websiteContacts?.validEmails,
    socialLinks: record.websiteContacts?.socialLinks,
    requisiteInns: record.websiteRequisites?.inns,
    requisiteOgrns: record.websiteRequisites?.ogrns,
    registrar: whoIs?.registrar,
    registrantOrganization: whoIs?.organizationName,
    registrantInn: whoIs?.inn,
    registrantOgrn: whoIs?.ogrn,
    whoisStatus: whoIs?.status,
    whoisDnsServers: whoIs?.dnsServers,
    createdAt: dateText(whoIs?.creationDate, whoIs?.creationDateString),
    expiresAt: dateText(whoIs?.registryExpiryDate, whoIs?.registryExpiryDateString),
    whoisChangedAt: dateText(whoIs?.changedDate, whoIs?.changedDateString),
    dnsA: dns?.a,
    dnsAWww: dns?.aWww,
    dnsAaaa: dns?.aaaa,
    dnsNs: dns?.ns,
    dnsMx: dns?.mx,
    dnsCname: dns?.cname,
    dnsTxt: dns?.txt,
    dnsSoaPrimaryNameServer: dns?.soaPrimaryNameServer,
    dnsSoaResponsibleEmail: dns?.soaResponsibleEmail,
    hostIp: headers?.hostIp,
    httpStatusCode: headers?.statusCode,
    httpServer: headers?.server,
    technologies: record.websiteTechnologies?.technologies?.map((t) => t?.name),
    https: rating?.https,
    isOfficialSite: rating?.isOfficialSite,
    isShop: rating?.isShop,
    officialSiteCompanies: rating?.officialSiteCompanies,
    sqi: rating?.sqi,
    shopRating: rating?.shopRating,
    reviewsTotal: rating?.reviews?.totalCount,
    globalRank: traffic?.sitePositioning?.globalRank,
    countryRank: traffic?.sitePositioning?.countryRank,
    trafficCategory: traffic?.sitePositioning?.category,
    monthlyVisits: traffic?.engagementMetrics?.visits,
    reviewsRating: record.domainReviews?.rating,
    reviewsCount: record.domainReviews?.reviewsCount,
  });
}

export function companyProperties(record: CompanyLanding): Record<string, PropertyValue> {
  const info = record.companyInfo;
  const requisites = record.companyRequisites;
  const people = record.companyManagersAndFounders;
  const revenue = latestRevenue(record.financeResults?.revenueAndCost);
  return compact({
    fullName: info?.fullName,
    shortName: info?.shortName,
    legalForm: info?.opf,
    companyStatus: info?.status,
    registrationDate: dateText(info?.readonlyegistrationDate, info?.registrationDateString),
    registrationAddress: info?.registrationAddress,
    federalDistrict: info?.federalDistrict,
    city: info?.city,
    country: info?.country,
    inn: requisites?.inn,
    kpp: requisites?.kpp,
    ogrn: requisites?.ogrn,
    okpo: requisites?.okpo,
    okato: requisites?.okato,
    oktmo: requisites?.oktmo,
    mainOkved: requisites?.mainOkved?.code,
    mainOkvedName: requisites?.mainOkved?.name,
    okveds: requisites?.otherOkveds?.map((o) => o?.code),
    contactPhones: record.companyContacts?.phoneNumbers,
    contactEmails: record.companyContacts?.emails,
    managers: people?.managers?.map((p) => p?.name),
    founders: people?.founders?.map((p) => p?.name),
    categories: record.companyCategories?.categories,
    cities: record.companyCategories?.cities,
    reviewsRating: record.companyReviews?.rating,
    reviewsCount: record.companyReviews?.reviewsCount,
    revenue: revenue?.revenue,
    revenueYear: revenue?.revenueYear,
  });
}

/** A date as text: the Date field when it is a string, else its ...String twin, else a number as ISO. */
function dateText(date: unknown, dateString: unknown): string | undefined {
  if (typeof date === 'string' && date.trim()) return date;
  if (typeof dateString === 'string' && dateString.trim()) return dateString;
  if (typeof date === 'number' && Number.isFinite(date)) return new Date(date).toISOString();
  return undefined;
}

function compact(values: Record<string, unknown>): Record<string, PropertyValue> {
  const out: Record<string, PropertyValue> = {};
  for (const [name, value] of Object.entries(values)) {
    const stored = storable(value);
    if (stored !== undefined) out[name] = stored;
  }
  return out;
}

function storable(value: unknown): PropertyValue | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    const strings = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    return strings.length > 0 ? strings : undefined;
  }
  return undefined;
}

/**
 * Every analyst property a kind's mapping can write. A fetch removes those its answer lacks (the mapping
 * leaves absent values out), and the history compares them one by one.
 */
export const ANALYST_PROPERTIES = {
  domain: [
    'siteTitle',
    'siteDescription',
    'siteUrl',
    'categories',
    'cities',
    'contactPhones',
    'contactEmails',
    'socialLinks',
    'requisiteInns',
    'requisiteOgrns',
    'registrar',
    'registrantOrganization',
    'registrantInn',
    'registrantOgrn',
    'whoisStatus',
    'whoisDnsServers',
    'createdAt',
    'expiresAt',
    'whoisChangedAt',
    'dnsA',
    'dnsAWww',
    'dnsAaaa',
    'dnsNs',
    'dnsMx',
    'dnsCname',
    'dnsTxt',
    'dnsSoaPrimaryNameServer',
    'dnsSoaResponsibleEmail',
    'hostIp',
    'httpStatusCode',
    'httpServer',
    'technologies',
    'https',
    'isOfficialSite',
    'isShop',
    'officialSiteCompanies',
    'sqi',
    'shopRating',
    'reviewsTotal',
    'globalRank',
    'countryRank',
    'trafficCategory',
    'monthlyVisits',
    'reviewsRating',
    'reviewsCount',
  ],
  company: [
    'fullName',
    'shortName',
    'legalForm',
    'companyStatus',
    'registrationDate',
    'registrationAddress',
    'federalDistrict',
    'city',
    'country',
    'inn',
    'kpp',
    'ogrn',
    'okpo',
    'okato',
    'oktmo',
    'mainOkved',
    'mainOkvedName',
    'okveds',
    'contactPhones',
    'contactEmails',
    'managers',
    'founders',
    'categories',
    'cities',
    'reviewsRating',
    'reviewsCount',
    'revenue',
    'revenueYear',
  ],
  email: [],
  phone: [],
  branch: [],
} as const satisfies Record<string, readonly string[]>;

/** Header fields a fetch writes beside the analyst properties; the history compares them too. */
export const HEADER_PROPERTIES = ['title', 'href', 'provider'] as const;
