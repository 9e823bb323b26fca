/** What an import is asked for and what it produces, as data (the YAML is written from it). */
import type { JsonObject } from './openapi.js';
import type { ImportedTool, ResponseSchemas } from './to-tool.js';

export interface ImportOptions {
  /** The set name: tool names are `<set>_<operationId in snake_case>`. */
  readonly set: string;
  /** operationIds or `METHOD /path`; none: every operation the other filters keep. */
  readonly operations?: readonly string[] | undefined;
  /** Operations with one of these tags. */
  readonly tags?: readonly string[] | undefined;
  /** Operations whose path matches one of these globs (`/repos/**`). */
  readonly paths?: readonly string[] | undefined;
  /** Import deprecated operations too (skipped by default unless named in `operations`). */
  readonly deprecated?: boolean | undefined;
  /** Output schemas: none, the top level (default), or the document's whole schema. */
  readonly responses?: ResponseSchemas | undefined;
  /** The tool name, when importing one operation. */
  readonly name?: string | undefined;
  /** The spec file's current text, to append to (null: a new spec file). */
  readonly existing?: string | null | undefined;
  /** A `yaml-language-server` modeline for a new file (the spec schema's path as seen from it). */
  readonly schemaPath?: string | undefined;
}

/** Everything an import produces, as data (the YAML is written from it). */
export interface ImportModel {
  readonly header: JsonObject;
  readonly headerNotes: readonly string[];
  readonly paging: Record<string, { style: JsonObject; why: string }>;
  readonly inputs: Record<string, JsonObject>;
  readonly schemas: Record<string, JsonObject>;
  readonly tools: readonly ImportedTool[];
  readonly notes: readonly string[];
  readonly total: number;
  readonly skipped: readonly string[];
}
