/** The types a query parameter may declare in its header (`// param: <name> <type> ...`). */
export const PARAM_TYPES = ['string', 'integer', 'float', 'boolean', 'list'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** A parameter value as the library holds it: lists are lists of strings; integers are plain numbers here. */
export type ParamValue = string | number | boolean | string[];

/** One `// param:` line of a query file. */
export interface QueryParam {
  name: string;
  type: ParamType;
  /** A required parameter has no default and must be given. */
  required: boolean;
  /** The default (already parsed to its type); null when there is none (the query then gets null). */
  default: ParamValue | null;
  description: string;
  /** Bounds for integer and float parameters (inclusive). */
  min?: number;
  max?: number;
  /** The allowed values of a string parameter, or of each item of a list parameter. */
  values?: string[];
  /** Declared `for=picture`: only the picture form uses it (the table form is sent it and ignores it). */
  pictureOnly?: boolean;
}

/**
 * The picture form of a query (cypher/queries/pictures/<name>.cypher): one statement with the same parameters
 * (a subset) and the same filters that returns nodes, relationships and paths, so that Neo4j Browser draws the
 * finding instead of a table.
 */
export interface QueryPicture {
  /** The single Cypher statement, header removed. */
  statement: string;
  /** What the picture draws (`// description: ...`). */
  description: string;
}

/** One query of the library: a file cypher/queries/<name>.cypher, its header parsed. */
export interface QueryDefinition {
  /** The file name without `.cypher`: what `landing-graph query <name>` takes. */
  name: string;
  title: string;
  description: string;
  params: QueryParam[];
  /** Groups of parameters of which at least one must be given (`// one of: key, id`). */
  oneOf: string[][];
  /** The columns the statement returns, in order (`// columns: ...`): the header of empty CSV output. */
  columns: string[];
  /** The single Cypher statement, header removed. */
  statement: string;
  /** Its picture form, when cypher/queries/pictures/ has one. */
  picture?: QueryPicture;
}
