/** The built-in helpers, one module per vendor family, and the registry that checks helpers from outside. */
import { CORE_HELPERS } from './core.js';
import { GRAPH_HELPERS } from './graph.js';
import { NOTION_HELPERS } from './notion.js';
import type { Helpers } from './registry.js';
import { SNOWFLAKE_HELPERS } from './snowflake.js';

export { hyphenateUuid, jsonValue, toList } from './core.js';
export { chunkText, RICH_TEXT_CHUNK } from './notion.js';
export {
  checkHelpers,
  type Helper,
  HelperError,
  type Helpers,
  helperContext,
  isTransform,
  JSONE_BUILTINS,
  withHelpers,
} from './registry.js';
export { sqlIdent, sqlLiteral } from './snowflake.js';

/** Every built-in helper, by family: core, notion, graph, snowflake. */
export const HELPERS: Helpers = Object.freeze({
  ...CORE_HELPERS,
  ...NOTION_HELPERS,
  ...GRAPH_HELPERS,
  ...SNOWFLAKE_HELPERS,
});
