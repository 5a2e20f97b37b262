import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { z } from 'zod';
import { quoteValue } from '../../errors.js';
import {
  applyDecisions,
  candidatesCsv,
  candidatesJson,
  candidatesTable,
  crowdedLine,
  DEFAULT_RESOLVE_OPTIONS,
  findCandidates,
  mergeCandidates,
  parseDecisionLines,
  settleDecisionFile,
  undoDecisions,
} from '../../resolve/index.js';
import { parseOptions, usage, wholeNumber } from '../options.js';
import { graphOptions, logLine as log, withGraph } from './with-graph.js';

const optionsSchema = z.object({
  out: z.string().min(1).optional(),
  apply: z.string().min(1).optional(),
  undo: z.string().min(1).optional(),
  json: z.boolean().default(false),
  csv: z.boolean().default(false),
  maxNamesakes: wholeNumber('--max-namesakes', 2),
  maxShared: wholeNumber('--max-shared', 1),
  minScore: z.coerce
    .number({ error: '--min-score must be a number from 0 to 1' })
    .min(0, { error: '--min-score must be a number from 0 to 1' })
    .max(1, { error: '--min-score must be a number from 0 to 1' }),
  neo4jUri: z.string().optional(),
  neo4jDatabase: z.string().optional(),
});

async function readDecisionFile(file: string, missingOk: boolean): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (missingOk && (error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw usage(`cannot read the decision file ${quoteValue(file)}: ${(error as Error).message}`);
  }
}

/** `landing-graph resolve [--out FILE] [--json] | --apply FILE | --undo FILE`: parse, call, print. */
export function resolveCommand(): Command {
  const command = new Command('resolve')
    .description(
      "List entities that are probably the same but share no identifier (same company name and address, same person name sharing a company), with the evidence; apply an analyst's decision file as SAME_AS relationships, or undo it",
    )
    .option('--out <file>', 'add the candidates to this decision file (JSON Lines, decision "pending"); its lines are kept as written')
    .option('--apply <file>', 'apply a decision file: SAME_AS for accepted pairs, rejected pairs not proposed again')
    .option('--undo <file>', 'undo the pairs of a decision file: remove their SAME_AS, keep the decisions as "undone"')
    .option('--json', 'the candidates as JSON')
    .option('--csv', 'the candidates as CSV for a spreadsheet (formulas neutralised)')
    .option(
      '--max-namesakes <n>',
      'a name held by more companies or persons proposes nothing',
      String(DEFAULT_RESOLVE_OPTIONS.maxNamesakes),
    )
    .option(
      '--max-shared <n>',
      'an identifier shared by more records does not tie two companies (a hub)',
      String(DEFAULT_RESOLVE_OPTIONS.maxShared),
    )
    .option('--min-score <s>', 'leave out candidates scoring lower', String(DEFAULT_RESOLVE_OPTIONS.minScore));
  return graphOptions(command).action(async (flags: Record<string, unknown>) => {
    const o = parseOptions(optionsSchema, flags);
    if ([o.out, o.apply, o.undo].filter((f) => f !== undefined).length > 1) throw usage('give one of --out, --apply and --undo');
    if ((o.json || o.csv) && (o.apply !== undefined || o.undo !== undefined))
      throw usage('--json and --csv list candidates; they do not go with --apply or --undo');
    if (o.json && o.csv) throw usage('--json or --csv: one output at a time');
    const file = o.apply ?? o.undo;
    // A decision file that is bad on its face stops before Neo4j is touched; its hand-written sides need the graph.
    const lines = file === undefined ? [] : parseDecisionLines(await readDecisionFile(file, false), file);
    const existing = o.out === undefined ? '' : await readDecisionFile(o.out, true);
    const existingLines = o.out === undefined ? [] : parseDecisionLines(existing, o.out);
    await withGraph(o, { applySchema: file !== undefined }, async (graph) => {
      const options = { database: graph.database };
      const decisions = file === undefined ? [] : await settleDecisionFile(graph.driver, lines, file, options);
      const known = o.out === undefined ? [] : await settleDecisionFile(graph.driver, existingLines, o.out, options);
      if (o.apply !== undefined) {
        const r = await applyDecisions(graph.driver, decisions, path.basename(o.apply), new Date(), options);
        process.stdout.write(
          `applied ${o.apply}: ${r.accepted} accepted (SAME_AS written), ${r.rejected} rejected, ${r.reverted} set back to pending, ${r.unchanged} unchanged, ${r.pending} pending\n`,
        );
        if (r.missing.length > 0)
          log(`not in the graph, not applied (${r.missing.length}): ${r.missing.map((m) => quoteValue(m)).join(', ')}`);
        return;
      }
      if (o.undo !== undefined) {
        const r = await undoDecisions(graph.driver, decisions, path.basename(o.undo), new Date(), options);
        process.stdout.write(`undid ${o.undo}: ${r.undone} decisions undone, ${r.sameAsRemoved} SAME_AS removed\n`);
        return;
      }
      const result = await findCandidates(graph.driver, {
        database: graph.database,
        maxNamesakes: o.maxNamesakes,
        maxShared: o.maxShared,
        minScore: o.minScore,
      });
      process.stdout.write(o.json ? candidatesJson(result) : o.csv ? candidatesCsv(result) : candidatesTable(result));
      log(crowdedLine(result.crowded, o.maxNamesakes));
      if (o.out !== undefined) {
        const merged = mergeCandidates(existing, known, result.candidates);
        const temporary = `${o.out}.${process.pid}.tmp`;
        await writeFile(temporary, merged.content, 'utf8');
        await rename(temporary, o.out);
        log(
          `${o.out}: ${merged.added} new pending ${merged.added === 1 ? 'pair' : 'pairs'} added; edit "decision" to "accept" or "reject", then resolve --apply ${o.out}`,
        );
      }
      log(
        `${result.candidates.length} ${result.candidates.length === 1 ? 'candidate' : 'candidates'} (pairs already accepted or rejected are not proposed)`,
      );
    });
  });
}
