/**
 * A graph with history for the query and export tests, written the way a crawl's commits write it
 * (CrawlStore.commit without the frontier): at each of three times the answers of some records are
 * mapped (mapFetchedRecord, pivotsOf) and written in one transaction by writeGraph (records, their
 * stubs and the block-named key stubs), writePivots and retireUnseen.
 *
 * T1: alpha-tea.ru lists beta-tea.ru and gamma-tea.ru, company 40001 "ООО "Альфа"", IP 185.71.67.12, name
 *     server ns1.alpha-host.ru, mail server mx.alpha-host.ru, registrar RU-CENTER-RU and phone +74951112233
 *     among its contacts; beta-tea.ru (registered 2026-09-20) has the same IP, servers and registrar and
 *     lists company 40002 "ООО "Бета""; both companies have founder Петров (INN 771234567890) and 40001
 *     lists the phone too.
 * T2: alpha-tea.ru lists delta-tea.ru instead of gamma-tea.ru, resolves to 185.71.67.99 instead, and no
 *     longer lists the phone; beta-tea.ru no longer lists 40002; 40001 is renamed "ООО "Альфа Плюс"" and
 *     loses its founder; 40002 answers as before.
 * T3: alpha-tea.ru lists gamma-tea.ru again (removed at T2, back at T3) instead of delta-tea.ru.
 */
import type { Driver } from 'neo4j-driver';
import type { LandingKind } from '../../src/api/kinds.js';
import { parseLandingRecord } from '../../src/api/schemas/index.js';
import type { LandingRef } from '../../src/api/refs.js';
import { mapFetchedRecord, mapUnfetched } from '../../src/graph/map-record.js';
import { pivotsOf } from '../../src/graph/pivots/index.js';
import { inWriteTransaction, runNamed } from '../../src/store/executor.js';
import { retireUnseen, writeGraph } from '../../src/store/graph-writer.js';
import { writePivots } from '../../src/store/pivot-writer.js';
import { blockFields, fullRecord, type Json } from '../api/schemas/records.js';
import { testConnection } from '../support/neo4j.js';

export const T1 = '2026-10-01T10:00:00.000Z';
export const T2 = '2026-10-15T10:00:00.000Z';
export const T3 = '2026-11-01T10:00:00.000Z';
export const TIMES = [T1, T2, T3] as const;

/** The record whose answers change: the export's seed. */
export const ALPHA = { kind: 'domain', id: 3000001 } as const;
export const IDS = { alpha: 3000001, beta: 3000002, gamma: 3000003, delta: 3000004, alfa: 40001, beta2: 40002 } as const;
export const PHONE = '+74951112233';
export const OLD_IP = '185.71.67.12';
export const NEW_IP = '185.71.67.99';

export interface Fetched {
  kind: LandingKind;
  json: Json;
}

/** A record of `kind` with every block and list empty but `fields`. */
export function record(kind: 'domain' | 'company', id: number, title: string, fields: Json): Fetched {
  const json = fullRecord(kind);
  for (const field of blockFields(json)) json[field] = null;
  return { kind, json: { ...json, id, title, href: `https://landing.example/${kind}/${id}`, provider: 'test', ...fields } };
}

const entry = (id: number, title: string) => ({ id, title });
const founder = { name: 'Петров Пётр Петрович', inn: '771234567890', ogrn: null, post: 'Учредитель', type: 'person' };
const dns = (ip: string) => ({ a: [ip], ns: ['ns1.alpha-host.ru.'], mx: ['10 mx.alpha-host.ru.'] });

const alpha = (domains: [number, string][], ip: string, phone: boolean): Fetched =>
  record('domain', IDS.alpha, 'alpha-tea.ru', {
    relatedDomains: domains.map(([id, title]) => entry(id, title)),
    relatedCompanies: [entry(IDS.alfa, 'ООО "Альфа"')],
    dns: dns(ip),
    whoIs: { registrar: 'RU-CENTER-RU' },
    websiteContacts: phone ? { phoneNumbers: ['+7 (495) 111-22-33'] } : null,
  });
