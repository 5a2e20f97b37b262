/**
 * A small investigation graph for the query tests, written the way a crawl writes it: the record
 * fixtures (and edited copies of them) mapped by mapFetchedRecord, their pivots by pivotsOf, all in one
 * transaction through writeGraph and writePivots; then two crawls recorded with the crawl store's own
 * statement.
 */
import type { Driver } from 'neo4j-driver';
import type { LandingKind } from '../../src/api/kinds.js';
import { parseLandingRecord } from '../../src/api/schemas/index.js';
import { mapFetchedRecord } from '../../src/graph/map-record.js';
import { pivotsOf } from '../../src/graph/pivots/index.js';
import { inWriteTransaction, runNamed } from '../../src/store/executor.js';
import { writeGraph } from '../../src/store/graph-writer.js';
import { writePivots } from '../../src/store/pivot-writer.js';
import { fullRecord, type Json } from '../api/schemas/records.js';
import { testConnection } from '../support/neo4j.js';

const NOW = '2026-11-21T12:00:00.000Z';
const RELATION_LISTS = [
  'relatedDomains',
  'relatedCompanies',
  'relatedPhones',
  'relatedEmails',
  'relatedBranches',
  'similarDomains',
  'competitorDomains',
  'similarCompanies',
  'competitorCompanies',
];
const DOMAIN_BLOCKS = ['websiteContacts', 'websiteRequisites', 'websiteResponseHeaders', 'websiteTechnologies', 'whoIs', 'dns'];
const COMPANY_BLOCKS = [
  'companyInfo',
  'companyContacts',
  'companyRequisites',
  'companyManagersAndFounders',
  'companyPredecessorsAndSuccessors',
];

interface Fetched {
  kind: LandingKind;
  json: Json;
}

/** A copy of the fixture of `kind` as another record: no relation lists and no pivot blocks but `fields`. */
function copy(kind: 'domain' | 'company', id: number, title: string, fields: Json): Fetched {
  const json = fullRecord(kind);
  for (const field of [...RELATION_LISTS, ...(kind === 'domain' ? DOMAIN_BLOCKS : COMPANY_BLOCKS)]) if (field in json) json[field] = null;
  return { kind, json: { ...json, id, title, ...fields } };
}

const metrika = { websiteTechnologies: { technologies: [{ name: 'Yandex.Metrika' }] } };
const company1 = { id: 20001, title: 'ООО "Лавка чая"', href: null, provider: null };

/**
 * lavka-chaya.ru (the fixture) and lavka-chaya.com share IP 185.71.67.12; companies 20001 (the fixture)
 * and 20003 share founder Иванова (INN 770412345678), 20001 and 20002 an address; lonely.ru reaches
 * teashop.ru in 2 hops only through Technology Yandex.Metrika (5 sites), else in 3; lonely.ru
 * (2026-11-10) and fresh-tea.ru (15.11.2026) are recent and lead to company 20001, nocompany.ru is recent
 * but leads to none.
 */
const RECORDS: Fetched[] = [
  { kind: 'domain', json: fullRecord('domain') },
  { kind: 'company', json: fullRecord('company') },
  { kind: 'phone', json: fullRecord('phone') },
  { kind: 'email', json: fullRecord('email') },
  copy('domain', 1048577, 'lavka-chaya.com', { dns: { a: ['185.71.67.12'] }, ...metrika }),
  copy('domain', 1049001, 'chai-market.ru', metrika),
  copy('domain', 1049002, 'teashop.ru', metrika),
  copy('domain', 1049999, 'lonely.ru', {
    ...metrika,
    relatedCompanies: [company1],
    dns: { ns: ['NS1.REG.RU.'] },
    // A profile whose path is upper and lower case (ЧайМаркет), its link percent-escaped: only the key spells it.
    websiteContacts: {
      phoneNumbers: ['+7 (495) 123-45-67'],
      socialLinks: ['https://vk.com/%D0%A7%D0%B0%D0%B9%D0%9C%D0%B0%D1%80%D0%BA%D0%B5%D1%82'],
    },
    whoIs: { registrar: 'RU-CENTER-RU', inn: '7701234567', organizationName: 'ООО "Лавка чая"', creationDate: '2026-11-10T09:00:00Z' },
  }),
  copy('domain', 1050001, 'fresh-tea.ru', {
    dns: { mx: ['10 mx.yandex.net.'] },
    websiteRequisites: { inns: ['7701234567'] },
    whoIs: { registrar: 'RU-CENTER-RU', organizationName: 'ООО "Свежий чай"', creationDateString: '15.11.2026' },
  }),
  copy('domain', 1050002, 'nocompany.ru', { whoIs: { creationDateString: '20.11.2026' } }),
  copy('company', 20002, 'АО "Чайный дом"', {
    companyRequisites: { inn: '7707083893' },
    companyInfo: { registrationAddress: '119002, г. Москва, ул. Арбат, д. 10, помещ. 3' },
  }),
  copy('company', 20003, 'ООО "Чайная традиция"', {
    companyRequisites: { inn: '7705555555' },
    companyManagersAndFounders: {
      founders: [{ name: 'Иванова Мария Петровна', inn: '770412345678', ogrn: null, post: 'Учредитель', type: 'person' }],
    },
  }),
];

/** The seeds of the newest crawl: three connected records and one the graph does not have. */
export const CRAWL_SEEDS = ['domain:lavka-chaya.ru', 'company#20001', 'domain:teashop.ru', 'domain:absent.ru'];

/** Build the graph (on an empty database). */
export async function buildInvestigationGraph(driver: Driver): Promise<void> {
  const database = testConnection().database;
  await inWriteTransaction(
    driver,
    async (tx) => {
      const mapped = [];
      const pivots = [];
      for (const { kind, json } of RECORDS) {
        const text = JSON.stringify(json);
        const record = parseLandingRecord(kind, JSON.parse(text));
        mapped.push(mapFetchedRecord(kind, record, text));
        pivots.push(pivotsOf(kind, record, { kind, id: record.id }));
      }
      await writeGraph(tx, mapped, NOW);
      await writeGraph(tx, [{ nodes: pivots.flatMap((b) => b.keyStubs), edges: [] }], NOW);
      await writePivots(tx, pivots, NOW);
    },
    { database },
  );
  await runNamed(driver, 'crawl-create', crawl('crawl-old', ['domain:lavka-chaya.ru'], '2026-11-01T10:00:00.000Z'), { database });
  await runNamed(driver, 'crawl-create', crawl('crawl-new', CRAWL_SEEDS, '2026-11-20T10:00:00.000Z'), { database });
}

function crawl(id: string, seeds: string[], now: string): Record<string, unknown> {
  const tasks = seeds.map((seed) => {
    const [kind = '', value = ''] = seed.split(/[#:]/);
    return { uid: `${id}|${seed}`, kind, id: seed.includes('#') ? Number(value) : null, key: seed.includes(':') ? value : null };
  });
  return { crawl: { id, fingerprint: `fp-${id}`, seeds, maxDepth: 2, options: '{}', baseUrl: 'https://landing.example' }, tasks, now };
}
