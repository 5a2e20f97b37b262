import { Command } from 'commander';
import { z } from 'zod';
import { loadQueries } from '../../query/index.js';
import { startBrowserServer } from '../../query/browser-server.js';
import { nonEmpty, parseOptions, wholeNumber } from '../options.js';

const optionsSchema = z.object({
  port: wholeNumber('--port', 0, 65535).default(8000),
  host: nonEmpty('--host').default('127.0.0.1'),
});

/** `landing-graph browser`: serve the query guide and the graph style to Neo4j Browser until SIGINT or SIGTERM. */
export function browserCommand(): Command {
  return new Command('browser')
    .description('Serve the query guide and the graph style to Neo4j Browser (:play and :style) until Ctrl-C')
    .option('--port <n>', 'port (0: any free port) (default: 8000)')
    .option('--host <host>', 'interface to listen on; 0.0.0.0 inside a container (default: 127.0.0.1)')
    .action(async (raw: Record<string, string | undefined>) => {
      const options = parseOptions(optionsSchema, raw);
      const server = await startBrowserServer(loadQueries(), options);
      // The style first: the guide's pictures are drawn in it from the first slide on (the README's order).
      process.stdout.write(`landing-graph browser: in Neo4j Browser type\n  ${server.style}\n  ${server.play}\n`);
      const stopped = new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      });
      await stopped;
      await server.close();
      process.stderr.write('landing-graph browser: stopped\n');
    });
}
