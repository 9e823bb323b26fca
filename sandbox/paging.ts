/**
 * What the sandbox needs of each paging style, in one typed registry keyed by the IR's union
 * (adding a style to the language makes this fail to compile until the sandbox knows it): which
 * request parameters the style sends, whether a request asks for a further page, how to take the
 * "more pages" signal out of an answer, which next link an answer issues, and which follow-up
 * requests (another partition) belong to the tool. Pure.
 */
import type { JsonValue, PagingIR, PagingStyle } from '@toolspec/language';
import { getPointer, withPointer } from '@toolspec/language';
import type { IncomingRequest } from './incoming.js';
import { templatePattern } from './routes.js';

type Where = 'query' | 'body';

export interface SandboxPaging<P extends PagingIR = PagingIR> {
  /** The request parameters this paging sends at `where` (allowed in a request to the tool). */
  params(p: P, where: Where): string[];
  /** Does the request ask for a further page (a cursor, a non-zero offset or partition, an issued next link)? */
  isContinuation(p: P, req: IncomingRequest, issuedLink: boolean): boolean;
  /** A copy of a response body with every "more pages" signal removed. */
  endPaging(p: P, body: JsonValue): JsonValue;
  /** The next link an answer body issues, if the style uses links. */
  issuedLink(p: P, body: JsonValue | null): string | null;
  /** Whether a request on another route is this tool's follow-up for a further page. */
  isFollowUp(p: P, method: string, path: string, req: IncomingRequest): boolean;
}

type PagingOf<S extends PagingStyle> = Extract<PagingIR, { style: S }>;

function param(req: IncomingRequest, name: string, where: Where): unknown {
  if (where === 'query') return req.query[name];
  const body = req.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? body[name] : undefined;
}

const has = (body: JsonValue, pointer: string) => getPointer(body, pointer) !== undefined;
const none = () => null;
const never = () => false;

const SANDBOX_PAGING: { readonly [S in PagingStyle]: SandboxPaging<PagingOf<S>> } = {
  cursor: {
    params: (p, where) =>
      p.in !== where ? [] : p.sizeParam ? [p.cursorParam, p.sizeParam] : [p.cursorParam],
    isContinuation: (p, req) => {
      const v = param(req, p.cursorParam, p.in);
      return v !== undefined && v !== null && v !== '';
    },
    endPaging: (p, body) => {
      let out =
        p.nextPointer !== '' && has(body, p.nextPointer) ? withPointer(body, p.nextPointer, null) : body;
      if (p.hasMorePointer && has(body, p.hasMorePointer)) out = withPointer(out, p.hasMorePointer, false);
      return out as JsonValue;
    },
    issuedLink: none,
    isFollowUp: never,
  },
  offset: {
    params: (p, where) => (p.in === where ? [p.offsetParam, p.limitParam] : []),
    isContinuation: (p, req) => Number(param(req, p.offsetParam, p.in) ?? 0) > 0,
    endPaging: (_p, body) => body,
    issuedLink: none,
    isFollowUp: never,
  },
  page_number: {
    params: (p, where) => (p.in !== where ? [] : p.sizeParam ? [p.pageParam, p.sizeParam] : [p.pageParam]),
    isContinuation: (p, req) => Number(param(req, p.pageParam, p.in) ?? p.startPage) > p.startPage,
    endPaging: (p, body) => {
      let out: JsonValue = body;
      if (p.lastPointer && has(out, p.lastPointer)) out = withPointer(out, p.lastPointer, true) as JsonValue;
      if (p.totalPagesPointer && has(out, p.totalPagesPointer))
        out = withPointer(out, p.totalPagesPointer, 1) as JsonValue;
      return out;
    },
    issuedLink: none,
    isFollowUp: never,
  },
  // The sandbox answers with the example's headers only; an example without a Link header is a last page.
  link_header: {
    params: () => [],
    isContinuation: (_p, _req, issuedLink) => issuedLink,
    endPaging: (_p, body) => body,
    issuedLink: none,
    isFollowUp: never,
  },
  next_link: {
    params: () => [],
    isContinuation: (_p, _req, issuedLink) => issuedLink,
    // An undefined member is dropped when the body is serialized.
    endPaging: (p, body) =>
      (has(body, p.nextPointer) ? withPointer(body, p.nextPointer, undefined) : body) as JsonValue,
    issuedLink: (p, body) => {
      const next = getPointer(body, p.nextPointer);
      return typeof next === 'string' ? next : null;
    },
    isFollowUp: never,
  },
  partitions: {
    params: (p, where) => (where === 'query' ? [p.partitionParam] : []),
    isContinuation: (p, req) => Number(req.query[p.partitionParam] ?? 0) > 0,
    endPaging: (p, body) => {
      const parts = getPointer(body, p.partitionsPointer);
      return (
        Array.isArray(parts) && parts.length > 1
          ? withPointer(body, p.partitionsPointer, parts.slice(0, 1))
          : body
      ) as JsonValue;
    },
    issuedLink: none,
    isFollowUp: (p, method, path, req) =>
      method === 'GET' && req.query[p.partitionParam] !== undefined && templatePattern(p.path).test(path),
  },
  // The whole list in one answer: no parameters, never a further page.
  single_page: {
    params: () => [],
    isContinuation: never,
    endPaging: (_p, body) => body,
    issuedLink: none,
    isFollowUp: never,
  },
};

/** The sandbox's handling of a tool's paging. */
export function sandboxPaging(p: PagingIR): SandboxPaging {
  return SANDBOX_PAGING[p.style] as SandboxPaging;
}
