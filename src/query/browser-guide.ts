import { cypherString } from '../render/escape.js';
import { GUIDE_EXAMPLES } from './guide-examples.js';
import { resolveParams, valueText } from './params.js';
import { suppliedParamLines } from './supplied.js';
import type { ParamValue, QueryDefinition, QueryParam } from './types.js';

/**
 * Text as HTML element content (the guide puts no data in attributes). Not render/escape's escapeMarkup: the
 * guide's runnable <pre> blocks keep their line breaks as they are, for the file's readers and Browser alike.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A parameter value as a Cypher literal for `:param name => <literal>` (evaluated by the server, so 50 stays an integer). */
export function cypherLiteral(value: ParamValue | null, type: QueryParam['type']): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(cypherString).join(', ')}]`;
  if (typeof value === 'string') return cypherString(value);
  if (typeof value === 'number' && type === 'float' && Number.isInteger(value)) return `${value}.0`;
  return String(value);
}

/** A `:param` line of Browser that sets a parameter: `:param limit => 50;`. */
export function paramLine(param: QueryParam, value: ParamValue | null): string {
  return `:param ${param.name} => ${cypherLiteral(value, param.type)};`;
}

/**
 * What the guide sets each parameter to: the query's example (GUIDE_EXAMPLES, the demo graph's records), else its default, else
 * the first allowed value of a required one, else null.
 */
export function startValues(query: QueryDefinition): Record<string, ParamValue | null> {
  const example = GUIDE_EXAMPLES[query.name];
  if (example) return resolveParams(query, example);
  return Object.fromEntries(query.params.map((param) => [param.name, startValue(param)]));
}

function startValue(param: QueryParam): ParamValue | null {
  if (param.default !== null) return param.default;
  if (param.required && param.values?.[0] !== undefined) return param.type === 'list' ? [param.values[0]] : param.values[0];
  return null;
}

function presence(param: QueryParam): string {
  if (param.required) return 'required';
  if (param.default === null) return 'optional';
  return `default ${valueText(param.default)}`;
}

function constraints(param: QueryParam): string {
  const parts: string[] = [];
  if (param.min !== undefined) parts.push(`at least ${param.min}`);
  if (param.max !== undefined) parts.push(`at most ${param.max}`);
  if (param.values) parts.push(`one of ${param.values.join(', ')}`);
  return parts.length > 0 ? `; ${parts.join(', ')}` : '';
}

function runnable(code: string, caption: string): string[] {
  return [
    '    <figure>',
    `      <pre class="pre-scrollable code runnable">${escapeHtml(code)}</pre>`,
    `      <figcaption>${escapeHtml(caption)}</figcaption>`,
    '    </figure>',
  ];
}

function querySlide(query: QueryDefinition): string[] {
  const out = [
    '<slide class="row-fluid">',
    '  <div class="col-sm-3">',
    `    <h3>${escapeHtml(query.title)}</h3>`,
    `    <p class="lead">${escapeHtml(query.description)}</p>`,
    `    <p>Command line: <code>landing-graph query ${escapeHtml(query.name)}</code></p>`,
    '  </div>',
    '  <div class="col-sm-9">',
  ];
  if (query.params.length > 0) {
    out.push('    <ul>');
    for (const p of query.params) {
      out.push(
        `      <li><code>${escapeHtml(p.name)}</code> ${p.type}, ${escapeHtml(presence(p) + constraints(p))}: ${escapeHtml(p.description)}</li>`,
      );
    }
    out.push('    </ul>');
    for (const group of query.oneOf)
      out.push(`    <p>Give at least one of ${group.map((n) => `<code>${escapeHtml(n)}</code>`).join(', ')}.</p>`);
    const start = startValues(query);
    const lines = query.params.map((p) => paramLine(p, start[p.name] ?? null));
    // The lists the program supplies (the public infrastructure a walk does not pass through) go last, set as they are.
    const supplied = suppliedParamLines(query.statement, query.picture?.statement ?? '');
    out.push(...runnable([...lines, ...supplied].join('\n'), 'Parameters: click, change the values in the editor, run.'));
  }
  // The picture first (Browser draws nodes and links), then the same question as a table.
  if (query.picture) out.push(...runnable(query.picture.statement, `Picture: ${query.picture.description}`));
  out.push(...runnable(query.statement, `Table: columns ${query.columns.join(', ')}.`), '  </div>', '</slide>');
  return out;
}

function introSlide(queries: readonly QueryDefinition[]): string[] {
  return [
    '<slide class="row-fluid">',
    '  <div class="col-sm-3">',
    '    <h3>landing-graph queries</h3>',
    '    <p class="lead">The investigation queries of landing-graph, one per slide. They only read the graph, and show its',
    '    current state: relationships a later fetch no longer had (<code>removedAt</code>) are left out.</p>',
    '  </div>',
    '  <div class="col-sm-9">',
    '    <p>On each slide, click the <code>:param</code> block to copy it into the editor, set the values, and run it;',
    '    then click and run the query: first its <em>Picture</em> form, which returns nodes, links and paths that Browser',
    '    draws, then its <em>Table</em> form, the same question as rows. <code>:params</code> shows the parameters set,',
    '    <code>:params clear</code> removes them.',
    '    For colours and captions, drop <code>browser/landing-graph.grass</code> onto this window.</p>',
    '    <ol>',
    ...queries.map((q) => `      <li>${escapeHtml(q.title)} <small>(<code>${escapeHtml(q.name)}</code>)</small></li>`),
    '    </ol>',
    '  </div>',
    '</slide>',
  ];
}

/** The library's network queries, in the order the networks slide tells them. */
const NETWORK_QUERIES = ['networks-by-size', 'network-of', 'what-ties'];

/**
 * What networks are and where to look: `landing-graph networks` writes them, the style draws them, and the
 * library's network queries (by their slide number) read them. Queries the library lacks are left out.
 */
function networksSlide(queries: readonly QueryDefinition[]): string[] {
  const slideOf = (name: string) => queries.findIndex((q) => q.name === name) + 3; // after the intro and this slide
  const listed = NETWORK_QUERIES.map((name) => queries.find((q) => q.name === name)).filter((q): q is QueryDefinition => q !== undefined);
  return [
    '<slide class="row-fluid">',
    '  <div class="col-sm-3">',
    '    <h3>Company networks</h3>',
    '    <p class="lead">Groups of companies, sites, e-mails and phones tied by identifiers of common control: shared',
    '    officers and founders, registration addresses, contacts, registrants and requisites. Identifiers shared by more',
    '    than 20 records (nominee directors, mass-registration addresses, webmail, hosting) are hubs and tie nothing.</p>',
    '  </div>',
    '  <div class="col-sm-9">',
    '    <p><code>landing-graph networks</code> (for the whole graph, a crawl, or seeds) writes each network as a',
    '    <code>(:Network {id, size, score, computedAt, scopes})</code> node with <code>(member)-[:IN_NETWORK]-&gt;(network)</code>',
    '    links; the style draws a network as a large dark node captioned with its size, its links thick and dark. The queries below read them; until the',
    '    command has run they return nothing. <code>what-ties</code> needs no networks: it reads the evidence itself.</p>',
    '    <ol>',
    ...listed.map(
      (q) => `      <li>${escapeHtml(q.title)} <small>(<code>${escapeHtml(q.name)}</code>, slide ${slideOf(q.name)})</small></li>`,
    ),
    '    </ol>',
    '    <p>The <em>Picture</em> forms of these queries draw the networks with their members. To draw one network alone, take its',
    '    id from <code>network-of</code> or <code>networks-by-size</code> and return its links:',
    "    <code>MATCH p = (:Landing)-[:IN_NETWORK]-&gt;(:Network {id: 'net-…'}) RETURN p</code>.</p>",
    '  </div>',
    '</slide>',
  ];
}

/**
 * The query library as a Neo4j Browser guide (`:play <url>` or `:guide <url>`): one HTML document, a
 * slide per query with its title, description, parameters as runnable `:param` lines, then its picture form
 * (when it has one) and its table form as runnable blocks. Deterministic, so the committed browser/guide.html can be checked against it.
 */
export function renderBrowserGuide(queries: readonly QueryDefinition[]): string {
  const lines = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<title>landing-graph queries</title>',
    '</head>',
    '<body>',
    '<!-- Generated from cypher/queries/*.cypher by `landing-graph query --browser-guide > browser/guide.html`. Do not edit. -->',
    '<article class="guide">',
    '<carousel class="deck container-fluid">',
    ...introSlide(queries),
    ...networksSlide(queries),
    ...queries.flatMap(querySlide),
    '</carousel>',
    '</article>',
    '</body>',
    '</html>',
  ];
  return `${lines.join('\n')}\n`;
}
