import { Command, CommanderError } from 'commander';
import { EXIT, exitFor } from './exit-codes.js';
import { registerCommands } from './commands.js';
import { applyHouseStyle } from './house-style.js';
import { toolInfo } from '../render/provenance.js';
import { HEAP_SETTING } from './heap.js';

/** The CLI is thin: parse, call the library, map errors to exit codes here and nowhere else. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command('landing-graph')
    .description('Crawl the landing lookup service breadth-first into Neo4j for fraud and affiliation investigations.')
    .version(toolInfo().version)
    .addHelpText('after', `\nMemory: ${HEAP_SETTING}=<megabytes> sets the JavaScript heap of every command (docs/operations.md#memory).`)
    .exitOverride();
  await registerCommands(program, argv);
  applyHouseStyle(program);
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help'
        ? EXIT.OK
        : EXIT.USAGE;
    }
    const { exitCode, line } = exitFor(error);
    if (line) process.stderr.write(`${line}\n`);
    return exitCode;
  }
}
