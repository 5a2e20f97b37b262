import { Command, Option } from 'commander';
import { LandingGraphError } from '../../errors.js';
import { bindParams, findQuery, formatQueryList, formatResult, loadQueries, renderBrowserGuide, runQuery } from '../../query/index.js';
import { readConfig } from '../config.js';
import { openGraph } from '../neo4j.js';

interface QueryFlags {
  list?: boolean;
  param?: string[];
  json?: boolean;
  csv?: boolean;
  browserGuide?: boolean;
  neo4jUri?: string;
  neo4jDatabase?: string;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

function usage(message: string): LandingGraphError {
  return new LandingGraphError('CONFIG_INVALID', message);
}

/** `landing-graph query <name> --param k=v ... [--json|--csv]`, `query --list`, `query --browser-guide`: parse, call the library, print. */
export function queryCommand(): Command {
  return new Command('query')
    .description('Run a query of the investigation library (cypher/queries) read-only and print its rows')
    .argument('[name]', 'the query (see --list)')
    .option('--list', 'list the queries: name, title, parameters (with --json: their full definitions)')
    .option('-p, --param <name=value>', 'a parameter of the query (repeatable; a list is comma-separated)', collect)
    .option('--json', 'rows as a JSON array')
    .option('--csv', 'rows as CSV (RFC 4180)')
    .option('--browser-guide', 'print the library as a Neo4j Browser guide: > browser/guide.html')
    .addOption(new Option('--neo4j-uri <uri>', 'default: NEO4J_URI, else the local Neo4j'))
    .addOption(new Option('--neo4j-database <name>', 'default: NEO4J_DATABASE'))
    .action(async (name: string | undefined, flags: QueryFlags) => {
      if (flags.json && flags.csv) throw usage('give --json or --csv, not both');
      if ((flags.list || flags.browserGuide) && name !== undefined)
        throw usage(`--list and --browser-guide take no query name, got ${JSON.stringify(name)}`);
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
      const params = bindParams(query, flags.param ?? []);
      const config = readConfig(process.env, flags);
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const graph = await openGraph(config.neo4j, log, { applySchema: false });
      try {
        const result = await runQuery(graph.driver, query, params, { database: graph.database });
        const format = flags.json ? 'json' : flags.csv ? 'csv' : 'table';
        process.stdout.write(formatResult(result, format));
        if (format === 'table') log(`${result.rows.length} ${result.rows.length === 1 ? 'row' : 'rows'}`);
      } finally {
        await graph.driver.close();
      }
    });
}
