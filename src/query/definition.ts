import { readCypherHeader } from '../cypher-header.js';
import { LandingGraphError } from '../errors.js';
import { parseParamText } from './params.js';
import { isSupplied } from './supplied.js';
import { PARAM_TYPES, type ParamType, type QueryDefinition, type QueryParam } from './types.js';

/**
 * The header of a query file: its leading `//` lines, one field per line, then ONE Cypher statement that
 * uses only $parameters:
 *
 *   // title: Entities sharing an IP address
 *   // description: Domains that resolve to the same IP ...      (repeatable: the lines are joined)
 *   // param: ip string optional  An IP to focus on
 *   // param: limit integer default 50 min=1  Most rows
 *   // param: kind string required in=domain|company  Kind of the start record
 *   // one of: key, id                                            (at least one of them must be given)
 *   // columns: ip, sharedBy, entities                            (what the statement returns, in order)
 *
 * The program supplies the public-infrastructure lists (src/query/supplied.ts): a statement uses them undeclared.
 * A param line is `<name> <type> required|optional|default <value> [min=<n>] [max=<n>] [in=<a>|<b>...]
 * [for=picture] <description>`, type one of string, integer, float, boolean, list (of strings, comma-separated);
 * a default is one token; `for=picture` declares a parameter only the picture form uses. Comments inside the
 * statement are allowed and kept.
 */
const FIELDS = ['title', 'description', 'param', 'one of', 'columns'];
const PARAM = /^(\S+)\s+(\S+)\s+(required|optional|default\s+(\S+))((?:\s+(?:min|max|in|for)=\S+)*)(?:\s+(\S.*))?$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PARAM_USE = /\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** Parse the text of `cypher/queries/<name>.cypher`; a malformed file is a CONFIG_INVALID error naming file and line. */
export function parseQueryFile(name: string, text: string): QueryDefinition {
  const file = `cypher/queries/${name}.cypher`;
  const fail = (problem: string, line?: number): never => {
    throw new LandingGraphError('CONFIG_INVALID', `${file}${line === undefined ? '' : `:${line}`}: ${problem}`);
  };
  const header = readCypherHeader(text, FIELDS, { strict: true, fail });
  let title: string | undefined;
  let columns: string[] | undefined;
  const description: string[] = [];
  const params: QueryParam[] = [];
  const oneOf: string[][] = [];
  for (const { field, value, line: at } of header.lines) {
    if (value === '') fail(`empty ${field}`, at);
    if (field === 'title') title = title === undefined ? value : fail('a second title', at);
    else if (field === 'description') description.push(value);
    else if (field === 'columns') columns = columns === undefined ? nameList(value, (p) => fail(p, at)) : fail('a second columns line', at);
    else if (field === 'one of') oneOf.push(nameList(value, (p) => fail(p, at)));
    else params.push(parseParamLine(value, (p) => fail(p, at)));
  }
  const statement = header.statement.replace(/;\s*$/, '').trim();
  if (title === undefined) fail('no `// title:` line');
  if (description.length === 0) fail('no `// description:` line');
  if (columns === undefined) fail('no `// columns:` line');
  if (statement === '') fail('no Cypher statement after the header');
  if (/;\s*$/m.test(statement)) fail('more than one statement (a `;` ends a line)');
  checkNames(params, oneOf, statement, fail);
  return { name, title: title as string, description: description.join(' '), params, oneOf, columns: columns as string[], statement };
}

function nameList(value: string, fail: (problem: string) => never): string[] {
  const names = value.split(',').map((n) => n.trim());
  for (const n of names) if (!IDENTIFIER.test(n)) fail(`not a name: ${JSON.stringify(n)}`);
  return names;
}

function parseParamLine(value: string, fail: (problem: string) => never): QueryParam {
  const match = PARAM.exec(value.trim());
  if (!match) return fail('a param line is `<name> <type> required|optional|default <value> [min=] [max=] [in=] <description>`');
  const [, name = '', type = '', presence = '', defaultText, constraints = '', description] = match;
  if (!IDENTIFIER.test(name)) fail(`not a parameter name: ${JSON.stringify(name)}`);
  if (!(PARAM_TYPES as readonly string[]).includes(type))
    fail(`parameter ${name}: unknown type ${JSON.stringify(type)} (${PARAM_TYPES.join(', ')})`);
  if (!description) fail(`parameter ${name}: no description`);
  const param: QueryParam = {
    name,
    type: type as ParamType,
    required: presence === 'required',
    default: null,
    description: description as string,
  };
  for (const constraint of constraints.trim().split(/\s+/).filter(Boolean)) {
    const [key, text = ''] = constraint.split(/=(.*)/s);
    if (key === 'for') {
      if (text !== 'picture') fail(`parameter ${name}: for= takes picture only`);
      param.pictureOnly = true;
    } else if (key === 'in') {
      if (param.type !== 'string' && param.type !== 'list') fail(`parameter ${name}: in= is for string and list parameters`);
      param.values = text.split('|').filter(Boolean);
    } else {
      if (param.type !== 'integer' && param.type !== 'float') fail(`parameter ${name}: ${key}= is for integer and float parameters`);
      const bound = Number(text);
      if (text === '' || !Number.isFinite(bound)) fail(`parameter ${name}: ${key}= needs a number`);
      param[key as 'min' | 'max'] = bound;
    }
  }
  if (defaultText !== undefined) {
    try {
      param.default = parseParamText(param, defaultText);
    } catch (error) {
      fail(`default of ${(error as Error).message}`);
    }
  }
  return param;
}

function checkNames(params: QueryParam[], oneOf: string[][], statement: string, fail: (problem: string) => never): void {
  const declared = new Set<string>();
  for (const p of params) {
    if (declared.has(p.name)) fail(`parameter ${p.name} is declared twice`);
    declared.add(p.name);
  }
  for (const name of oneOf.flat()) {
    const param = params.find((p) => p.name === name);
    if (!param) fail(`one of: ${name} is not a declared parameter`);
    else if (param.required) fail(`one of: ${name} is required anyway`);
  }
  const used = new Set([...statement.matchAll(PARAM_USE)].map((m) => m[1] as string));
  for (const name of used) if (!declared.has(name) && !isSupplied(name)) fail(`the statement uses $${name}, which no param line declares`);
  for (const p of params) {
    if (p.pictureOnly && used.has(p.name)) fail(`parameter ${p.name} is for the picture, yet the statement uses $${p.name}`);
    if (!p.pictureOnly && !used.has(p.name)) fail(`parameter ${p.name} is declared but the statement never uses $${p.name}`);
  }
}
