import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { BenchNeo4j } from './lib/neo4j.js';
import { resetGraph } from './lib/neo4j.js';
import { type CrawlExit, startCrawl, startSandboxProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { fmt, log, tail } from './lib/util.js';
import { coveringWorkload, writeSeedsFile } from './lib/workload.js';

const CONCURRENCY = 16;
const UNTHROTTLED_RPS = 1_000_000;
/** Share of the records the world changes between the two crawls (issue 10: 5 %). */
const CHANGED_SHARE = 0.05;

/**
 * Keeping a graph current: the built CLI crawls a sandbox of `records` records into an empty Neo4j, the
 * sandbox's world then changes for about 5 % of its records (POST /__sandbox/evolve: entries removed and
 * added, titles and shared identifiers changed, records gone, new records), and the same crawl runs again
 * with --refresh. Figures: both crawls' time, what history keeps, and the space it adds.
 */
export async function refreshBenchmark(neo: BenchNeo4j, records: number): Promise<Section> {
  const section: Section = {
    title: '5. Keeping a graph current: a refresh after 5 % of the records changed',
    method: [],
    figures: [],
    notes: [],
  };
  const workload = coveringWorkload(records, 17);
  const seedsFile = writeSeedsFile('refresh', workload.seeds);
  const sandbox = await startSandboxProcess({ records, seed: 17 });
  try {
    await resetGraph(neo);
    const crawlOnce = async (extraArgs: string[]): Promise<{ exit: CrawlExit; requests: number }> => {
      const before = (await sandbox.stats()).total;
      const crawl = startCrawl({
        seedsFile,
        depth: workload.depth,
        rps: UNTHROTTLED_RPS,
        concurrency: CONCURRENCY,
        service: sandbox,
        neo4jEnv: neo.env,
        extraArgs,
      });
      const exit = await crawl.done;
      if (exit.code !== 0 || !exit.summary) throw new Error(`the crawl exited ${exit.code}:\n${tail(exit.stderr)}`);
      return { exit, requests: (await sandbox.stats()).total - before };
    };
    log(`refresh: first crawl of ${records} records`);
    const first = await crawlOnce([]);
    const size0 = await storeBytes(neo);
    const n = workload.recordCount;
    const changes = {
      seed: 3,
      removeEntries: Math.round(n * 0.015),
      addEntries: Math.round(n * 0.015),
      retitle: Math.round(n * 0.005),
      changeFields: Math.round(n * 0.01),
      gone: Math.round(n * 0.0025),
      newRecords: Math.round(n * 0.0025),
    };
    const evolved = (await (await fetch(`${sandbox.url}/__sandbox/evolve`, { method: 'POST', body: JSON.stringify(changes) })).json()) as {
      changes: number;
    };
    log(`refresh: the world changed (${evolved.changes} changes); crawling again with --refresh`);
    const second = await crawlOnce(['--refresh']);
    const size1 = await storeBytes(neo);
    const q = async (cypher: string): Promise<number> => {
      const result = await neo.driver.executeQuery(cypher, {}, neo.connection.database ? { database: neo.connection.database } : {});
      return Number(result.records[0]?.get(0) ?? 0);
    };
    const versions = await q('MATCH (v:RecordVersion) RETURN count(v)');
    const fieldChanges = await q('MATCH (v:RecordVersion) WHERE size(v.changedFields) > 0 RETURN count(v)');
    const versionRawBytes = await q('MATCH (v:RecordVersion) RETURN coalesce(sum(size(v.raw)), 0)');
    const removed = await q('MATCH ()-[r]->() WHERE r.removedAt IS NOT NULL RETURN count(r)');
    const gone = await q("MATCH (n:Landing) WHERE n.goneAt IS NOT NULL AND n.status = 'missing' RETURN count(n)");
    const firstMs = first.exit.summary!.run.elapsedMs;
    const secondMs = second.exit.summary!.run.elapsedMs;
    section.method.push(
      `Sandbox of ${records} records (its own process, no latency), seeds and depth as in section 2 (${workload.seeds.length} seeds, depth ${workload.depth}). ` +
        `First: \`landing-graph crawl --seeds-file … --depth ${workload.depth} --concurrency ${CONCURRENCY} --rps ${UNTHROTTLED_RPS} --json\` into an empty Neo4j. ` +
        `Then the sandbox's world changes (POST /__sandbox/evolve ${JSON.stringify(changes)}: about ${fmt.int(Math.round(n * CHANGED_SHARE))} records, ${CHANGED_SHARE * 100} %) and the same command runs with --refresh. ` +
        'Space: the Neo4j store files (du of the database folder) before and after the refresh; versions: the raw text the RecordVersion nodes keep.',
    );
    const rawPerVersion = versions > 0 ? versionRawBytes / versions : 0;
    section.figures.push(
      {
        name: 'first crawl: records per second',
        value: `${fmt.num((first.requests * 1000) / firstMs, 1)} (${fmt.int(first.requests)} requests in ${fmt.s(firstMs)})`,
      },
      {
        name: 'refresh: records per second',
        value: `${fmt.num((second.requests * 1000) / secondMs, 1)} (${fmt.int(second.requests)} requests in ${fmt.s(secondMs)}; ${fmt.num(secondMs / firstMs, 2)} x the first crawl's time)`,
      },
      {
        name: 'history kept by the refresh',
        value: `${fmt.int(versions)} record versions (${fmt.int(fieldChanges)} with changed fields), ${fmt.int(removed)} relationships with removedAt, ${fmt.int(gone)} records gone`,
      },
      {
        name: 'space history adds',
        value: `versions' raw text ${fmt.mb(versionRawBytes / 1024)}, ${fmt.int(rawPerVersion)} bytes per version (a copy of the record's answer); store files ${fmt.mb(size0 / 1024)} -> ${fmt.mb(size1 / 1024)} (Neo4j grows them in steps)`,
      },
    );
    section.notes.push(
      `The refresh re-requests every record (--refresh means --max-age 0); a refresh with --refresh-older-than requests only the records older than its cut and expands the others from the graph.`,
    );
  } finally {
    await sandbox.close();
  }
  return section;
}

/** Bytes of the database's store files (the bench's own Neo4j only; Community has no db.checkpoint, so files grow in steps). */
async function storeBytes(neo: BenchNeo4j): Promise<number> {
  if (!neo.debugLog) return 0;
  const home = path.resolve(path.dirname(neo.debugLog), '..');
  const folder = path.join(home, 'data/databases', neo.connection.database ?? 'neo4j');
  return Number(execFileSync('du', ['-sb', folder], { encoding: 'utf8' }).split('\t')[0]);
}
