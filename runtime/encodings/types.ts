/** Body encodings: how a tool's built body becomes bytes on the wire. A typed registry in ./index.ts. */
import type { Helpers, JsonValue, ToolIR } from '@toolspec/language';

export interface EncodeInput {
  readonly tool: ToolIR;
  /** Body-placed inputs deep-merged with the evaluated `body` template; undefined when neither exists. */
  readonly body: JsonValue | undefined;
  /** The present inputs (validated, with computed inputs and sent defaults) as template variables. */
  readonly vars: Readonly<Record<string, unknown>>;
  /** What the tool's templates may call (the SQL block's conditions). */
  readonly helpers: Helpers;
}

export interface EncodedBody {
  /** The JSON value that was encoded (dry runs show it); null for a non-JSON payload. */
  readonly json: JsonValue | null;
  /**
   * The bytes sent: text, or a Buffer for binary payloads (multipart files); null when they are the
   * JSON text of `json`, which is written when the request is sent (a dry run only shows `json`).
   */
  readonly payload: string | Buffer | null;
  readonly contentType: string;
}

export interface BodyEncoding {
  readonly name: string;
  /** Whether requests of this encoding carry a body at all. */
  readonly hasBody: boolean;
  /** Throws ToolError (invalid_input) for values it cannot encode. Null means no body. */
  encode(input: EncodeInput): EncodedBody | null;
}
