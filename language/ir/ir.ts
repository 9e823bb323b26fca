/**
 * The toolspec IR: one readonly, fully defaulted model of every tool set, built once from
 * YAML by `loadSpecs` and consumed by both the runtime and the generator. Nothing here is
 * optional that has a sensible default: consumers never re-default.
 */
import type { Helpers } from '../helpers/registry.js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };
export type JsonObject = { [k: string]: JsonValue };
/** A JSON Schema (2020-12) fragment, kept as data. */
export type JsonSchema = { readonly [k: string]: JsonValue };

export type Effect = 'read' | 'create' | 'update' | 'delete';
/** Body encodings of the spec language (toolspec.schema.json `encoding`). */
export type Encoding = 'json' | 'none' | 'sql' | 'form' | 'multipart' | 'graphql' | 'raw';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type InputLocation = 'path' | 'query' | 'header' | 'body' | 'none';
/** public: the caller supplies it; computed: the executor derives it (hidden, refused from callers); version: selects a version or header. */
export type InputKind = 'public' | 'computed' | 'version';

/** Where a spec element came from, for file:line:column diagnostics. */
export interface SourceLoc {
  readonly file: string;
  readonly pointer: string;
  readonly line: number;
  readonly column: number;
}

export interface ServerVariableIR {
  readonly name: string;
  readonly description: string;
  readonly default: string | null;
  readonly pattern: string | null;
}

export interface ServerIR {
  /** Base URL, possibly with `{variable}` placeholders filled per connection. */
  readonly url: string;
  readonly variables: readonly ServerVariableIR[];
}

export type AuthIR =
  | {
      readonly kind: 'oauth2';
      readonly tokenUrl: string | null;
      /** Extra headers every authenticated request carries (e.g. Snowflake's token-type header). */
      readonly headers: Readonly<Record<string, string>>;
      /** Refresh this many seconds before the access token expires. */
      readonly refreshSkewSeconds: number;
    }
  | { readonly kind: 'bearer'; readonly headers: Readonly<Record<string, string>> }
  | {
      readonly kind: 'api_key';
      /** One or more keys, each read from its own credential and placed in a header or query parameter. */
      readonly keys: readonly ApiKeyIR[];
      readonly headers: Readonly<Record<string, string>>;
    }
  | {
      readonly kind: 'basic';
      /** Credential names of the user name and the password (`TOOLSPEC_<SET>_USERNAME`, `_PASSWORD`). */
      readonly username: string;
      readonly password: string;
      /** Whether an absent password is sent as empty (a key used as the user name). */
      readonly passwordOptional: boolean;
      readonly headers: Readonly<Record<string, string>>;
    }
  | {
      readonly kind: 'oauth2_client_credentials';
      readonly tokenUrl: string | null;
      readonly scopes: readonly string[];
      /** How the client authenticates at the token endpoint (RFC 6749 section 2.3.1). */
      readonly clientAuth: 'client_secret_basic' | 'client_secret_post';
      readonly headers: Readonly<Record<string, string>>;
      readonly refreshSkewSeconds: number;
    }
  | { readonly kind: 'none'; readonly headers: Readonly<Record<string, string>> };

/** An API key placement: the credential it is read from and where it goes. */
export interface ApiKeyIR {
  /** Credential name: the connection's `credentials.<name>`, or `TOOLSPEC_<SET>_<NAME>`. */
  readonly credential: string;
  readonly in: 'header' | 'query';
  /** Header or query parameter name (`Authorization` for a custom scheme). */
  readonly name: string;
  /** Text put before the key (`Token `, `Bearer `), '' for none. */
  readonly prefix: string;
}

/** The toolspec error codes an error rule may assign (runtime/errors.ts `ErrorCode`). */
export type RuleErrorCode =
  | 'invalid_input'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'upstream_error'
  | 'timeout'
  | 'invalid_response'
  | 'reauthorize';

/**
 * An error rule: when `when` (a JSON-e expression over `{status, headers, body}`) is true the
 * answer is an error (even with status 200), typed by `codes[vendor code]`, else `code`, else
 * by the status. Rules run where refresh and retry are decided.
 */
export interface ErrorRuleIR {
  readonly when: string;
  readonly code: RuleErrorCode | null;
  /** Vendor code -> toolspec code. */
  readonly codes: Readonly<Record<string, RuleErrorCode>>;
  /** Pointers to the vendor code and message (empty: the set's). */
  readonly vendorCode: readonly string[];
  readonly vendorMessage: readonly string[];
  /** A response header with the epoch second at which a rate limit resets (`x-ratelimit-reset`). */
  readonly resetHeader: string | null;
  readonly loc: SourceLoc;
}