const beta = (listsCompany: boolean): Fetched =>
  record('domain', IDS.beta, 'beta-tea.ru', {
    relatedCompanies: listsCompany ? [entry(IDS.beta2, 'ООО "Бета"')] : [],
    dns: dns(OLD_IP),
    whoIs: { registrar: 'RU-CENTER-RU', creationDate: '2026-09-20T09:00:00Z' },
  });
const alfa = (title: string, founders: boolean): Fetched =>
  record('company', IDS.alfa, title, {
    companyRequisites: { inn: '7701111111' },
    companyContacts: { phoneNumbers: ['+7 (495) 111-22-33'] },
    companyManagersAndFounders: { founders: founders ? [founder] : [] },
  });
const beta2 = (): Fetched =>
  record('company', IDS.beta2, 'ООО "Бета"', {
    companyRequisites: { inn: '7702222222' },
    companyManagersAndFounders: { founders: [founder] },
  });

const gamma: [number, string] = [IDS.gamma, 'gamma-tea.ru'];
const delta: [number, string] = [IDS.delta, 'delta-tea.ru'];
const betaEntry: [number, string] = [IDS.beta, 'beta-tea.ru'];

/** The answers fetched at T1, T2 and T3. */
const ANSWERS: Fetched[][] = [
  [alpha([betaEntry, gamma], OLD_IP, true), beta(true), alfa('ООО "Альфа"', true), beta2()],
  [alpha([betaEntry, delta], NEW_IP, false), beta(false), alfa('ООО "Альфа Плюс"', false), beta2()],
  [alpha([betaEntry, gamma], NEW_IP, false)],
];

/** Write the answers of step 0, 1 or 2 (at T1, T2, T3) as one commit does. */
export async function writeAnswers(driver: Driver, step: 0 | 1 | 2): Promise<void> {
  await writeCommit(driver, TIMES[step], ANSWERS[step]!);
}

/** Write fetched answers and records that answered 404 (`missing`) at `now`, as one commit of a crawl does. */
export async function writeCommit(
  driver: Driver,
  now: string,
  answers: readonly Fetched[],
  missing: readonly LandingRef[] = [],
): Promise<void> {
  await inWriteTransaction(
    driver,
    async (tx) => {
      const mapped = [];
      const pivots = [];
      for (const { kind, json } of answers) {
        const text = JSON.stringify(json);
        const parsed = parseLandingRecord(kind, JSON.parse(text));
        mapped.push(mapFetchedRecord(kind, parsed, text));
        pivots.push(pivotsOf(kind, parsed, { kind, id: parsed.id }));
      }
      const gone = { nodes: missing.map((ref) => mapUnfetched(ref, 'missing', 'API_NOT_FOUND')), edges: [] };
      const written = await writeGraph(tx, [...mapped, gone, { nodes: pivots.flatMap((b) => b.keyStubs), edges: [] }], now);
      await writePivots(tx, pivots, now, { adoptKeyStubs: written.keyConflicts > 0 });
      await retireUnseen(tx, written.refetchable, now);
    },
    { database: testConnection().database },
  );
}

/** A crawl whose seeds were alpha-tea.ru and company 40002 (for crawl-clusters), recorded at T1. */
export async function recordCrawl(driver: Driver): Promise<void> {
  const seeds = ['domain:alpha-tea.ru', `company#${IDS.beta2}`];
  await runNamed(
    driver,
    'crawl-create',
    {
      crawl: { id: 'crawl-history', fingerprint: 'fp-history', seeds, maxDepth: 2, options: '{}', baseUrl: 'https://landing.example' },
      tasks: [
        { uid: 'crawl-history|alpha', kind: 'domain', id: null, key: 'alpha-tea.ru' },
        { uid: 'crawl-history|beta2', kind: 'company', id: IDS.beta2, key: null },
      ],
      now: T1,
    },
    { database: testConnection().database },
  );
}
