import type { Command, Option } from 'commander';

/**
 * One style for every command, nested ones included (commander copies settings only to commands made with
 * `.command()`, ours are made apart and added): usage errors reach main() (exitOverride) and read like ours,
 * `landing-graph: CONFIG_INVALID: <what>`; `--help` shows every default one way, `(default: 7d)`, unquoted, as the
 * hand-written ones are.
 */
export function applyHouseStyle(command: Command): void {
  command.exitOverride();
  command.configureOutput({
    outputError: (text, write) => write(`landing-graph: CONFIG_INVALID: ${text.replace(/^error: /, '').trimEnd()}\n`),
  });
  command.configureHelp({ optionDescription });
  for (const sub of command.commands) applyHouseStyle(sub);
}

function optionDescription(option: Option): string {
  const shown = option.defaultValue !== undefined && !option.negate && !/\(default: /.test(option.description);
  return shown ? `${option.description} (default: ${defaultText(option.defaultValue)})` : option.description;
}

function defaultText(value: unknown): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}
