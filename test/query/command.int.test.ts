import { Command } from 'commander';
import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exitFor } from '../../src/cli/exit-codes.js';
import { queryCommand } from '../../src/cli/commands/query.js';
import { renderBrowserGuide } from '../../src/query/browser-guide.js';
import { loadQueries } from '../../src/query/library.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';
import { buildInvestigationGraph } from './graph-fixture.js';

/** Run `landing-graph query ...` in this process against the test Neo4j; stdout and stderr captured. */
async function cli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
  const { uri, username, password, database } = testConnection();
  vi.stubEnv('NEO4J_URI', uri);
  vi.stubEnv('NEO4J_USERNAME', username);
  vi.stubEnv('NEO4J_PASSWORD', password);
  vi.stubEnv('NEO4J_DATABASE', database ?? '');
  try {
    const program = new Command('landing-graph').exitOverride().addCommand(queryCommand());
    await program.parseAsync(['node', 'landing-graph', 'query', ...args]);
    return { stdout: out.join(''), stderr: err.join('') };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    vi.unstubAllEnvs();
  }
}

/** The exit code and line main.ts would give for the error `args` raise. */
async function failure(...args: string[]): Promise<{ exitCode: number; line: string }> {
  try {
    await cli(...args);
  } catch (error) {
    return exitFor(error);
  }
  throw new Error('expected the command to fail');
}

describe('landing-graph query', () => {
  let driver: Driver;

  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
    await buildInvestigationGraph(driver);
  });
  afterAll(async () => driver?.close());

  it('lists the library, as a table or as JSON definitions', async () => {
    const { stdout } = await cli('--list');
    expect(stdout.split('\n')[0]).toMatch(/^name\s+title\s+parameters$/);
    expect(stdout).toContain('shared-officer');
    const json = JSON.parse((await cli('--list', '--json')).stdout) as { name: string }[];
    expect(json.map((q) => q.name)).toEqual(loadQueries().map((q) => q.name));
  });

  it('prints the Browser guide', async () => {
    expect((await cli('--browser-guide')).stdout).toBe(renderBrowserGuide(loadQueries()));
  });

  it('prints a picture form for Browser: the parameters it uses, then its statement', async () => {
    const picture = loadQueries().find((q) => q.name === 'shared-ip')?.picture?.statement;
    expect((await cli('shared-ip', '--picture', '--param', 'limit=5')).stdout).toBe(
      `:param ip => null;\n:param maxShared => 200;\n:param limit => 5;\n${picture};\n`,
    );
    expect(await failure('shared-ip', '--picture', '--json')).toMatchObject({ exitCode: 2 });
    expect(await failure('--list', '--picture')).toMatchObject({ exitCode: 2 });
    expect(await failure('neighbourhood', '--picture')).toMatchObject({ exitCode: 2, line: expect.stringContaining('needs --param kind') });
  });

  it('runs a query with parameters and prints a table, CSV or JSON', async () => {
    const table = await cli('shared-ip', '--param', 'limit=5');
    expect(table.stdout).toMatch(/^ip\s+sharedBy\s+via\s+entities\n-+/);
    expect(table.stdout).toMatch(
      /185\.71\.67\.12\s+2\s+dns\.a; dns\.aWww; websiteResponseHeaders\.hostIp\s+lavka-chaya\.com; lavka-chaya\.ru\n$/,
    );
    expect(table.stderr).toContain('1 row');
    const csv = await cli('shared-officer', '--csv');
    expect(csv.stdout).toBe(
      'person,sharedBy,asManager,asFounder,companies\r\n' +
        'Иванова Мария Петровна (770412345678),2,1,2,"ООО ""Лавка чая"" (7701234567) [founder, manager]; ООО ""Чайная традиция"" (7705555555) [founder]"\r\n',
    );
    const json = JSON.parse((await cli('crawls', '-p', 'crawlId=crawl-old', '--json')).stdout) as unknown[];
    expect(json).toEqual([
      expect.objectContaining({ crawl: 'crawl-old', seeds: ['domain:lavka-chaya.ru'], startedAt: '2026-11-01T10:00:00Z' }),
    ]);
    expect((await cli('shared-ip', '--csv', '-p', 'ip=10.0.0.1')).stdout).toBe('ip,sharedBy,via,entities\r\n');
  });

  it('turns usage mistakes into one-line CONFIG_INVALID errors (exit code 2)', async () => {
    expect(await failure('shared-ip', '--param', 'limit=lots')).toEqual({
      exitCode: 2,
      line: 'landing-graph: CONFIG_INVALID: parameter limit (integer): expected a whole number, got "lots"',
    });
    expect(await failure('shared-ip', '--param', 'colour=red')).toMatchObject({
      exitCode: 2,
      line: expect.stringContaining('has no parameter "colour"'),
    });
    expect(await failure('neighbourhood', '-p', 'kind=domain')).toMatchObject({
      exitCode: 2,
      line: 'landing-graph: CONFIG_INVALID: query neighbourhood needs --param key=… or --param id=…',
    });
    expect(await failure('no-such-query')).toMatchObject({ exitCode: 2, line: expect.stringContaining('no query "no-such-query"') });
    expect(await failure()).toMatchObject({ exitCode: 2, line: expect.stringContaining('name a query') });
    expect(await failure('shared-ip', '--json', '--csv')).toMatchObject({ exitCode: 2 });
    expect(await failure('--list', 'shared-ip')).toMatchObject({ exitCode: 2 });
  });
});
