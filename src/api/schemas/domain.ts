/**
 * DomainLanding: the record of a website, with its detailed blocks (site information, contacts, HTTP
 * response headers, technologies, WHOIS, DNS, rating, traffic, reviews analytics) and its relation lists.
 */
import { z } from 'zod';
import { CategoriesSchema, block, datePair, flag, number, SearchTagSchema, text, texts, updatable } from './common.js';
import { ReviewsAnalyticsSchema } from './reviews.js';

export const WebsiteInfoSchema = updatable({ url: text, title: text, description: text });

export const DomainCategoriesSchema = CategoriesSchema;

export const WebsiteContactsSchema = updatable({ phoneNumbers: texts, validEmails: texts, socialLinks: texts });

export const WebsiteRequisitesSchema = updatable({ inns: texts, ogrns: texts });

export const WebsiteResponseHeadersSchema = updatable({
  statusCode: number,
  protocol: text,
  hostIp: text,
  responseMessage: text,
  date: text,
  contentType: text,
  contentLength: number,
  location: text,
  cacheControl: text,
  server: text,
  setCookie: text,
  authorization: text,
  eTag: text,
  xContentTypeOptions: text,
  strictTransportSecurity: text,
  vary: text,
  connection: text,
  xFrameOptions: text,
  accessControlAllowOrigin: text,
  xRateLimitLimit: number,
  xRateLimitRemaining: number,
  xRateLimitReset: number,
});

/** TechnologyCategory and TechnologyGroup: each has a name. */
const NamedSchema = block({ name: text });
export const TechnologyCategorySchema = NamedSchema;
export const TechnologyGroupSchema = NamedSchema;

export const TechnologySchema = block({
  name: text,
  description: text,
  foundBy: text,
  website: text,
  cpe: text,
  pricing: texts,
  oss: flag,
  saas: flag,
  icon: text,
  technologyCategories: z.array(TechnologyCategorySchema),
  technologyGroups: z.array(TechnologyGroupSchema),
  searchTags: z.array(SearchTagSchema),
});

export const WebsiteTechnologiesSchema = updatable({ technologies: z.array(TechnologySchema) });

// WhoIs is not marked (U) but lists the same updateDate pair.
export const WhoIsSchema = updatable({
  url: text,
  inn: text,
  ogrn: text,
  organizationName: text,
  status: text,
  registrar: text,
  dnsServers: texts,
  ...datePair('changedDate'),
  ...datePair('creationDate'),
  ...datePair('registryExpiryDate'),
});

export const DnsSchema = updatable({
  url: text,
  a: texts,
  aWww: texts,
  aaaa: texts,
  aaaaWww: texts,
  mx: texts,
  ns: texts,
  cname: texts,
  txt: texts,
  spf: texts,
  srv: texts,
  naptr: texts,
  caa: texts,
  ptr: texts,
  sshfp: texts,
  dnskey: texts,
  ds: texts,
  tlsa: texts,
  soaPrimaryNameServer: text,
  soaResponsibleEmail: text,
});

export const ReviewsSchema = block({ negativeCount: number, positiveCount: number, totalCount: number });

export const RatingSchema = updatable({
  url: text,
  https: flag,
  isOfficialSite: flag,
  isShop: flag,
  officialSiteCompanies: texts,
  reviews: ReviewsSchema,
  shopRating: number,
  sqi: number,
});

export const TopCountryShareSchema = block({ countryCode: text, value: number });
export const TrafficSourceSchema = block({ key: text, value: number });
export const EngagementMetricsSchema = block({ visits: number, pagePerVisit: number, timeOnSite: number, bounceRate: number });
export const SitePositioningSchema = block({ globalRank: number, countryRank: number, categoryRank: number, category: text });
export const KeywordItemSchema = block({ name: text, estimatedValue: number, volume: number, cpc: number });

export const TrafficSchema = updatable({
  screenShot: text,
  topCountryShares: z.array(TopCountryShareSchema),
  trafficSources: z.array(TrafficSourceSchema),
  estimatedMonthlyVisits: z.record(z.string(), number),
  engagementMetrics: EngagementMetricsSchema,
  sitePositioning: SitePositioningSchema,
  topKeywords: z.array(KeywordItemSchema),
});

/** The domain record's own blocks (records.ts adds the header and the relation lists). */
export const domainBlocks = {
  websiteInfo: WebsiteInfoSchema,
  domainCategories: DomainCategoriesSchema,
  websiteContacts: WebsiteContactsSchema,
  websiteRequisites: WebsiteRequisitesSchema,
  websiteResponseHeaders: WebsiteResponseHeadersSchema,
  websiteTechnologies: WebsiteTechnologiesSchema,
  whoIs: WhoIsSchema,
  dns: DnsSchema,
  rating: RatingSchema,
  traffic: TrafficSchema,
  domainReviews: ReviewsAnalyticsSchema,
};
