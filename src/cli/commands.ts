import type { Command } from 'commander';
import { changesCommand } from './commands/changes.js';
import { crawlCommand } from './commands/crawl.js';
import { demoCommand } from './commands/demo.js';
import { exportCommand } from './commands/export.js';
import { loadCommand } from './commands/load.js';
import { networksCommand } from './commands/networks.js';
import { queryCommand } from './commands/query.js';
import { resolveCommand } from './commands/resolve.js';
import { sandboxCommand } from './commands/sandbox.js';

export function registerCommands(program: Command): void {
  program.addCommand(crawlCommand());
  program.addCommand(demoCommand());
  program.addCommand(queryCommand());
  program.addCommand(sandboxCommand());
  program.addCommand(exportCommand());
  program.addCommand(loadCommand());
  program.addCommand(changesCommand());
  program.addCommand(networksCommand());
  program.addCommand(resolveCommand());
}
