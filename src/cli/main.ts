#!/usr/bin/env -S node --max-old-space-size=256 --max-semi-space-size=8
import { Command, CommanderError } from 'commander';
import { EXIT, exitFor } from './exit-codes.js';
import { registerCommands } from './commands.js';
import { applyHouseStyle } from './house-style.js';
import { toolInfo } from '../render/provenance.js';

// The shebang bounds V8's heap: a crawl's live heap stays under ~70 MB, but with the default limits V8
// lets garbage pile up (peak RSS 335 MB at 5,000 records; 181 MB with these flags, same throughput). The young
// generation is 8 MB since records are settled in a worker thread (crawl/settle-thread.ts), where most of the
// garbage now is: a 10,000-record crawl peaked at 284 MB with 16 MB, 257 MB with 8, at the same records per second.

/** The CLI is thin: parse, call the library, map errors to exit codes here and nowhere else. */
async function main(argv: string[]): Promise<number> {
  const program = new Command('landing-graph')
    .description('Crawl the landing lookup service breadth-first into Neo4j for fraud and affiliation investigations.')
    .version(toolInfo().version)
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

process.exitCode = await main(process.argv);
