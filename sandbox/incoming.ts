/** A request as the sandbox received it, parsed once. */
import type { JsonValue } from '@toolspec/language';

export interface IncomingRequest {
  readonly method: string;
  /** Path relative to the set's mount, percent-encoded. */
  readonly path: string;
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  /** Lower-cased names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly rawBody: string;
  /** Parsed JSON body; undefined when the body is empty or not JSON. */
  readonly body: JsonValue | undefined;
}
