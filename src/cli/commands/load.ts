import { Command } from 'commander';
import { z } from 'zod';
import { LANDING_KINDS, type LandingKind } from '../../api/kinds.js';
import { LandingGraphError, quoteValue } from '../../errors.js';
import { readJsonLines } from '../../load/answers.js';
import { answersInGraph } from '../../load/graph-source.js';
import { loadAnswers } from '../../load/loader.js';
import { Neo4jAnswerSink } from '../../load/neo4j-sink.js';
import { parseOptions, wholeNumber } from '../options.js';
import { graphOptions, logLine as log, withGraph } from './with-graph.js';

const optionsSchema = z.object({
  jsonl: z.string().min(1, { error: '--jsonl needs a file name' }).optional(),
  fromGraph: z.boolean().default(false),
  kinds: z.string().default(LANDING_KINDS.join(',')),
  answersPerCommit: wholeNumber('--answers-per-commit', 1),
  json: z.boolean().default(false),
  neo4jUri: z.string().optional(),
  neo4jDatabase: z.string().optional(),
});

/** `landing-graph load --jsonl F | --from-graph`: write answers already fetched, without asking the service. */
export function loadCommand(): Command {
  const command = new Command('load')
    .description(
      'Write answers already fetched into the graph (a JSON-lines file, or the raw text the graph holds), without asking the service',
    )
    .option(
      '--jsonl <file>',
      'one answer a line: {"kind":"domain","raw":"<JSON text as served>"} or {"kind":…,"record":{…}}, optional "fetchedAt"',
    )
    .option(
      '--from-graph',
      're-map the answers the graph holds (after the mapping changed): properties, pivots and links are derived again',
    )
    .option('--kinds <kinds>', 'with --from-graph: kinds to re-map (domain,company,email,phone)', LANDING_KINDS.join(','))
    .option('--answers-per-commit <n>', 'answers written per transaction', '500')
    .option('--json', 'the final statistics as one JSON object on stdout');
  return graphOptions(command).action(async (raw: Record<string, unknown>) => {
    const flags = parseOptions(optionsSchema, raw);
    if ((flags.jsonl === undefined) === (flags.fromGraph !== true))
      throw new LandingGraphError('CONFIG_INVALID', 'give exactly one of --jsonl <file> and --from-graph');
    const kinds = (flags.kinds ?? '').split(',').map((k) => k.trim()) as LandingKind[];
    const unknown = kinds.find((k) => !LANDING_KINDS.includes(k));
    if (unknown !== undefined)
      throw new LandingGraphError('CONFIG_INVALID', `--kinds: unknown kind ${quoteValue(unknown)} (domain, company, email, phone)`);
    await withGraph(flags, { applySchema: true }, async (graph) => {
      const answers = flags.jsonl !== undefined ? readJsonLines(flags.jsonl) : answersInGraph(graph.driver, kinds, graph.database);
      let lastLog = 0;
      const result = await loadAnswers(answers, new Neo4jAnswerSink(graph.driver, graph.database), {
        answersPerCommit: flags.answersPerCommit,
        onProgress: (p) => {
          if (p.elapsedMs - lastLog < 10_000) return;
          lastLog = p.elapsedMs;
          log(`loaded ${p.loaded} answers (${p.invalid} broke the schema), ${((p.loaded * 1000) / p.elapsedMs).toFixed(1)} answers/s`);
        },
      });
      const perSecond = result.elapsedMs > 0 ? (result.loaded * 1000) / result.elapsedMs : 0;
      log(
        `load: ${result.loaded} answers in ${(result.elapsedMs / 1000).toFixed(1)} s (${perSecond.toFixed(1)}/s), ${result.invalid} broke the schema (kept raw); ` +
          `${result.nodes} node and ${result.edges} edge writes; history: ${result.versions} versions, ${result.removed} links retired`,
      );
      if (flags.json) process.stdout.write(`${JSON.stringify({ ...result, answersPerSecond: perSecond })}\n`);
      log(`graph: ${graph.where}`);
    });
  });
}
