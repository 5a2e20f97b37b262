import type { Command } from 'commander';
import { changesCommand } from '../changes/command.js';
import { crawlCommand } from './crawl-command.js';
import { demoCommand } from './demo.js';
import { exportCommand } from './export-command.js';
import { loadCommand } from './load-command.js';
import { networksCommand } from './networks-command.js';
import { queryCommand } from './query-command.js';
import { resolveCommand } from './resolve-command.js';
import { sandboxCommand } from '../sandbox/command.js';

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
