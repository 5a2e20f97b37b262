import { publicInfrastructureParameters } from '../graph/public-infrastructure.js';
import { cypherString } from '../render/escape.js';

/**
 * Parameters the program gives every library statement that uses them, never the user: the public-infrastructure
 * lists that the walks' stop rule reads (cypher/fragments/walk-stop.cypher). A query's header does not declare them;
 * runQuery and runPicture pass them, and the Browser guide and `--picture` set them with `:param` lines.
 */
export function suppliedParameters(): Record<string, string[]> {
  return publicInfrastructureParameters();
}

const SUPPLIED_NAMES: ReadonlySet<string> = new Set(Object.keys(suppliedParameters()));

export function isSupplied(name: string): boolean {
  return SUPPLIED_NAMES.has(name);
}

/** The `:param` lines of Browser that set the supplied parameters `statements` use, in a stable order. */
export function suppliedParamLines(...statements: string[]): string[] {
  const text = statements.join('\n');
  return Object.entries(suppliedParameters())
    .filter(([name]) => new RegExp(`\\$${name}\\b`).test(text))
    .map(([name, values]) => `:param ${name} => [${values.map(cypherString).join(', ')}];`);
}
