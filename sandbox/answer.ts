/**
 * Choosing the answer for a request that passed the shape check: the example whose request
 * matches best (else the first), with its status, headers and body. Paging stays consistent
 * with the examples: a response advertises a next page only when the request equals an
 * example's request exactly; a continuation request no example declares gets an empty last
 * page, so collect-all loops always end. Pure.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ExampleIR, JsonValue, ToolIR } from '@toolspec/language';
import { getPointer, withPointer } from '@toolspec/language';
import type { IncomingRequest } from './incoming.js';
import { sandboxPaging } from './paging.js';

export interface Choice {
  readonly tool: ToolIR;
  readonly example: ExampleIR;
  /** The request equals the example's request (path, query and body). */
  readonly exact: boolean;
}

type Query = Readonly<Record<string, string | readonly string[]>>;

const normalizeQuery = (q: Query): Record<string, string | string[]> =>
  Object.fromEntries(
    Object.entries(q).map(([k, v]) => [
      k,
      Array.isArray(v) && v.length === 1 ? String(v[0]) : (v as string | string[]),
    ]),
  );

function score(example: ExampleIR, req: IncomingRequest): { score: number; exact: boolean } {
  let s = 0;
  const samePath = example.request.path === req.path;
  if (samePath) s += 8;
  const eq = normalizeQuery(example.request.query);
  const rq = normalizeQuery(req.query);
  for (const k of new Set([...Object.keys(eq), ...Object.keys(rq)]))
    s += isDeepStrictEqual(eq[k], rq[k]) ? 2 : -1;
  const sameQuery = isDeepStrictEqual(eq, rq);
  const reqBody = req.body ?? null;
  const exBody = example.request.body;
  const sameBody = isDeepStrictEqual(reqBody, exBody);
  if (sameBody) s += 6;
  else if (
    reqBody &&
    exBody &&
    typeof reqBody === 'object' &&
    typeof exBody === 'object' &&
    !Array.isArray(reqBody)
  ) {
    const a = reqBody as Record<string, JsonValue>;
    const b = exBody as Record<string, JsonValue>;
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
      s += isDeepStrictEqual(a[k], b[k]) ? 1 : -1;
  }
  return { score: s, exact: samePath && sameQuery && sameBody };
}

/**
 * The best example among the candidate tools (ties: candidate order, then declaration order);
 * null when none has examples. `exampleName` (the `x-toolspec-sandbox-example` header) picks
 * one example by name, for examples whose requests are identical.
 */
export function chooseExample(
  tools: readonly ToolIR[],
  req: IncomingRequest,
  exampleName?: string | undefined,
): Choice | null {
  let best: (Choice & { score: number }) | null = null;
  for (const tool of tools) {
    for (const example of tool.examples) {
      if (exampleName !== undefined && example.name !== exampleName) continue;
      const r = score(example, req);
      if (r.exact) return { tool, example, exact: true };
      if (!best || r.score > best.score) best = { tool, example, exact: false, score: r.score };
    }
  }
  return best && { tool: best.tool, example: best.example, exact: best.exact };
}

/** The response body for a choice: the example's, with paging ended or emptied when the request is not the example's. */
export function answerBody(choice: Choice, req: IncomingRequest, issuedLink: boolean): JsonValue | null {
  const body = choice.example.response.body;
  const paging = choice.tool.paging;
  if (body === null || choice.exact || !paging) return body;
  const style = sandboxPaging(paging);
  const emptied =
    style.isContinuation(paging, req, issuedLink) && Array.isArray(getPointer(body, paging.itemsPointer))
      ? (withPointer(body, paging.itemsPointer, []) as JsonValue)
      : body;
  return style.endPaging(paging, emptied);
}

/** Replace the set's real server URL with the sandbox's, in every string of a body (next links, status URLs). */
export function rewriteUrls(value: JsonValue | null, serverUrl: RegExp, base: string): JsonValue | null {
  if (typeof value === 'string') return serverUrl.test(value) ? value.replace(serverUrl, base) : value;
  if (Array.isArray(value)) return value.map((v) => rewriteUrls(v, serverUrl, base) as JsonValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, rewriteUrls(v, serverUrl, base) as JsonValue]),
    );
  }
  return value;
}
