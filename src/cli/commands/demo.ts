import { Command } from 'commander';
import { z } from 'zod';
import type { LandingRef } from '../../api/refs.js';
import { parseCrawlOptions } from '../../crawl/options.js';
import { parseSeed } from '../../api/seeds.js';
import { LandingGraphError } from '../../errors.js';
import { type Sandbox, startSandbox } from '../../sandbox/index.js';
import { readConfig } from '../config.js';
import { parseOptions, wholeNumber } from '../options.js';
import { logLine as log, withGraph } from './with-graph.js';
import { crawlOnStderr } from '../crawl-on-stderr.js';

/**
 * `landing-graph demo`: the README's main command. With LANDING_BASE_URL and LANDING_API_KEY it crawls
 * the real service from the given seeds; otherwise it starts the built-in sandbox and crawls from a few
 * of its seeds. Neo4j: NEO4J_URI, else the local one.
 */
const optionsSchema = z.object({ records: wholeNumber('--records', 1, 1_000_000) });

export function demoCommand(): Command {
  return new Command('demo')
    .description(
      'The main job on defaults: crawl (depth 2) the service, or the built-in sandbox when no API key is set, into Neo4j (NEO4J_URI or a local one)',
    )
    .argument('[seed...]', 'seeds (required with a real service; the sandbox picks its own)')
    .option('--records <n>', 'records in the sandbox graph', '2000')
    .action(async (seedArgs: string[], flags: Record<string, unknown>) => {
      const o = parseOptions(optionsSchema, flags);
      const config = readConfig(process.env);
      await withGraph({}, { applySchema: true }, async (graph) => {
        let sandbox: Sandbox | undefined;
        try {
          // Inside the try: a sandbox that fails to start must not be left running.
          sandbox = config.service ? undefined : await startSandbox({ records: o.records, seed: 1 });
          let seeds: LandingRef[] = seedArgs.map(parseSeed);
          const service = config.service ?? { baseUrl: sandbox!.url, apiKey: sandbox!.apiKey };
          if (sandbox) {
            const g = sandbox.graph;
            const company = g.node(g.ids('company')[0]!)!;
            const domain = g.node(g.ids('domain')[1]!)!;
            const email = g.node(g.ids('email')[2]!)!;
            seeds = [
              { kind: 'company', key: company.key! },
              { kind: 'domain', key: domain.key! },
              { kind: 'email', key: email.key! },
            ];
            log(`demo: no LANDING_API_KEY, so the built-in sandbox of the service (${g.recordCount} records) at ${sandbox.url}`);
          } else if (seeds.length === 0) {
            throw new LandingGraphError(
              'SEED_INVALID',
              'demo against a real service needs seeds, e.g. landing-graph demo domain:example.com',
            );
          }
          log(`demo: crawling ${seeds.map((s) => (s.id !== undefined ? `${s.kind}#${s.id}` : `${s.kind}:${s.key}`)).join(' ')} to depth 2`);
          const result = await crawlOnStderr(
            {
              service,
              driver: graph.driver,
              database: graph.database,
              seeds,
              options: parseCrawlOptions({ maxDepth: 2 }),
              requestsPerSecond: sandbox ? 200 : 10,
              concurrency: 8,
            },
            process.stderr,
          );
          process.stdout.write(
            [
              `demo: crawl ${result.crawlId} ${result.alreadyComplete ? 'was already complete' : result.status}: ${result.totals.fetched} records fetched.`,
              `Look at it in ${graph.where}`,
              'For the style and the query guide in Neo4j Browser, run `npx landing-graph browser` and type the two lines it prints.',
              'Or try in Neo4j Browser:',
              '  MATCH (c:Company)-[r]-(n:Landing) WHERE r.removedAt IS NULL RETURN c, r, n LIMIT 100',
              '  MATCH (n:Landing) RETURN n.kind AS kind, n.status AS status, count(*) AS nodes ORDER BY kind, status',
              '',
            ].join('\n'),
          );
        } finally {
          await sandbox?.close();
        }
      });
    });
}
