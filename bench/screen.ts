import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { buildRecord, type SandboxGraph } from '../src/sandbox/index.js';
import { mulberry32 } from '../src/sandbox/prng.js';
import { resetGraph, type BenchNeo4j } from './lib/neo4j.js';
import { runMeasuredCli, startCrawl, startSandboxProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { fmt, log, outDir, tail } from './lib/util.js';
import { coveringWorkload, writeSeedsFile } from './lib/workload.js';
import { E2E_CONCURRENCY, UNTHROTTLED_RPS } from './e2e.js';

/** Targets, fixed before the first run. */
const MAX_RSS_MB = 300;
const MAX_WALL_S = 120;

/** What the bench reads of a company record (a block may be null: the service leaves some out). */
interface CompanyRecord {
  companyRequisites: { inn?: string | null; ogrn?: string | null } | null;
  companyInfo: { shortName?: string | null } | null;
  companyManagersAndFounders: { managers?: { inn?: string | null }[] | null } | null;
}

/** A list entity the bench planted, and the record it must hit (its key in the graph). */
interface Planted {
  entityId: string;
  recordKey: string;
  by: 'company INN' | 'company name' | 'person INN';
}

interface HitJson {
  record: { kind: string; key: string | null };
  entity: { id: string };
}

/**
 * `screen` with a watch list of N entities (FtM JSON lines, gzipped, as OpenSanctions publishes them) against the
 * whole sandbox world crawled into Neo4j. The list plants hits taken from the sandbox's own records (companies by
 * INN, companies by their short name as served, people by their INN) among strangers whose names and numbers cannot
 * match anything of the world (every invented word holds a q, w or x, which no transliteration of a Russian name
 * gives; every INN and OGRN is checked against the world's). Expected: every planted record hit by its entity, no
 * stranger hit. The floor beside it: the same file streamed, gunzipped and JSON-parsed line by line, nothing more.
 */
export async function screenBenchmark(neo: BenchNeo4j, records: number, entities: number): Promise<Section> {
  const seed = 11;
  const workload = coveringWorkload(records, seed);
  const section: Section = {
    title: '13. Screening a watch list',
    method: [
      `\`landing-graph sandbox --records ${fmt.int(records)} --seed ${seed}\`, crawled whole (${workload.seeding}), unthrottled. ` +
        `A list of ${fmt.int(entities)} FtM entities (JSON lines, gzipped; Person 55 %, Company 35 %, Organization 5 %, other schemata 5 %) is written with hits planted from the sandbox's records and strangers that cannot match; ` +
        `then \`landing-graph screen <list> --name bench --json\` runs as a child process (peak RSS: its VmHWM at exit, bench/rss-probe.ts). ` +
        `Baseline in the same run: a Node process that only streams the same file (gunzip, lines, JSON.parse). Targets, fixed before the run: peak RSS <= ${MAX_RSS_MB} MB, wall time <= ${MAX_WALL_S} s, every planted record hit, no stranger hit.`,
    ],
    figures: [],
    notes: [],
  };
  const sandbox = await startSandboxProcess({ records, seed });
  try {
    await resetGraph(neo);
    const seedsFile = writeSeedsFile(`screen-${records}`, workload.seeds);
    log(`screen: crawling the ${fmt.int(records)}-record world`);
    const crawl = startCrawl({
      seedsFile,
      depth: workload.depth,
      rps: UNTHROTTLED_RPS,
      concurrency: E2E_CONCURRENCY,
      service: sandbox,
      neo4jEnv: neo.env,
    });
    const exit = await crawl.done;
    if (!exit.summary) throw new Error(`the crawl ended without a summary (exit ${exit.code}): ${tail(exit.stderr, 3)}`);
    section.notes.push(
      `The crawl fetched ${fmt.int(exit.summary.run.fetched)} records in ${fmt.s(exit.summary.run.elapsedMs)} (${exit.summary.status}).`,
    );
  } finally {
    await sandbox.close();
  }

  const file = path.join(outDir, `screen-${entities}.ftm.json.gz`);
  const written = Date.now();
  const planted = await writeList(file, workload.graph, entities, seed);
  log(`screen: wrote ${fmt.int(entities)} entities (${fmt.int(planted.length)} planted) to ${file} in ${fmt.s(Date.now() - written)}`);

  const floor = await streamOnly(file);
  section.figures.push({
    name: `baseline: the list streamed alone (gunzip, lines, JSON.parse of ${fmt.int(entities)} entities)`,
    value: `${fmt.s(floor.wallMs)}`,
  });

  const run = await runMeasuredCli('screen', ['screen', file, '--name', 'bench', '--json'], neo.env, { timeoutMs: 30 * 60_000 });
  if (run.error) throw new Error(`screen: ${run.error}`);
  const result = JSON.parse(run.stdout) as { read: number; records: number; hits: HitJson[]; skipped: Record<string, number> };
  const rssMb = run.maxRssKb === undefined ? Number.NaN : run.maxRssKb / 1024;
  section.figures.push({
    name: `\`screen\` of ${fmt.int(entities)} entities against the graph's ${fmt.int(result.records)} companies and people: peak RSS`,
    value: run.maxRssKb === undefined ? 'n/a' : fmt.mb(run.maxRssKb),
    target: `<= ${MAX_RSS_MB} MB`,
    pass: rssMb <= MAX_RSS_MB,
  });
  section.figures.push({
    name: '`screen`: wall time (the baseline above is the floor of reading the file)',
    value: `${fmt.s(run.wallMs)} (${fmt.num(run.wallMs / floor.wallMs, 1)}x the baseline; ${fmt.int((result.read * 1000) / run.wallMs)} entities/s)`,
    target: `<= ${MAX_WALL_S} s`,
    pass: run.wallMs <= MAX_WALL_S * 1000,
  });

  const hitPairs = new Set(result.hits.map((h) => `${h.entity.id}\u0000${h.record.key}`));
  const missed = planted.filter((p) => !hitPairs.has(`${p.entityId}\u0000${p.recordKey}`));
  const plantedIds = new Set(planted.map((p) => p.entityId));
  const strangers = result.hits.filter((h) => !plantedIds.has(h.entity.id));
  const namesakes = result.hits.filter((h) => plantedIds.has(h.entity.id)).length - (planted.length - missed.length);
  section.figures.push({
    name: 'planted records hit by their entity (companies by INN, by name, people by INN); hits of strangers',
    value:
      `${fmt.int(planted.length - missed.length)} of ${fmt.int(planted.length)}` +
      `${
        missed.length
          ? ` (missed: ${missed
              .slice(0, 5)
              .map((m) => `${m.by} ${m.recordKey}`)
              .join(', ')}${missed.length > 5 ? ', …' : ''})`
          : ''
      }; ` +
      `${fmt.int(strangers.length)}${
        strangers.length
          ? ` (${strangers
              .slice(0, 3)
              .map((s) => `${s.entity.id} -> ${s.record.key}`)
              .join(', ')})`
          : ''
      }`,
    target: `${fmt.int(planted.length)} of ${fmt.int(planted.length)}; 0`,
    pass: missed.length === 0 && strangers.length === 0,
  });
  section.notes.push(
    `Read ${fmt.int(result.read)} screened entities, skipped ${Object.entries(result.skipped)
      .map(([schema, n]) => `${fmt.int(n)} ${schema}`)
      .join(
        ', ',
      )}; ${fmt.int(result.hits.length)} hits, of which ${fmt.int(namesakes)} are other records of a planted company's name (the world's namesakes, right to report).`,
  );
  return section;
}

/** Write the list; returns what was planted. Deterministic for a world and seed. */
async function writeList(file: string, graph: SandboxGraph, entities: number, seed: number): Promise<Planted[]> {
  const random = mulberry32(seed * 7919);
  const companies = graph.ids('company');
  const worldNumbers = new Set<string>();
  const byCompany = new Map<number, { inn: string | undefined; shortName: string | undefined; managerInns: string[] }>();
  for (const id of companies) {
    const record = buildRecord(graph, 'company', id) as unknown as CompanyRecord;
    const inn = record.companyRequisites?.inn || undefined;
    const ogrn = record.companyRequisites?.ogrn || undefined;
    const managerInns = (record.companyManagersAndFounders?.managers ?? []).flatMap((m) => (m.inn ? [m.inn] : []));
    byCompany.set(id, { inn, shortName: record.companyInfo?.shortName || undefined, managerInns });
    for (const n of [inn, ogrn, ...managerInns]) if (n) worldNumbers.add(n);
  }
  const planted: Planted[] = [];
  const lines: string[] = [];
  const pick = (n: number) => Array.from({ length: n }, () => companies[Math.floor(random() * companies.length)]!);
  const strangerName = (words: number) => Array.from({ length: words }, () => invented(random)).join(' ');
  const entity = (id: string, schema: string, properties: Record<string, string[]>) =>
    JSON.stringify({
      id,
      schema,
      caption: properties.name?.[0] ?? id,
      properties: { topics: ['sanction'], ...properties },
      datasets: ['bench'],
    });

  const plantCount = Math.min(1_250, Math.floor(entities / 10));
  const seen = new Set<string>();
  for (const id of pick(plantCount * 3)) {
    if (planted.length >= plantCount) break;
    const record = byCompany.get(id)!;
    const inn = record.inn;
    // A company is known in the graph by its INN: one served without it is not planted.
    if (inn === undefined) continue;
    const kind = planted.length % 5;
    if (kind < 2 && !seen.has(`c${inn}`)) {
      seen.add(`c${inn}`);
      const entityId = `planted-inn-${planted.length}`;
      lines.push(entity(entityId, 'Company', { name: [strangerName(2)], innCode: [inn] }));
      planted.push({ entityId, recordKey: inn, by: 'company INN' });
    } else if (kind < 4 && record.shortName !== undefined && !seen.has(`n${inn}`)) {
      seen.add(`n${inn}`);
      const entityId = `planted-name-${planted.length}`;
      lines.push(entity(entityId, 'Company', { name: [record.shortName] }));
      planted.push({ entityId, recordKey: inn, by: 'company name' });
    } else {
      const managerInn = record.managerInns.find((m) => !seen.has(`p${m}`));
      if (managerInn === undefined) continue;
      seen.add(`p${managerInn}`);
      const entityId = `planted-person-${planted.length}`;
      lines.push(entity(entityId, 'Person', { name: [strangerName(2)], innCode: [managerInn] }));
      planted.push({ entityId, recordKey: `inn:${managerInn}`, by: 'person INN' });
    }
  }

  const number = (digits: number) => {
    for (;;) {
      let n = String(1 + Math.floor(random() * 9));
      while (n.length < digits) n += String(Math.floor(random() * 10));
      if (!worldNumbers.has(n)) return n;
    }
  };
  const strangers = entities - lines.length;
  // Planted entities spread through the file, not at its head.
  const every = Math.max(1, Math.floor(entities / (lines.length + 1)));
  const ordered: string[] = [];
  let next = 0;
  for (let i = 0; i < strangers; i++) {
    if (i % every === 0 && next < lines.length) ordered.push(lines[next++]!);
    const r = random();
    const id = `stranger-${i}`;
    if (r < 0.55)
      ordered.push(
        entity(id, 'Person', {
          name: [strangerName(3)],
          ...(random() < 0.3 ? { innCode: [number(12)] } : {}),
          ...(random() < 0.5 ? { birthDate: [`19${40 + Math.floor(random() * 60)}`] } : {}),
        }),
      );
    else if (r < 0.9)
      ordered.push(
        entity(id, 'Company', {
          name: [`OOO ${strangerName(2)}`],
          alias: [strangerName(1)],
          ...(random() < 0.5 ? { innCode: [number(10)], ogrnCode: [number(13)] } : {}),
        }),
      );
    else if (r < 0.95) ordered.push(entity(id, 'Organization', { name: [strangerName(3)] }));
    else ordered.push(entity(id, random() < 0.5 ? 'Address' : 'Sanction', { summary: [strangerName(2)] }));
  }
  while (next < lines.length) ordered.push(lines[next++]!);

  async function* chunks() {
    for (let i = 0; i < ordered.length; i += 10_000) yield `${ordered.slice(i, i + 10_000).join('\n')}\n`;
  }
  await pipeline(Readable.from(chunks()), createGzip(), createWriteStream(file));
  return planted;
}

const SYLLABLES = ['qua', 'wex', 'xor', 'quil', 'wyn', 'xan', 'qor', 'wix', 'zaq', 'exw', 'owq', 'yxa'];
const TAILS = ['', 'ra', 'lo', 'mi', 'nt', 'ek', 'ov', 'is'];

/** A word no Russian name transliterates to: built from syllables that each hold a q, w or x. */
function invented(random: () => number): string {
  const word =
    SYLLABLES[Math.floor(random() * SYLLABLES.length)]! +
    SYLLABLES[Math.floor(random() * SYLLABLES.length)]! +
    TAILS[Math.floor(random() * TAILS.length)]!;
  return word[0]!.toUpperCase() + word.slice(1);
}

/** The floor: a Node process that streams the file and parses each line, nothing else. */
async function streamOnly(file: string): Promise<{ wallMs: number }> {
  const code = `
    import { createReadStream } from 'node:fs';
    import { createInterface } from 'node:readline';
    import { createGunzip } from 'node:zlib';
    let n = 0;
    for await (const line of createInterface({ input: createReadStream(process.argv[1]).pipe(createGunzip()), crlfDelay: Infinity }))
      if (line) { JSON.parse(line); n++; }
    process.stdout.write(String(n));`;
  const started = Date.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', code, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (status !== 0) throw new Error(`the baseline reader exited ${status}`);
  log(`screen: baseline read ${out} lines`);
  return { wallMs: Date.now() - started };
}