export interface ErrorExtractionIR {
  /** JSON pointers tried in order against the vendor's error body. */
  readonly code: readonly string[];
  readonly message: readonly string[];
  /** Extra vendor fields copied into the typed error's `details` (e.g. Snowflake's sqlState). */
  readonly details: Readonly<Record<string, string>>;
  /** Pointers to the input field the vendor blames (e.g. `/error/param`). */
  readonly field: readonly string[];
  /** Set-level error rules (a tool's own rules run first). */
  readonly rules: readonly ErrorRuleIR[];
  /** How long a rate-limited answer without Retry-After asks to wait (`errors.rate_limited`). */
  readonly rateLimited: RateLimitedWaitIR;
}

/** A header saying when a rate limit resets: a Unix time or seconds from now. */
export interface ResetHeaderIR {
  /** Lower-cased. */
  readonly name: string;
  readonly format: 'epoch_seconds' | 'delta_seconds';
}

export interface RateLimitedWaitIR {
  /** Read in order after Retry-After. */
  readonly resetHeaders: readonly ResetHeaderIR[];
  /** Milliseconds when no header names a wait; null: back off exponentially. */
  readonly defaultMs: number | null;
}

/** Paging styles: a typed registry in runtime/paging, declared once per set and referenced by tools. */
export type PagingIR =
  | {
      readonly style: 'cursor';
      readonly name: string;
      /** Where the request carries the cursor and page size. */
      readonly in: 'query' | 'body';
      readonly cursorParam: string;
      readonly sizeParam: string | null;
      readonly itemsPointer: string;
      /** Pointer to the next cursor ('' when `nextExpr` gives it). */
      readonly nextPointer: string;
      readonly hasMorePointer: string | null;
      /** JSON-e over `{body, headers, last_item}` giving the next position (e.g. `last_item.id`); its JSON type is kept. */
      readonly nextExpr: JsonValue | null;
      /** JSON-e over `{body, headers, last_item}`: true while more pages exist. */
      readonly hasMoreExpr: JsonValue | null;
    }
  | {
      readonly style: 'offset';
      readonly name: string;
      readonly in: 'query' | 'body';
      readonly offsetParam: string;
      readonly limitParam: string;
      readonly itemsPointer: string;
      readonly defaultLimit: number;
      /** Pointer to a boolean that is true on the last page (e.g. `isLast`). */
      readonly lastPointer: string | null;
      /** Pointer to the total number of items. */
      readonly totalPointer: string | null;
    }
  | {
      readonly style: 'page_number';
      readonly name: string;
      readonly in: 'query' | 'body';
      readonly pageParam: string;
      readonly sizeParam: string | null;
      /** Number of the first page (1 or 0). */
      readonly startPage: number;
      readonly itemsPointer: string;
      /** Page size the vendor uses when none is sent; a shorter page ends the listing. */
      readonly defaultSize: number;
      readonly totalPagesPointer: string | null;
      readonly lastPointer: string | null;
    }
  | {
      readonly style: 'link_header';
      readonly name: string;
      readonly itemsPointer: string;
      /** The relation followed (RFC 8288), `next`. */
      readonly rel: string;
      /** Path templates (relative to the server URL) a next link may lead to besides the tool's own path. */
      readonly linkPaths: readonly string[];
    }
  | {
      readonly style: 'next_link';
      readonly name: string;
      readonly itemsPointer: string;
      readonly nextPointer: string;
      /** Path templates (relative to the server URL) a next link may lead to besides the tool's own path. */
      readonly linkPaths: readonly string[];
    }
  | {
      readonly style: 'partitions';
      readonly name: string;
      readonly itemsPointer: string;
      /** Pointer to the array whose length is the number of partitions. */
      readonly partitionsPointer: string;
      /** Pointer to the handle used to fetch further partitions. */
      readonly handlePointer: string;
      /** Path template (relative to the server) for fetching partition N; `{handle}` is filled. */
      readonly path: string;
      readonly partitionParam: string;
      /** Pointers whose first-answer values ride in the cursor and are restored into later partitions' answers. */
      readonly keep: readonly string[];
    }
  | {
      /** A list that comes whole in one answer: the items at the pointer, never a further page. */
      readonly style: 'single_page';
      readonly name: string;
      readonly itemsPointer: string;
    };

