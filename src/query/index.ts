/**
 * The investigation query library: cypher/queries/*.cypher, each a header and one read-only statement.
 * Load and pick a query, bind `--param name=value` assignments, run it read-only, format the rows; or
 * render the library as a Neo4j Browser guide. Each query may have a picture form (cypher/queries/pictures/) that
 * returns nodes and paths for Browser to draw.
 */
export { renderBrowserGuide } from './browser-guide.js';
export { pictureScript } from './browser-script.js';
export { parseQueryFile } from './definition.js';
export {
  formatCsv,
  formatJson,
  formatQueryList,
  formatResult,
  formatTable,
  OUTPUT_FORMATS,
  type OutputFormat,
  type TableOptions,
} from './format.js';
export { findQuery, loadQueries, queriesFolder, runPicture, runQuery, type QueryResult } from './library.js';
export { bindParams, parseParamText, resolveParams } from './params.js';
export { attachPictures, parsePictureFile, pictureParams, type PictureFile } from './picture.js';
export { PARAM_TYPES, type ParamType, type ParamValue, type QueryDefinition, type QueryParam, type QueryPicture } from './types.js';
export { toPlain, toText } from './values.js';
