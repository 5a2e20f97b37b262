import { plantNetworks } from '../src/sandbox/planted/networks.js';
import { type CandidateSides, measureSpellings } from '../src/sandbox/planted/spellings.js';
import { resetGraph, type BenchNeo4j } from './lib/neo4j.js';
import { runMeasuredCli, startCrawl, startSandboxProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { fmt, log, tail } from './lib/util.js';
import { writeSeedsFile } from './lib/workload.js';
import { E2E_CONCURRENCY, UNTHROTTLED_RPS } from './e2e.js';

interface Member {
  kind: string;
  id: number | null;
  key: string | null;
}

/**
 * `networks` and `flags` over a planted world of N records (`sandbox --plant`, src/sandbox/planted/): the CLI as a
 * child process over the whole graph, wall time and peak RSS; and whether they are right at that size: every planted
 * network found with >= 90 % of its members in one network and none mixed with another, every planted red flag found
 * and no decoy flagged. The truth is the same function the sandbox planted with, run here.
 */
export async function findingsBenchmark(neo: BenchNeo4j, records: number): Promise<Section> {
  const seed = 3;
  const { graph, truth } = plantNetworks({ records, seed });
  const section: Section = {
    title: '6. Networks and red flags over a planted world',
    method: [
      `\`landing-graph sandbox --plant --records ${fmt.int(records)} --seed ${seed}\` (its ${fmt.int(graph.recordCount)} records: the generated world and, above its ids, six planted networks of 18 records sharing Cloudflare's and a hosting company's name servers and a hosting IP with strangers, 200 fillers, the red-flag patterns with their decoys and 24 labelled name variants with near misses). ` +
        `The CLI crawls every company to depth 1 (unthrottled), then runs \`networks --json\`, \`flags --json --no-write\` and \`resolve --json\` over the whole graph as child processes; peak RSS is the process's own VmHWM read at exit (bench/rss-probe.ts).`,
    ],
    figures: [],
    notes: [],
  };
  const sandbox = await startSandboxProcess({ records, seed, plant: true });
  try {
    await resetGraph(neo);
    const seeds = graph.ids('company').map((id) => ({ kind: 'company' as const, id }));
    const seedsFile = writeSeedsFile(`findings-${records}`, seeds);
    log(`findings: crawling ${fmt.int(seeds.length)} companies of the planted ${fmt.int(graph.recordCount)}-record world to depth 1`);
    const crawl = startCrawl({
      seedsFile,
      depth: 1,
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

    const networks = await runMeasuredCli('findings-networks', ['networks', '--json'], neo.env);
    if (networks.error) throw new Error(`networks: ${networks.error}`);
    const found = (JSON.parse(networks.stdout) as { networks: { members: Member[] }[] }).networks;
    section.figures.push({
      name: `\`networks --json\` over the whole ${fmt.int(graph.recordCount)}-record graph: wall time, peak RSS`,
      value: `${fmt.s(networks.wallMs)}, ${networks.maxRssKb ? fmt.mb(networks.maxRssKb) : 'n/a'}; ${fmt.int(found.length)} networks`,
    });
    const keyOf = (m: Member) => (m.key ? `${m.kind}:${m.key}` : `${m.kind}#${m.id ?? ''}`);
    const plantedOf = new Map<string, number>();
    truth.networks.forEach((n, i) => {
      for (const m of n.members) plantedOf.set(keyOf(m), i);
    });
    const whole = truth.networks.filter((n) => {
      const keys = new Set(n.members.map(keyOf));
      return Math.max(0, ...found.map((f) => f.members.filter((m) => keys.has(keyOf(m))).length)) / keys.size >= 0.9;
    }).length;
    const mixed = found.filter(
      (f) => new Set(f.members.map((m) => plantedOf.get(keyOf(m))).filter((p) => p !== undefined)).size > 1,
    ).length;
    section.figures.push({
      name: 'planted networks found with >= 90 % of their members in one network; networks holding two planted networks',
      value: `${whole} of ${truth.networks.length}; ${mixed}`,
      target: `${truth.networks.length} of ${truth.networks.length}; 0`,
      pass: whole === truth.networks.length && mixed === 0,
    });

    const flags = await runMeasuredCli('findings-flags', ['flags', '--json', '--no-write'], neo.env);
    if (flags.error) throw new Error(`flags: ${flags.error}`);
    const hits = (JSON.parse(flags.stdout) as { flags: { rule: string; record: Member }[] }).flags;
    const byRule = new Map<string, number>();
    for (const h of hits) byRule.set(h.rule, (byRule.get(h.rule) ?? 0) + 1);
    section.figures.push({
      name: `\`flags --json --no-write\` (every rule) over the same graph: wall time, peak RSS`,
      value: `${fmt.s(flags.wallMs)}, ${flags.maxRssKb ? fmt.mb(flags.maxRssKb) : 'n/a'}; ${fmt.int(hits.length)} flags (${[...byRule].map(([r, n]) => `${r} ${fmt.int(n)}`).join(', ')})`,
    });
    const planted: [string, number[], number[]][] = [
      ['young-company', truth.flags.youngCompany, truth.flags.decoys.youngCompany],
      ['liquidated-serves-live', truth.flags.liquidatedServesLive, truth.flags.decoys.liquidatedServesLive],
      ['phoenix', truth.flags.phoenix, truth.flags.decoys.phoenix],
      ['no-activity-many-sites', truth.flags.noActivityManySites, truth.flags.decoys.noActivityManySites],
    ];
    const flaggedBy = (rule: string) => new Set(hits.filter((h) => h.rule === rule).map((h) => h.record.id));
    const missed = planted.flatMap(([rule, ids]) => ids.filter((id) => !flaggedBy(rule).has(id)).map((id) => `${rule} company#${id}`));
    const decoys = planted.flatMap(([rule, , ids]) => ids.filter((id) => flaggedBy(rule).has(id)).map((id) => `${rule} company#${id}`));
    section.figures.push({
      name: 'planted red flags found; decoys flagged',
      value: `${planted.reduce((n, [, ids]) => n + ids.length, 0) - missed.length} of ${planted.reduce((n, [, ids]) => n + ids.length, 0)}${missed.length ? ` (missed ${missed.join(', ')})` : ''}; ${decoys.length}${decoys.length ? ` (${decoys.join(', ')})` : ''}`,
      target: 'all; 0',
      pass: missed.length === 0 && decoys.length === 0,
    });

    const resolve = await runMeasuredCli('findings-resolve', ['resolve', '--json'], neo.env);
    if (resolve.error) throw new Error(`resolve: ${resolve.error}`);
    const candidates = (JSON.parse(resolve.stdout) as { candidates: CandidateSides[] }).candidates;
    section.figures.push({
      name: '`resolve --json` over the same graph: wall time, peak RSS',
      value: `${fmt.s(resolve.wallMs)}, ${resolve.maxRssKb ? fmt.mb(resolve.maxRssKb) : 'n/a'}; ${fmt.int(candidates.length)} candidates`,
    });
    const spelled = measureSpellings(truth.spellings, (id) => graph.node(id)?.key as string, candidates);
    section.figures.push({
      name: 'resolve on the planted name variants (transliterations, legal forms, initials, word order): precision, recall',
      value: `${spelled.precision.toFixed(3)}, ${spelled.recall.toFixed(3)} (${spelled.found} of ${spelled.positives} pairs; ${spelled.wrong.length} wrong${spelled.missed.length ? `; missed ${spelled.missed.join(', ')}` : ''})`,
      target: '>= 0.95, >= 0.9',
      pass: spelled.precision >= 0.95 && spelled.recall >= 0.9,
    });
    return section;
  } finally {
    await sandbox.close();
  }
}
