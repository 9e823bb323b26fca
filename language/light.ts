/**
 * @toolspec/language/light: the facts of a tool that hot paths need (MCP annotations, read-only),
 * without the loader: importing it loads no YAML parser, no Ajv and no JSON-e, so a server can
 * answer its first tools/list from a generated catalogue quickly.
 */
export { annotationsFor, isReadOnly, type ToolAnnotations } from './facts.js';
export type * from './ir.js';
