/** One HTTP request as the pipeline builds, signs, sends and pages it. */
import type { JsonValue } from '@toolspec/language';

export interface HttpRequest {
  readonly method: string;
  /** `http(s)://host:port` */
  readonly origin: string;
  /** Path and query, percent-encoded. */
  readonly path: string;
  /** Lower-cased header names. */
  readonly headers: Record<string, string>;
  /** The payload; null when there is none or when it is the JSON text of `json` (see `payloadOf`). */
  readonly body: string | Buffer | null;
  /** The JSON body as built (dry runs show it); null when there is none. */
  readonly json: JsonValue | null;
}

/**
 * The bytes a request sends: its payload, or the JSON text of its JSON body, written here, when it
 * is sent, and not when it is built: a dry run shows the built value and never needs the text.
 */
export function payloadOf(req: HttpRequest): string | Buffer | null {
  return req.body ?? (req.json === null ? null : JSON.stringify(req.json));
}
