import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { E2E_CONCURRENCY, UNTHROTTLED_RPS } from './e2e.js';
import { resetGraph, type BenchNeo4j } from './lib/neo4j.js';
import { startCrawl, type SandboxProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { fmt, log, outDir, projectRoot, tail } from './lib/util.js';
import { writeSeedsFile, type Workload } from './lib/workload.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * `node --cpu-prof` of the end-to-end crawl (the CLI, the same sandbox and seeds as benchmark 2, up to
 * `maxRecords`), summarized: self time by function and by package, idle share.
 */
export async function profileBenchmark(neo: BenchNeo4j, sandbox: SandboxProcess, workload: Workload, maxRecords: number): Promise<Section> {
  const dir = path.join(outDir, 'profile');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await resetGraph(neo);
  const seedsFile = writeSeedsFile('profile', workload.seeds);
  log(`profile: node --cpu-prof of the end-to-end crawl, up to ${fmt.int(maxRecords)} records`);
  const crawl = startCrawl({
    seedsFile,
    depth: workload.depth,
    rps: UNTHROTTLED_RPS,
    concurrency: E2E_CONCURRENCY,
    maxRecords,
    service: sandbox,
    neo4jEnv: neo.env,
    // One file per thread (CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile): the crawl's, and its settle thread's.
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir],
  });
  const exit = await crawl.done;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((a, b) => threadOf(a) - threadOf(b));
  if (files.length === 0) throw new Error(`no CPU profile written (exit ${exit.code}):\n${tail(exit.stderr)}`);
  const parts = files.map((file, i) =>
    summarize(
      JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile,
      i === 0 ? "The crawl's main thread" : 'Its settle thread (src/crawl/settle-thread.ts)',
      path.relative(projectRoot, path.join(dir, file)),
      exit.summary,
    ),
  );
  return { title: 'What profiling showed', method: parts, figures: [], notes: [] };
}

/** The thread id in a profile's file name (0: the main thread). */
function threadOf(file: string): number {
  return Number(file.split('.').at(-3) ?? 0);
}

function summarize(
  profile: CpuProfile,
  thread: string,
  where: string,
  summary: { run: { fetched: number; elapsedMs: number } } | undefined,
): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0));
  }
  const totalUs = profile.endTime - profile.startTime;
  const byFunction = new Map<string, { us: number; pkg: string }>();
  const byPackage = new Map<string, number>();
  let idleUs = 0;
  let gcUs = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    if (functionName === '(garbage collector)') gcUs += us;
    const pkg = packageOf(url, functionName);
    const name = `${functionName || '(anonymous)'} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
    const entry = byFunction.get(name) ?? { us: 0, pkg };
    entry.us += us;
    byFunction.set(name, entry);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs;
  const top = [...byFunction].sort((a, b) => b[1].us - a[1].us).slice(0, 15);
  const packages = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 10);
  const lines = [
    `### ${thread}`,
    '',
    `Profile of the crawling process (\`node --cpu-prof\`, ${where}): ${fmt.s(totalUs / 1000)} profiled${summary ? `, ${fmt.int(summary.run.fetched)} records fetched in ${fmt.s(summary.run.elapsedMs)} of crawl` : ''}. ` +
      `The thread was busy (on its CPU) ${fmt.pct(busyUs / totalUs)} of the time and idle (waiting for the sandbox, Neo4j or work) ${fmt.pct(idleUs / totalUs)}; garbage collection took ${fmt.pct(gcUs / Math.max(1, busyUs))} of the busy time.`,
    '',
    'Self time by package (share of busy time):',
    '',
    '| package | self time | share |',
    '|---|---|---|',
    ...packages.map(([pkg, us]) => `| ${pkg} | ${fmt.s(us / 1000)} | ${fmt.pct(us / busyUs)} |`),
    '',
    'Top self-time functions:',
    '',
    '| function | package | self time | share of busy |',
    '|---|---|---|---|',
    ...top.map(([name, { us, pkg }]) => `| \`${name.replace(/\|/g, '\\|')}\` | ${pkg} | ${fmt.s(us / 1000)} | ${fmt.pct(us / busyUs)} |`),
    '',
  ];
  return lines.join('\n');
}

function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : 'V8 / native';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const dist = /\/dist\/([^/]+)\//.exec(url);
  if (dist) return `landing-graph ${dist[1]}/`;
  return 'other';
}

function shortUrl(url: string): string {
  return url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(`${projectRoot}/`, '');
}