export type PagingStyle = PagingIR['style'];

export interface InputIR {
  readonly name: string;
  /** The public JSON Schema of the value (placement keys removed). */
  readonly schema: JsonSchema;
  readonly required: boolean;
  readonly kind: InputKind;
  readonly in: InputLocation;
  /** Vendor name; for body inputs a dot path (`message.subject`). */
  readonly as: string;
  /** A vetted value transform applied before placement (a one-argument helper, language/helpers/). */
  readonly transform: string | null;
  /** For array query inputs: repeat the key or join with commas. */
  readonly explode: boolean;
  /**
   * For path inputs: `strict` refuses `/`, `\\`, `?`, `#`, `%` and schemes; `one_segment` takes any
   * text, percent-encoded as one segment (dot segments and invisible characters still refused).
   */
  readonly pathEncoding: 'strict' | 'one_segment';
  /** For computed inputs: the JSON-e template that derives the value from the other inputs. */
  readonly compute: JsonValue | null;
  /** For version inputs: the oldest accepted value (YYYY-MM-DD compared as text), if any. */
  readonly minVersion: string | null;
  readonly default: JsonValue | null;
  readonly hasDefault: boolean;
  /** Send the default to the vendor even when the caller omitted the input. */
  readonly sendDefault: boolean;
  readonly loc: SourceLoc;
}

export interface PollIR {
  /** Keep polling while the vendor answers with one of these statuses. */
  readonly whileStatus: readonly number[];
  /** Path template for the status request; `{handle}` is filled from `handlePointer`. */
  readonly path: string;
  readonly method: HttpMethod;
  readonly handlePointer: string;
  readonly intervalMs: number;
  readonly maxIntervalMs: number;
  readonly multiplier: number;
  /** Input that bounds the total wait in seconds; otherwise `defaultTimeoutSeconds`. */
  readonly timeoutInput: string | null;
  readonly defaultTimeoutSeconds: number;
  /** An input that, when true, disables polling (Snowflake `async`). */
  readonly skipWhenInput: string | null;
  /** Request sent upstream when the wait is aborted or times out. */
  readonly cancel: { readonly method: HttpMethod; readonly path: string } | null;
}

/** How a retried submission stays safe: the idempotency key input and the flag that marks a resubmission. */
export interface IdempotencyIR {
  /** Input carrying the key; generated as a UUID when the caller gives none. */
  readonly keyInput: string;
  /** Input set to true on a resubmission (Snowflake `retry`). */
  readonly retryFlagInput: string | null;
}

export interface RequestIR {
  readonly method: HttpMethod;
  /** RFC 6570 level-1 path template relative to the server URL, e.g. `/v1/pages/{page_id}`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Fixed query parameters always sent. */
  readonly query: Readonly<Record<string, string>>;
  /** A JSON-e template producing (part of) the body; deep-merged over body-placed inputs. */
  readonly body: JsonValue | null;
  /** Body encoding (the runtime's registry has one entry per member): json, none, or a structured builder such as sql. */
  readonly encoding: Encoding;
  /** Encoding-specific declaration (for `sql`: the statement description). */
  readonly encodingSpec: JsonValue | null;
  /** The declared Content-Type (set or tool headers), kept with its parameters; null = the encoding's. */
  readonly contentType: string | null;
}

export interface ResponseIR {
  /** What a successful answer's body is: a JSON value (anything else is `invalid_response`) or text. */
  readonly format: 'json' | 'text';
  /** A JSON-e template over `{ body, status, headers }`; null means the body as is. */
  readonly map: JsonValue | null;
  /** Paged tools: a JSON-e template over `{ body, status, headers }` yielding the page's items; null = the paging items pointer. */
  readonly items: JsonValue | null;
  /** Output for an empty (204/202) response. */
  readonly empty: JsonValue;
  /** JSON Schema of the mapped output, when declared. */
  readonly schema: JsonSchema | null;
}

export interface ExampleRequestIR {
  readonly method: HttpMethod;
  readonly path: string;
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: JsonValue | null;
}

export interface ExampleIR {
  readonly name: string;
  readonly input: JsonObject;
  readonly request: ExampleRequestIR;
  readonly response: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: JsonValue | null;
  };
  readonly output: JsonValue;
  readonly loc: SourceLoc;
}

