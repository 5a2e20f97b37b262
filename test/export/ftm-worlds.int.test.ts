import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect } from 'vitest';
import type { LandingRef } from '../../src/api/refs.js';
import { exportSubgraph } from '../../src/export/index.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';
import { type SandboxGraph, startSandbox } from '../../src/sandbox/index.js';
import { crawlSandbox, graphTest as test } from '../support/fixtures.js';
import { findFtm } from '../support/ftm.js';
import { resetGraph, testConnection } from '../support/neo4j.js';

const run = promisify(execFile);
const OUT = path.join(import.meta.dirname, 'out', 'ftm-worlds');

/**
 * The demo's seeds, as `landing-graph demo` picks them (src/cli/commands/demo.ts); it crawls them to depth 2, and the
 * export takes depth 1, as the README's (depth 2 of three seeds passes the export's 5,000 nodes).
 */
function demoWorld(graph: SandboxGraph): LandingRef[] {
  return [
    { kind: 'company', key: graph.node(graph.ids('company')[0]!)!.key! },
    { kind: 'domain', key: graph.node(graph.ids('domain')[1]!)!.key! },
    { kind: 'email', key: graph.node(graph.ids('email')[2]!)!.key! },
  ];
}

/**
 * The FtM export of the two worlds a user meets first, the demo's and the planted one (`sandbox --plant`), read back
 * by the real followthemoney library: `ftm validate` cleans every value and writes the entities again; nothing may be
 * refused, dropped or rewritten (an INN or OGRN whose check digits fail would be missing from its output).
 */
describe('FtM export of the demo and the planted world: ftm validate accepts every entity as written', () => {
  const planted = plantNetworks();
  const worlds = [
    { name: 'demo', graph: undefined, records: 2000, seed: 1, crawlDepth: 2 },
    { name: 'planted', graph: planted.graph, records: undefined, seed: undefined, crawlDepth: 1 },
  ] as const;

  for (const world of worlds) {
    test(`the ${world.name} world`, async ({ driver }) => {
      const sandbox = await startSandbox(world.graph ? { graph: world.graph } : { records: world.records, seed: world.seed });
      try {
        await resetGraph(driver);
        const seeds = world.graph ? planted.truth.seeds : demoWorld(sandbox.graph);
        await crawlSandbox(driver, sandbox, seeds, world.crawlDepth);
        await mkdir(OUT, { recursive: true });
        const file = path.join(OUT, `${world.name}.ftm.json`);
        await exportSubgraph(driver, { seeds, depth: 1, format: 'ftm', out: file }, { database: testConnection().database });
        const written = (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '');
        const { stdout, stderr } = await run(findFtm(), ['validate', '-i', file], { maxBuffer: 256 * 1024 * 1024 });
        expect(stderr).toBe('');
        const validated = stdout.split('\n').filter((line) => line !== '');
        const brief = (line: string) => {
          const { id, schema, properties } = JSON.parse(line) as { id: string; schema: string; properties: unknown };
          return { id, schema, properties };
        };
        expect(written.length).toBeGreaterThan(100);
        expect(validated.map(brief)).toEqual(written.map(brief));
        const schemata = new Set(written.map((line) => brief(line).schema));
        for (const schema of ['Company', 'Person', 'Directorship', 'Ownership', 'Address']) expect(schemata, schema).toContain(schema);
      } finally {
        await sandbox.close();
      }
    });
  }
});
