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
 * child process over the whole graph (networks over the crawl too), wall time and peak RSS; and whether they are right at
 * that size: every planted network found with >= 90 % of its members in one network and none mixed with another, in
 * both scope forms; every planted red flag found, no decoy flagged and no other rule firing on the patterns. The truth is the same function the sandbox planted with, run here.
 */
export async function findingsBenchmark(neo: BenchNeo4j, records: number): Promise<Section> {
  const seed = 3;
  const { graph, truth } = plantNetworks({ records, seed });
  const section: Section = {
    title: '6. Networks and red flags over a planted world',
    method: [
      `\`landing-graph sandbox --plant --records ${fmt.int(records)} --seed ${seed}\` (its ${fmt.int(graph.recordCount)} records: the generated world and, above its ids, six planted networks of 18 records sharing Cloudflare's and a hosting company's name servers and a hosting IP with strangers, three small ones of 4 records tied to each other by a hosting company's name servers only, 200 fillers, the red-flag patterns with their decoys and 24 labelled name variants with near misses). ` +
        `The CLI crawls every company to depth 1 (unthrottled), then runs \`flags --json\` (writing the flags), \`networks --json\` over the whole graph and over the crawl (\`--crawl <id>\`), and \`resolve --json\` as child processes; peak RSS is the process's own VmHWM read at exit (bench/rss-probe.ts).`,
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

    // flags first, as an analyst runs them (writing :Flag nodes), so that networks ranks by them.
    const flags = await runMeasuredCli('findings-flags', ['flags', '--json'], neo.env);
    if (flags.error) throw new Error(`flags: ${flags.error}`);
    const hits = (JSON.parse(flags.stdout) as { flags: { rule: string; record: Member }[] }).flags;
    const byRule = new Map<string, number>();
    for (const h of hits) byRule.set(h.rule, (byRule.get(h.rule) ?? 0) + 1);
    section.figures.push({
      name: `\`flags --json\` (every rule, writing :Flag nodes) over the whole ${fmt.int(graph.recordCount)}-record graph: wall time, peak RSS`,
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
    // Every company of the flag patterns fires only the rule planted for it, whichever of the eight rules.
    const plantedFor = new Map<number, string>(planted.flatMap(([rule, ids]) => ids.map((id) => [id, rule] as [number, string])));
    const patternCompanies = new Set(truth.flags.companies);
    const stray = hits.filter(
      (h) => h.record.kind === 'company' && patternCompanies.has(h.record.id ?? -1) && plantedFor.get(h.record.id ?? -1) !== h.rule,
    );
    const patterns = planted.reduce((n, [, ids]) => n + ids.length, 0);
    section.figures.push({
      name: 'planted red flags found; decoys flagged; other rules firing on the patterns',
      value: `${patterns - missed.length} of ${patterns}${missed.length ? ` (missed ${missed.join(', ')})` : ''}; ${decoys.length}${decoys.length ? ` (${decoys.join(', ')})` : ''}; ${stray.length}${stray.length ? ` (${stray.map((h) => `${h.rule} company#${h.record.id}`).join(', ')})` : ''}`,
      target: 'all; 0; 0',
      pass: missed.length === 0 && decoys.length === 0 && stray.length === 0,
    });

    // The large planted networks and the three small ones tied to each other by name servers only.
    const plantedNetworks = [...truth.networks, ...truth.smallNetworks];
    const keyOf = (m: Member) => (m.key ? `${m.kind}:${m.key}` : `${m.kind}#${m.id ?? ''}`);
    const plantedOf = new Map<string, number>();
    plantedNetworks.forEach((n, i) => {
      for (const m of n.members) plantedOf.set(keyOf(m), i);
    });
    const judge = (found: { members: Member[] }[]) => {
      const whole = plantedNetworks.filter((n) => {
        const keys = new Set(n.members.map(keyOf));
        return Math.max(0, ...found.map((f) => f.members.filter((m) => keys.has(keyOf(m))).length)) / keys.size >= 0.9;
      }).length;
      const mixed = found.filter(
        (f) => new Set(f.members.map((m) => plantedOf.get(keyOf(m))).filter((p) => p !== undefined)).size > 1,
      ).length;
      return { whole, mixed };
    };
    // Both engines side by side on the same graph: the database's (Graph Data Science) and this process's.
    const partitions = new Map<string, string[]>();
    for (const [name, scopeArgs] of [
      ['the whole graph', []],
      ['`--crawl <id>` (the crawl above)', ['--crawl', exit.summary.crawlId]],
    ] as const)
      for (const engine of ['gds', 'memory'] as const) {
        const args = ['networks', ...scopeArgs, '--engine', engine, '--json'];
        const networks = await runMeasuredCli(`findings-networks-${engine}-${scopeArgs.length}`, args, neo.env);
        if (networks.error) throw new Error(`networks --engine ${engine}: ${networks.error}`);
        const found = (JSON.parse(networks.stdout) as { networks: { members: Member[]; flagged: Record<string, number> }[] }).networks;
        partitions.set(`${name} ${engine}`, found.map((f) => f.members.map(keyOf).sort().join(' ')).sort());
        const flagged = found.filter((n) => Object.values(n.flagged).some((count) => count > 0)).length;
        section.figures.push({
          name: `\`${args.join(' ').replace(exit.summary.crawlId, '<id>')}\` over ${name}: wall time, peak RSS`,
          value: `${fmt.s(networks.wallMs)}, ${networks.maxRssKb ? fmt.mb(networks.maxRssKb) : 'n/a'}; ${fmt.int(found.length)} networks, ${fmt.int(flagged)} with flagged members (ranked first)`,
        });
        const { whole, mixed } = judge(found);
        section.figures.push({
          name: `over ${name}, engine ${engine}: planted networks found with >= 90 % of their members in one network; networks holding two planted networks`,
          value: `${whole} of ${plantedNetworks.length}; ${mixed}`,
          target: `${plantedNetworks.length} of ${plantedNetworks.length}; 0`,
          pass: whole === plantedNetworks.length && mixed === 0,
        });
      }
    for (const name of ['the whole graph', '`--crawl <id>` (the crawl above)']) {
      const gds = new Set(partitions.get(`${name} gds`)!);
      const memory = new Set(partitions.get(`${name} memory`)!);
      const differ = [...gds].filter((n) => !memory.has(n)).length + [...memory].filter((n) => !gds.has(n)).length;
      section.figures.push({
        name: `over ${name}: networks (member sets) that one engine finds and the other does not`,
        value: `${fmt.int(differ)} (gds ${fmt.int(gds.size)}, memory ${fmt.int(memory.size)})`,
      });
    }

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
