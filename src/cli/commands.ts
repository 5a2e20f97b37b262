import type { Command } from 'commander';
import { demoCommand } from './demo.js';

export function registerCommands(program: Command): void {
  program.addCommand(demoCommand());
}
