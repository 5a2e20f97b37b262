import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';

/**
 * Every command, loaded only when it is run: `query` does not load the sandbox or the crawler. Each entry names
 * its module under commands/ and its page under docs/ (shown at the end of its --help).
 */
const COMMANDS: Record<string, { load: () => Promise<Command>; docs: string }> = {
  crawl: { load: async () => (await import('./commands/crawl.js')).crawlCommand(), docs: 'crawl.md' },
  demo: { load: async () => (await import('./commands/demo.js')).demoCommand(), docs: 'sandbox.md' },
  query: { load: async () => (await import('./commands/query.js')).queryCommand(), docs: 'query.md' },
  sandbox: { load: async () => (await import('./commands/sandbox.js')).sandboxCommand(), docs: 'sandbox.md' },
  export: { load: async () => (await import('./commands/export.js')).exportCommand(), docs: 'export.md' },
  load: { load: async () => (await import('./commands/load.js')).loadCommand(), docs: 'load.md' },
  changes: { load: async () => (await import('./commands/changes.js')).changesCommand(), docs: 'changes.md' },
  networks: { load: async () => (await import('./commands/networks.js')).networksCommand(), docs: 'networks.md' },
  resolve: { load: async () => (await import('./commands/resolve.js')).resolveCommand(), docs: 'resolve.md' },
  flags: { load: async () => (await import('./commands/flags.js')).flagsCommand(), docs: 'flags.md' },
  screen: { load: async () => (await import('./commands/screen.js')).screenCommand(), docs: 'screen.md' },
  worker: { load: async () => (await import('./commands/worker.js')).workerCommand(), docs: 'crawl.md' },
  status: { load: async () => (await import('./commands/status.js')).statusCommand(), docs: 'crawl.md' },
  browser: { load: async () => (await import('./commands/browser.js')).browserCommand(), docs: 'query.md' },
};

/** The package's docs/ folder (two folders up from src/cli and dist/cli alike). */
const DOCS = fileURLToPath(new URL('../../docs/', import.meta.url));

/**
 * Add the commands to the program: only the one named in `argv` when it names one (the common case), else all of
 * them (for the program's --help and for an unknown command's error).
 */
export async function registerCommands(program: Command, argv: readonly string[]): Promise<void> {
  const named = argv.slice(2).find((arg) => !arg.startsWith('-'));
  const names = named !== undefined && named in COMMANDS ? [named] : Object.keys(COMMANDS);
  for (const name of names) {
    const entry = COMMANDS[name]!;
    const command = await entry.load();
    command.addHelpText('after', `\nMore: ${DOCS}${entry.docs}`);
    program.addCommand(command);
  }
}
