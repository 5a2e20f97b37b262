import { Command } from 'commander';
import {
  bindParams,
  findQuery,
  formatQueryList,
  formatResult,
  loadQueries,
  pictureScript,
  renderBrowserGuide,
  resolveParams,
  runQuery,
} from '../../query/index.js';
import { repeatable, usage } from '../options.js';
import { graphOptions, logLine as log, withGraph } from './with-graph.js';

interface QueryFlags {
  list?: boolean;
  param?: string[];
  json?: boolean;
  csv?: boolean;
  browserGuide?: boolean;
  picture?: boolean;
  neo4jUri?: string;
  neo4jDatabase?: string;
}

/**
 * `landing-graph query <name> --param k=v ... [--json|--csv]`, `query <name> --picture`, `query --list`,
 * `query --browser-guide`: parse, call the library, print.
 */
export function queryCommand(): Command {
  const command = new Command('query')
    .description('Run a query of the investigation library (cypher/queries) read-only and print its rows')
    .argument('[name]', 'the query (see --list)')
    .option('--list', 'list the queries: name, title, parameters (with --json: their full definitions)')
    .option('-p, --param <name=value>', 'a parameter of the query (repeatable; a list is comma-separated)', repeatable)
    .option('--json', 'rows as a JSON array')
    .option('--csv', 'rows as CSV (RFC 4180)')
    .option('--browser-guide', 'print the library as a Neo4j Browser guide: > browser/guide.html')
    .option('--picture', "print the query's picture form for Neo4j Browser (:param lines, then the statement) instead of running it");
  return graphOptions(command).action(async (name: string | undefined, flags: QueryFlags) => {
    if (flags.json && flags.csv) throw usage('give --json or --csv, not both');
    if ((flags.list || flags.browserGuide) && name !== undefined)
      throw usage(`--list and --browser-guide take no query name, got ${JSON.stringify(name)}`);
    if (flags.picture && (flags.list || flags.browserGuide)) throw usage('--picture takes a query name, not --list or --browser-guide');
    const queries = loadQueries();
    if (flags.browserGuide) {
      process.stdout.write(renderBrowserGuide(queries));
      return;
    }
    if (flags.list) {
      process.stdout.write(formatQueryList(queries, flags.json ? 'json' : 'table'));
      return;
    }
    if (name === undefined) throw usage('name a query to run (landing-graph query --list shows them)');
    const query = findQuery(queries, name);
    if (flags.picture) {
      if (flags.json || flags.csv) throw usage('--picture prints Cypher: give no --json or --csv');
      process.stdout.write(pictureScript(query, resolveParams(query, flags.param ?? [])));
      return;
    }
    const params = bindParams(query, flags.param ?? []);
    await withGraph(flags, { applySchema: false }, async (graph) => {
      const result = await runQuery(graph.driver, query, params, { database: graph.database });
      const format = flags.json ? 'json' : flags.csv ? 'csv' : 'table';
      process.stdout.write(formatResult(result, format));
      if (format === 'table') log(`${result.rows.length} ${result.rows.length === 1 ? 'row' : 'rows'}`);
    });
  });
}
