import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCypherFile } from '../store/cypher-files.js';
import { readCypherHeader } from '../cypher-header.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import { SEVERITIES, type Severity } from '../graph/flag-severity.js';
import { DEFAULT_MAX_SHARED } from '../graph/hub-bound.js';
import { publicInfrastructureParameters } from '../graph/public-infrastructure.js';

/** The rules' folder: one Cypher file per rule (the same relative place from src/ and dist/). */
const RULES_ROOT = fileURLToPath(new URL('../../cypher/flags/rules/', import.meta.url));

export { SEVERITIES, type Severity };

/** A rule's threshold: a whole number passed to its statement as `$<name>`, with the reason for its default. */
export interface Threshold {
  name: string;
  default: number;
  description: string;
}

/** A red-flag rule: data, not code. Its statement returns one row per record it flags. */
export interface FlagRule {
  /** The file's name and the rule's id (`mass-address`). */
  id: string;
  severity: Severity;
  description: string;
  thresholds: Threshold[];
  /**
   * Parameters: `$scope` (element ids, or null for the whole graph), the lists of public infrastructure
   * (`$webmailDomains`, src/graph/public-infrastructure.ts) and the thresholds.
   */
  statement: string;
}

const FIELDS = ['rule', 'severity', 'description', 'threshold'];
const THRESHOLD = /^([A-Za-z][A-Za-z0-9]*)\s+(\d+|hub)\s+(\S.*)$/;

/**
 * Parse `cypher/flags/rules/<id>.cypher`: header lines `// rule: <id>`, `// severity: high|medium|low`,
 * `// description: …` (repeatable), `// threshold: <name> <default> <why>` (the default a whole number, or `hub`:
 * the one hub bound, DEFAULT_MAX_SHARED; a continuation line repeats
 * `// threshold:` without a name), then comments and one statement. A malformed file is CONFIG_INVALID naming it.
 */
export function parseRule(id: string, text: string): FlagRule {
  const file = `cypher/flags/rules/${id}.cypher`;
  const fail = (problem: string): never => {
    throw new LandingGraphError('CONFIG_INVALID', `${file}: ${problem}`);
  };
  let named: string | undefined;
  let severity: Severity | undefined;
  const description: string[] = [];
  const thresholds: Threshold[] = [];
  const { lines, statement } = readCypherHeader(text, FIELDS, { strict: false, fail });
  for (const { field, value } of lines) {
    if (field === 'rule') named = value;
    else if (field === 'severity')
      severity = (SEVERITIES as readonly string[]).includes(value) ? (value as Severity) : fail(`severity ${quoteValue(value)}`);
    else if (field === 'description') description.push(value);
    else {
      const t = THRESHOLD.exec(value);
      if (t)
        thresholds.push({ name: t[1] as string, default: t[2] === 'hub' ? DEFAULT_MAX_SHARED : Number(t[2]), description: t[3] as string });
      else if (thresholds.length > 0) (thresholds.at(-1) as Threshold).description += ` ${value}`;
      else fail(`a threshold line is \`<name> <default> <why>\`: ${value}`);
    }
  }
  if (named !== id) fail(`names rule ${quoteValue(named ?? '')}; the file's name is the rule's id`);
  if (!severity) fail('no `// severity:` line');
  if (description.length === 0) fail('no `// description:` line');
  if (!statement) fail('no statement');
  const lists = Object.keys(publicInfrastructureParameters());
  for (const [, used] of statement.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)) {
    if (used !== 'scope' && !lists.includes(used as string) && !thresholds.some((t) => t.name === used))
      fail(`uses $${used}, which is neither $scope nor a threshold (nor ${lists.map((l) => `$${l}`).join(', ')})`);
  }
  return { id, severity: severity as Severity, description: description.join(' '), thresholds, statement };
}

/** Every rule of cypher/flags/rules/, by id. */
export function loadRules(folder: string = RULES_ROOT): FlagRule[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.cypher'))
    .sort()
    .map((f) => parseRule(path.basename(f, '.cypher'), readCypherFile(path.join(folder, f))));
}