/** Facts derived from a tool's declaration, computed once when the IR is built (language/ir/facts.ts). */
/** A vendor's published request rate for one connection, as a token bucket (spec `rate_limit`). */
export interface RateLimitIR {
  /** Average requests per second. */
  readonly rate: number;
  /** Requests that may be sent at once (the bucket's size). */
  readonly burst: number;
}

/** The set's rate limit: one bucket for its tools, and optionally a stricter one for writes. */
export interface SetRateLimitIR extends RateLimitIR {
  /** Bucket of tools whose effects are not all `read`; null = they share the set's. */
  readonly writes: RateLimitIR | null;
}

export interface ToolFacts {
  /** Every declared effect is `read`: served in read-only mode, annotated readOnlyHint. */
  readonly readOnly: boolean;
  /** Safe to send again after the request may have reached the server (read-only or idempotent). */
  readonly replaySafe: boolean;
  /**
   * The public input that carries the page position and also takes the engine's next_cursor: the
   * one placed at the paging style's position parameter (`start_cursor`, `offset`), else a
   * placement-free input named `cursor` (next links, partitions); null when there is none.
   */
  readonly cursorInput: string | null;
}

/** What a maintainer adds for the discovery search beyond the name, title and description (spec `keywords`, `aliases`). */
export interface ToolSearchIR {
  readonly keywords: readonly string[];
  readonly aliases: readonly string[];
}

/** How users name the set's product (spec `product`, `aliases`): shown and matched by the discovery search. */
export interface SetSearchIR {
  readonly product: string | null;
  readonly aliases: readonly string[];
}

export interface ToolIR {
  readonly name: string;
  readonly set: string;
  readonly title: string;
  readonly description: string;
  readonly search: ToolSearchIR;
  readonly effects: readonly Effect[];
  readonly idempotent: boolean;
  /** Derived: effects include delete, or an update that replaces data. */
  readonly destructive: boolean;
  readonly inputs: readonly InputIR[];
  /** Extra JSON Schema applied to the whole public input (oneOf, dependentRequired, if/then). */
  readonly constraints: JsonSchema | null;
  /** The tool's public input schema (2020-12): computed inputs excluded. */
  readonly inputSchema: JsonSchema;
  readonly request: RequestIR;
  readonly response: ResponseIR;
  readonly paging: PagingIR | null;
  /** The tool's own error rules (run before the set's). */
  readonly errorRules: readonly ErrorRuleIR[];
  readonly poll: PollIR | null;
  readonly idempotency: IdempotencyIR | null;
  /** Maximum size of the mapped output in bytes before truncation. */
  readonly maxOutputBytes: number;
  readonly timeoutMs: number;
  /** The tool's own rate limit (its own bucket), or null to use the set's. */
  readonly rateLimit: RateLimitIR | null;
  /** Escape hatch: name of a hand-written handler (generated stub keeps its body). */
  readonly handler: string | null;
  readonly schemaVersion: string;
  readonly toolVersion: string;
  readonly examples: readonly ExampleIR[];
  readonly loc: SourceLoc;
  readonly facts: ToolFacts;
}

export interface ToolSetIR {
  readonly name: string;
  readonly prefix: string;
  readonly title: string;
  readonly description: string;
  readonly search: SetSearchIR;
  /** Spec path relative to the project root (forward slashes). */
  readonly source: string;
  /** SHA-256 (hex) of the spec file's text: what an IR snapshot is checked against. */
  readonly sourceHash: string;
  readonly server: ServerIR;
  readonly headers: Readonly<Record<string, string>>;
  readonly auth: AuthIR;
  /** Modules of helpers of the user's own (relative to the spec file, as written): see `helpers` in the schema. */
  readonly helpers: readonly string[];
  readonly errors: ErrorExtractionIR;
  /** One bucket shared by the set's tools (per connection), or null: not limited. */
  readonly rateLimit: SetRateLimitIR | null;
  readonly paging: Readonly<Record<string, PagingIR>>;
  readonly tools: readonly ToolIR[];
}

export interface SpecIR {
  readonly sets: readonly ToolSetIR[];
  /** Every tool of every set, sorted by name. */
  readonly tools: readonly ToolIR[];
  readonly byName: ReadonlyMap<string, ToolIR>;
  /** The user's own helpers these specs were loaded with (`loadSpecs(files, {helpers})`), beside the built-ins; not in snapshots. */
  readonly helpers: Helpers;
}
