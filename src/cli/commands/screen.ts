import { Command } from 'commander';
import { z } from 'zod';
import { computeFlags } from '../../flags/index.js';
import { checkListHead, screenJson, screenList, screenSummary } from '../../screen/index.js';
import { parseOptions } from '../options.js';
import { graphOptions, logLine as log, withGraph } from './with-graph.js';

const optionsSchema = z.object({
  name: z.string().trim().min(1, { error: '--name needs a list name' }).optional(),
  json: z.boolean().default(false),
  neo4jUri: z.string().optional(),
  neo4jDatabase: z.string().optional(),
});

/** `landing-graph screen <list> [--name NAME] [--json]`: parse, call, print. */
export function screenCommand(): Command {
  const command = new Command('screen')
    .description(
      "Screen the graph's companies and people against a watch list (FtM JSON lines as OpenSanctions publishes them, or CSV with name / INN / OGRN columns; gzip accepted): write each hit as evidence, retire the list's earlier hits not found again, and flag them (rule listed)",
    )
    .argument('<list>', 'the list file')
    .option(
      '--name <name>',
      "the list's name, which ties a newer file to the hits of an older one (default: the file's name without its endings)",
    )
    .option('--json', 'as JSON: the counts, every hit and every retired hit');
  return graphOptions(command).action(async (file: string, flags: Record<string, unknown>) => {
    const o = parseOptions(optionsSchema, flags);
    await checkListHead(file);
    await withGraph(o, { applySchema: true }, async (graph) => {
      const result = await screenList(graph.driver, file, { database: graph.database, name: o.name });
      // The hits become flags of rule `listed` at once, as `flags` would write them, with their history.
      const flagged = await computeFlags(graph.driver, { type: 'all' }, { database: graph.database, rules: ['listed'] });
      process.stdout.write(o.json ? screenJson(result) : screenSummary(result));
      log(
        `${flagged.flags.length} ${flagged.flags.length === 1 ? 'company' : 'companies'} flagged listed (landing-graph flags shows them)`,
      );
    });
  });
}
