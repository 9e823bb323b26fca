/**
 * Facts derived from a tool's declaration, computed once when the IR is built and read by every
 * consumer (runtime, MCP adapters, generator, CLI) instead of being recomputed: read-only, safe
 * to replay, the cursor input; and the MCP annotations that follow from them. Pure.
 */
import type { AuthIR, Effect, PagingIR, PagingStyle, ToolFacts, ToolIR } from './ir.js';

export interface ToolAnnotations {
  readonly title: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** A tool is read-only when every effect it declares is `read` (`[read, create]` is not). */
export function isReadOnly(effects: readonly Effect[]): boolean {
  return effects.length > 0 && effects.every((e) => e === 'read');
}

type PagingOf<S extends PagingStyle> = Extract<PagingIR, { style: S }>;

/** Where each paging style puts the page position in the request, when a caller input can carry it. */
const POSITION_PARAM: { readonly [S in PagingStyle]: (p: PagingOf<S>) => string | null } = {
  cursor: (p) => p.cursorParam,
  offset: (p) => p.offsetParam,
  page_number: (p) => p.pageParam,
  next_link: () => null,
  link_header: () => null,
  partitions: () => null,
  single_page: () => null,
};

export function positionParam(paging: PagingIR): string | null {
  return (POSITION_PARAM[paging.style] as (p: PagingIR) => string | null)(paging);
}

export function toolFacts(tool: Omit<ToolIR, 'facts'>): ToolFacts {
  const readOnly = isReadOnly(tool.effects);
  let cursorInput: string | null = null;
  if (tool.paging) {
    const param = positionParam(tool.paging);
    const where = 'in' in tool.paging ? tool.paging.in : null;
    const atPosition =
      param === null
        ? undefined
        : tool.inputs.find((i) => i.kind === 'public' && i.as === param && i.in === where);
    const named = tool.inputs.find((i) => i.kind === 'public' && i.name === 'cursor' && i.in === 'none');
    cursorInput = (atPosition ?? named)?.name ?? null;
  }
  return { readOnly, replaySafe: readOnly || tool.idempotent, cursorInput };
}

/** MCP tool annotations: the one definition, used by the generated catalog and the server alike. */
export function annotationsFor(
  tool: Pick<ToolIR, 'title' | 'destructive' | 'idempotent' | 'facts'>,
): ToolAnnotations {
  return {
    title: tool.title,
    readOnlyHint: tool.facts.readOnly,
    destructiveHint: tool.destructive,
    idempotentHint: tool.idempotent,
    // Every tool talks to a vendor API whose data the server does not own.
    openWorldHint: true,
  };
}

/**
 * The credential names a set's auth reads (each from the connection or `TOOLSPEC_<SET>_<NAME>`),
 * in the order a hint should name them.
 */
/**
 * Query, form and body parameter names that carry credentials, lower-cased: their text values are
 * shown redacted wherever a request is shown (dry runs, errors, the importer's examples).
 */
export const SECRET_PARAMS: ReadonlySet<string> = new Set([
  'access_token',
  'refresh_token',
  'client_secret',
  'token',
  'api_key',
  'apikey',
  'code',
  'password',
]);

export function authCredentials(auth: AuthIR): readonly string[] {
  switch (auth.kind) {
    case 'bearer':
      return ['token'];
    case 'oauth2':
      return ['token', 'refresh_token', 'client_id', 'client_secret'];
    case 'oauth2_client_credentials':
      return ['client_id', 'client_secret'];
    case 'api_key':
      return [...new Set(auth.keys.map((k) => k.credential))];
    case 'basic':
      return [auth.username, auth.password];
    case 'none':
      return [];
  }
}
