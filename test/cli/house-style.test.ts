import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/cli/commands.js';
import { applyHouseStyle } from '../../src/cli/house-style.js';

/** A program with every command, styled as main() styles it, whose output is captured. */
async function program(): Promise<{ program: Command; out: string[] }> {
  const out: string[] = [];
  const root = new Command('landing-graph');
  await registerCommands(root, ['node', 'landing-graph']);
  applyHouseStyle(root);
  const capture = (c: Command) => {
    c.configureOutput({ ...c.configureOutput(), writeOut: (s) => out.push(s), writeErr: (s) => out.push(s) });
    for (const sub of c.commands) capture(sub);
  };
  capture(root);
  return { program: root, out };
}

describe('one style for every command', () => {
  it('a usage error commander finds reads like ours, on every command, nested ones included', async () => {
    for (const args of [
      ['crawl', '--depth'],
      ['export', '--bogus'],
      ['sandbox', 'evolve', '--nope'],
    ]) {
      const { program: root, out } = await program();
      await expect(root.parseAsync(['node', 'landing-graph', ...args])).rejects.toMatchObject({ exitCode: 1 });
      expect(out.join(''), args.join(' ')).toMatch(/^landing-graph: CONFIG_INVALID: (option '.*' argument missing|unknown option '--\w+')/);
    }
  });

  it('--help shows every default one way: (default: value), unquoted', async () => {
    const { program: root } = await program();
    const helps = [root, ...root.commands, ...root.commands.flatMap((c) => c.commands)].map((c) => c.helpInformation());
    const text = helps.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('(default: 7d)');
    expect(text).toContain('(default: NEO4J_URI, else the local Neo4j)');
    expect(text).not.toMatch(/\(default: "/);
    expect(text).not.toMatch(/\(default [^:]/);
    expect(text).not.toMatch(/[;,] default/);
  });
});
