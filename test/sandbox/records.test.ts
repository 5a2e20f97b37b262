import { describe, expect, it } from 'vitest';
import { LISTS_OF_KIND } from '../../src/api/kinds.js';
import { generateGraph } from '../../src/sandbox/generate-graph.js';
import { blockVariant, BLOCKS_OF_KIND, buildRecord } from '../../src/sandbox/records/build-record.js';
import { SPECIALS } from '../../src/sandbox/specials.js';

type Rec = Record<string, unknown>;
const graph = generateGraph({ records: 2000, seed: 11, specials: true });

/** The fields of each block, as the specification lists them (U blocks add updateDate/updateDateString). */
const SPEC: Record<string, readonly string[]> = {
  websiteInfo: ['url', 'title', 'description'],
  domainCategories: ['categories', 'cities'],
  websiteContacts: ['phoneNumbers', 'validEmails', 'socialLinks'],
  websiteRequisites: ['inns', 'ogrns'],
  websiteResponseHeaders: [
    'statusCode',
    'protocol',
    'hostIp',
    'responseMessage',
    'date',
    'contentType',
    'contentLength',
    'location',
    'cacheControl',
    'server',
    'setCookie',
    'authorization',
    'eTag',
    'xContentTypeOptions',
    'strictTransportSecurity',
    'vary',
    'connection',
    'xFrameOptions',
    'accessControlAllowOrigin',
    'xRateLimitLimit',
    'xRateLimitRemaining',
    'xRateLimitReset',
  ],
  websiteTechnologies: ['technologies'],
  whoIs: [
    'url',
    'inn',
    'ogrn',
    'organizationName',
    'status',
    'registrar',
    'dnsServers',
    'changedDate',
    'changedDateString',
    'creationDate',
    'creationDateString',
    'registryExpiryDate',
    'registryExpiryDateString',
  ],
  dns: [
    'url',
    'a',
    'aWww',
    'aaaa',
    'aaaaWww',
    'mx',
    'ns',
    'cname',
    'txt',
    'spf',
    'srv',
    'naptr',
    'caa',
    'ptr',
    'sshfp',
    'dnskey',
    'ds',
    'tlsa',
    'soaPrimaryNameServer',
    'soaResponsibleEmail',
  ],
  rating: ['url', 'https', 'isOfficialSite', 'isShop', 'officialSiteCompanies', 'reviews', 'shopRating', 'sqi'],
  traffic: [
    'screenShot',
    'topCountryShares',
    'trafficSources',
    'estimatedMonthlyVisits',
    'engagementMetrics',
    'sitePositioning',
    'topKeywords',
  ],
  domainReviews: ['rating', 'reviewsCount', 'aspects', 'yearlyAnalytics'],
  companyInfo: [
    'fullName',
    'shortName',
    'opf',
    'readonlyegistrationDate',
    'registrationDateString',
    'registrationAddress',
    'federalDistrict',
    'status',
    'city',
    'country',
  ],
  companyContacts: ['phoneNumbers', 'emails'],
  companyRequisites: ['inn', 'kpp', 'ogrn', 'registrator', 'report', 'okato', 'oktmo', 'okpo', 'mainOkved', 'otherOkveds'],
  companyDocuments: ['ftsRegistration', 'ftsReport', 'pfRegistration', 'sifRegistration', 'smb', 'licenses'],
  companyManagersAndFounders: ['managers', 'founders'],
  companyPredecessorsAndSuccessors: ['predecessors', 'successors'],
  financeAsset: ['mainAssets', 'nonCurrentAssets', 'currentAssets', 'balance'],
  financeLiability: ['capitalAndReserves', 'longTermObligations', 'shortTermObligations', 'balance'],
  financeResults: [
    'revenueAndCost',
    'operatingExpenses',
    'otherIncomeExpenses',
    'taxesAndNetProfit',
    'comprehensiveResult',
    'earningsPerShare',
  ],
  financeCapital: ['capitalValues', 'capitalIncrease', 'capitalDecrease', 'capitalAdjustments'],
  financeCashFlow: ['operating', 'investing', 'financing', 'summary'],
  financeTargetUsage: ['fundsReceived', 'fundsUsed', 'balances'],
  companyCategories: ['categories', 'cities'],
  companyReviews: ['rating', 'reviewsCount', 'aspects', 'yearlyAnalytics'],
};
const BLOCKS: Record<'domain' | 'company', string[]> = {
  domain: [
    'websiteInfo',
    'domainCategories',
    'websiteContacts',
    'websiteRequisites',
    'websiteResponseHeaders',
    'websiteTechnologies',
    'whoIs',
    'dns',
    'rating',
    'traffic',
    'domainReviews',
  ],
  company: [
    'companyInfo',
    'companyContacts',
    'companyRequisites',
    'companyDocuments',
    'companyManagersAndFounders',
    'companyPredecessorsAndSuccessors',
    'financeAsset',
    'financeLiability',
    'financeResults',
    'financeCapital',
    'financeCashFlow',
    'financeTargetUsage',
    'companyCategories',
    'companyReviews',
  ],
};
const HEADER = ['id', 'title', 'href', 'provider', 'searchTags'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DMY = /^\d{2}\.\d{2}\.\d{4}$/;

/** A record of the kind with every block present and an owner, plus some related phones. */
function fullRecord(kind: 'domain' | 'company'): Rec {
  for (const id of graph.ids(kind)) {
    if (BLOCKS[kind].some((b) => blockVariant(graph, id, b) !== 'present')) continue;
    if (kind === 'domain' && graph.node(id)?.owner === undefined) continue;
    if (graph.list(id, 'relatedPhones').length === 0 || graph.list(id, 'relatedEmails').length === 0) continue;
    return buildRecord(graph, kind, id) as Rec;
  }
  throw new Error(`no full ${kind} record`);
}

/** Lists that are often empty in real data (most companies have no licences or predecessors). */
const MAY_BE_EMPTY = new Set([
  'companyPredecessorsAndSuccessors.predecessors',
  'companyPredecessorsAndSuccessors.successors',
  'companyDocuments.licenses',
]);

function expectFilled(value: unknown, where: string): void {
  expect(value, where).not.toBeNull();
  expect(value, where).not.toBeUndefined();
  if (typeof value === 'string') expect(value, where).not.toBe('');
  if (Array.isArray(value) && !MAY_BE_EMPTY.has(where)) expect(value.length, where).toBeGreaterThan(0);
}

describe('record bodies', () => {
  it.each(['domain', 'company'] as const)('%s: header, relation lists of its kind, every block with every field', (kind) => {
    const record = fullRecord(kind);
    expect(Object.keys(BLOCKS_OF_KIND[kind])).toEqual(BLOCKS[kind]);
    expect(Object.keys(record)).toEqual(expect.arrayContaining([...HEADER, ...LISTS_OF_KIND[kind], ...BLOCKS[kind]]));
    expect(record.href).toBe(`https://landing.example/${kind}/${record.id}`);
    expect(record.searchTags).toEqual(expect.arrayContaining([{ name: expect.any(String), url: expect.stringMatching(/^https:\/\//) }]));
    for (const block of BLOCKS[kind]) {
      const value = record[block] as Rec;
      expect(Object.keys(value), block).toEqual(expect.arrayContaining([...(SPEC[block] ?? []), 'updateDate', 'updateDateString']));
      expect(value.updateDate, block).toMatch(ISO);
      expect(value.updateDateString, block).toMatch(DMY);
      for (const field of SPEC[block] ?? []) expectFilled(value[field], `${block}.${field}`);
    }
  });

  it('domain blocks have the published inner shapes and values of the graph', () => {
    const record = fullRecord('domain');
    const id = record.id as number;
    const node = graph.node(id);
    const contacts = record.websiteContacts as Rec;
    const phones = Array.from(graph.list(id, 'relatedPhones'), (p) => graph.node(p)?.title);
    expect(phones).toEqual(expect.arrayContaining((contacts.phoneNumbers as string[]).filter((p) => phones.includes(p))));
    expect((contacts.phoneNumbers as string[]).some((p) => phones.includes(p))).toBe(true);
    const owner = graph.node(node?.owner as number);
    expect((record.websiteRequisites as Rec).inns).toEqual([owner?.key]);
    expect((record.whoIs as Rec).ogrn).toBe(owner?.ogrn);
    const dns = record.dns as Rec;
    expect((record.websiteResponseHeaders as Rec).hostIp).toBe((dns.a as string[])[0]);
    expect(dns.ns).toEqual((record.whoIs as Rec).dnsServers);
    const tech = ((record.websiteTechnologies as Rec).technologies as Rec[])[0] as Rec;
    expect(Object.keys(tech)).toEqual([
      'name',
      'description',
      'foundBy',
      'website',
      'cpe',
      'pricing',
      'oss',
      'saas',
      'icon',
      'technologyCategories',
      'technologyGroups',
      'searchTags',
    ]);
    const traffic = record.traffic as Rec;
    expect(Object.keys(traffic.engagementMetrics as Rec)).toEqual(['visits', 'pagePerVisit', 'timeOnSite', 'bounceRate']);
    expect(Object.keys(traffic.sitePositioning as Rec)).toEqual(['globalRank', 'countryRank', 'categoryRank', 'category']);
    expect(Object.keys((traffic.topKeywords as Rec[])[0] as Rec)).toEqual(['name', 'estimatedValue', 'volume', 'cpc']);
    expect(Object.keys((record.rating as Rec).reviews as Rec)).toEqual(['negativeCount', 'positiveCount', 'totalCount']);
    const reviews = record.domainReviews as Rec;
    const year = Object.values(reviews.yearlyAnalytics as Rec)[0] as Rec;
    expect(Object.keys(year)).toEqual(['year', 'ratingDistribution', 'individualRatings', 'monthlyAverageRatings', 'monthlyReviewCounts']);
    expect(Object.keys((year.ratingDistribution as Rec).data as Rec)).toEqual(['1', '2', '3', '4', '5']);
    expect(((year.individualRatings as Rec).data as Rec[])[0]).toEqual({ date: expect.stringMatching(ISO), value: expect.any(Number) });
    expect(Object.keys(year.monthlyReviewCounts as Rec)).toEqual([
      'data',
      'engagementTrendSlope',
      'volumeVolatility',
      'yearlyGrowthPercentage',
    ]);
  });

  it('company blocks: registration data, persons, finance Record<year, Record<code, {value}>> with balancing totals', () => {
    const record = fullRecord('company');
    const node = graph.node(record.id as number);
    expect((record.companyRequisites as Rec).inn).toBe(node?.key);
    expect((record.companyRequisites as Rec).ogrn).toBe(node?.ogrn);
    expect((record.companyInfo as Rec).shortName).toBe(node?.title);
    expect((record.companyInfo as Rec).readonlyegistrationDate).toMatch(ISO);
    const person = ((record.companyManagersAndFounders as Rec).managers as Rec[])[0] as Rec;
    expect(Object.keys(person)).toEqual(['ogrn', 'inn', 'name', 'post', 'type']);
    const docs = record.companyDocuments as Rec;
    expect(Object.keys(docs.ftsRegistration as Rec)).toEqual([
      'type',
      'series',
      'number',
      'issueDate',
      'issueDateString',
      'issueAuthority',
    ]);
    expect(Object.keys(docs.smb as Rec)).toEqual(['type', 'category', 'issueDate', 'issueDateString']);
    const assets = (record.financeAsset as Rec).balance as Record<string, Record<string, { value: number }>>;
    const liabilities = (record.financeLiability as Rec).balance as Record<string, Record<string, { value: number }>>;
    const years = Object.keys(assets);
    expect(years.length).toBeGreaterThan(0);
    for (const y of years) {
      expect(y).toMatch(/^\d{4}$/);
      expect(assets[y]?.['1600']?.value).toBe(liabilities[y]?.['1700']?.value);
    }
    const withLicence = graph
      .ids('company')
      .map((id) => buildRecord(graph, 'company', id))
      .find((r) => ((r?.companyDocuments as Rec | null)?.licenses as unknown[] | undefined)?.length);
    const licence = ((withLicence!.companyDocuments as Rec).licenses as Rec[])[0] as Rec;
    expect(Object.keys(licence)).toEqual([
      'series',
      'number',
      'issueDate',
      'issueAuthority',
      'suspendDate',
      'suspendAuthority',
      'validFrom',
      'validTo',
      'activities',
      'addresses',
    ]);
  });

  it.each(['email', 'phone'] as const)('%s: header and the five related lists, no blocks', (kind) => {
    const record = buildRecord(graph, kind, graph.ids(kind)[0] as number) as Rec;
    expect(Object.keys(record)).toEqual([...HEADER, ...LISTS_OF_KIND[kind]]);
  });

  it('list entries are shallow: header + companyRequisites for companies, address + companyId for branches', () => {
    const company = graph
      .ids('company')
      .find((id) => graph.list(id, 'relatedBranches').length > 0 && graph.list(id, 'relatedCompanies').length > 0) as number;
    const record = buildRecord(graph, 'company', company) as Rec;
    const related = (record.relatedCompanies as Rec[])[0] as Rec;
    expect(Object.keys(related)).toEqual([...HEADER, 'companyRequisites']);
    expect(related.companyRequisites).toEqual({ inn: graph.node(related.id as number)?.key, ogrn: graph.node(related.id as number)?.ogrn });
    const branch = (record.relatedBranches as Rec[])[0] as Rec;
    expect(Object.keys(branch)).toEqual([...HEADER, 'address', 'companyId']);
    expect(branch.companyId).toBe(company);
    expect(branch.href).toBe(`https://landing.example/branch/${branch.id}`);
    for (const list of ['relatedDomains', 'relatedPhones', 'relatedEmails'] as const) {
      for (const entry of record[list] as Rec[]) expect(Object.keys(entry)).toEqual(HEADER);
    }
  });

  it('varies deterministically: some blocks null, some absent, some records with an unknown field', () => {
    const records = graph
      .ids('domain')
      .slice(0, 400)
      .map((id) => buildRecord(graph, 'domain', id) as Rec);
    expect(records.some((r) => Object.values(r).includes(null))).toBe(true);
    expect(records.some((r) => BLOCKS.domain.some((b) => !(b in r)))).toBe(true);
    expect(records.some((r) => 'experimentalScore' in r)).toBe(true);
    const again = generateGraph({ records: 2000, seed: 11 });
    for (const id of graph.ids('company').slice(0, 30))
      expect(buildRecord(again, 'company', id)).toEqual(buildRecord(graph, 'company', id));
  });

  it('answers nothing for branches, dangling ids and ids of another kind', () => {
    expect(buildRecord(graph, 'domain', graph.ids('branch')[0] as number)).toBeUndefined();
    expect(buildRecord(graph, 'domain', graph.danglingIds[0] as number)).toBeUndefined();
    expect(buildRecord(graph, 'company', graph.ids('domain')[0] as number)).toBeUndefined();
  });

  it('special records: ~5 MB body, schema breaker, duplicated entry, self-reference', () => {
    const huge = JSON.stringify(buildRecord(graph, 'domain', SPECIALS.hugeRecord.id));
    expect(huge.length).toBeGreaterThan(4_500_000);
    const breaker = buildRecord(graph, 'domain', SPECIALS.schemaBreaker.id) as Rec;
    expect((breaker.relatedDomains as Rec[]).map((e) => e.id)).toContain('abc');
    expect((breaker.websiteResponseHeaders as Rec).statusCode).toBe('two hundred');
    const dup = buildRecord(graph, 'domain', SPECIALS.duplicatedEntry.id) as Rec;
    expect((dup.relatedEmails as Rec[]).map((e) => e.id)).toEqual([SPECIALS.quotedEmail.id, SPECIALS.quotedEmail.id]);
    const self = buildRecord(graph, 'company', SPECIALS.selfReference.id) as Rec;
    expect((self.relatedCompanies as Rec[]).map((e) => e.id)).toContain(SPECIALS.selfReference.id);
    const hostile = buildRecord(graph, 'company', SPECIALS.hostileTitle.id) as Rec;
    expect(hostile.title).toBe(SPECIALS.hostileTitle.title);
  });
});
