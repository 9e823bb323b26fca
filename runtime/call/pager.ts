/**
 * One page of a paged tool, in the one envelope: build the tool's request (moved to the page's
 * vendor position by the style), send it, read items and the next position, map each item,
 * skip what an earlier budget cut already delivered. Collect mode and page iteration build on it.
 */

import type { JsonValue } from '@toolspec/language';
import type { ToolkitContext, ToolRuntime } from '../context.js';
import { ToolError } from '../errors.js';
import type { HttpRequest } from '../http/request.js';
import { checkPath, type LinkScope } from '../paging/confine.js';
import { encodeCursor } from '../paging/cursor-codec.js';
import type { EnginePosition, ReadContext, VendorPosition } from '../paging/index.js';
import { budgetItems, byteSize } from '../response/budget.js';
import { evalTemplate, mapResponse } from '../response/map.js';
import type { CallTrace } from '../telemetry/trace.js';
import type { CallOptions, Page, PageTruncation } from '../types.js';
import { isPending } from './poll.js';
import { send as sendCall } from './send.js';

export interface FetchedPage {
  /** Mapped items of the page after the skip. */
  readonly items: JsonValue[];
  /** The envelope base from `response.map` (an object), or null. */
  readonly base: Record<string, JsonValue> | null;
  /** Where this page was requested (null = the tool's own request) and how many items were skipped. */
  readonly at: VendorPosition | null;
  readonly skip: number;
  readonly next: VendorPosition | null;
  /** Set instead of a page when the answer is still pending (poll `skip_when`): the mapped answer. */
  readonly pending?: JsonValue | undefined;
  /** The answer (body and headers) held none of the connection's secrets: nothing made of it needs redaction. */
  readonly clean: boolean;
}

export async function fetchPage(
  ctx: ToolkitContext,
  rt: ToolRuntime,
  values: Record<string, unknown>,
  at: EnginePosition | null,
  opts: CallOptions | undefined,
  trace?: CallTrace,
): Promise<FetchedPage> {
  const { plan } = rt;
  const tool = plan.tool;
  const paging = plan.paging;
  const style = plan.pagingStyle;
  if (!paging || !style) throw new Error('not a paged tool');
  const pos = at?.pos ?? null;
  const rc = readContext(rt, values, pos);
  const res = await sendCall(
    ctx,
    rt,
    values,
    opts,
    (req) => (pos ? requestAtPosition(rt, req, pos, rc) : req),
    trace,
  );
  const skip = at?.skip ?? 0;
  const clean = !rt.conn.secrets.holds(`${res.text}\n${Object.values(res.headers).join('\n')}`);
  if (isPending(tool.poll, res.status)) {
    return {
      items: [],
      base: null,
      at: pos,
      skip,
      next: null,
      pending: mapResponse(tool, res.status, res.headers, res.body, plan.helpers),
      clean,
    };
  }
  const read = style.read(paging, res.body, { ...rc, headers: res.headers });
  const answer = style.restore ? { ...res, body: style.restore(paging, res.body, pos) } : res;
  let items: readonly unknown[] = read.items;
  if (tool.response.items !== null) {
    const evaluated = evalTemplate(tool, 'items', tool.response.items, answer, plan.helpers);
    items = Array.isArray(evaluated) ? evaluated : [];
  }
  let base: Record<string, JsonValue> | null = null;
  if (tool.response.map !== null && answer.body !== undefined) {
    const mapped = evalTemplate(tool, 'map', tool.response.map, answer, plan.helpers);
    if (mapped !== null && typeof mapped === 'object' && !Array.isArray(mapped))
      base = mapped as Record<string, JsonValue>;
  }
  return {
    items: (skip > 0 ? items.slice(skip) : items) as JsonValue[],
    base,
    at: pos,
    skip,
    next: withoutCredentialQuery(read.next, rt.conn.auth.placed?.query ?? []),
    clean,
  };
}

/**
 * A next link without the query credentials auth adds to every request (a vendor's link may echo
 * `?key=…&token=…`): the cursor, which is shown, never carries them, and the request for that
 * page gets them from the connection again.
 */
function withoutCredentialQuery(
  next: VendorPosition | null,
  placed: readonly (readonly [string, string])[],
): VendorPosition | null {
  if (next === null || !('url' in next) || placed.length === 0) return next;
  const q = next.url.indexOf('?');
  if (q < 0) return next;
  const hash = next.url.indexOf('#', q);
  const end = hash < 0 ? next.url.length : hash;
  const names = new Set(placed.map(([name]) => name));
  const kept = next.url
    .slice(q + 1, end)
    .split('&')
    .filter((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      try {
        return !names.has(decodeURIComponent(name.replace(/\+/g, ' ')));
      } catch {
        return true;
      }
    });
  const url = `${next.url.slice(0, q)}${kept.length > 0 ? `?${kept.join('&')}` : ''}${next.url.slice(end)}`;
  return { ...next, url };
}

/** What a paging style reads a page with: the values sent, the connection, where links may lead. */
export function readContext(
  rt: ToolRuntime,
  values: Record<string, unknown>,
  pos: VendorPosition | null,
): ReadContext {
  const { plan } = rt;
  return {
    at: pos,
    param: (name) => {
      const i = plan.byVendorName.get(name);
      if (!i) return undefined;
      return values[i.name] ?? (i.sendDefault ? i.default : undefined);
    },
    origin: rt.base.origin,
    basePath: rt.base.basePath,
    tool: plan.tool.name,
    helpers: plan.helpers,
    scope: rt.linkScope as LinkScope,
  };
}

/**
 * The tool's request moved to `pos` by its paging style, checked before it is sent: whatever the
 * style (a vendor link, a cursor's position, a partition path), it goes only to the tool's own
 * path or a template the paging declares, on the connection's origin and base path.
 */
export function requestAtPosition(
  rt: ToolRuntime,
  req: HttpRequest,
  pos: VendorPosition,
  rc: ReadContext,
): HttpRequest {
  const { paging, pagingStyle } = rt.plan;
  if (!paging || !pagingStyle) return req;
  const moved = pagingStyle.requestAt(paging, req, pos, rc);
  const q = moved.path.indexOf('?');
  checkPath(q < 0 ? moved.path : moved.path.slice(0, q), rc.scope);
  return moved;
}

const cursorHint = (rt: ToolRuntime): string =>
  rt.plan.cursorInput
    ? `Call again with next_cursor as "${rt.plan.cursorInput.name}" to get the rest.`
    : 'Call again with next_cursor (CallOptions.cursor / --cursor) to get the rest.';

/** The envelope of one page, cut to the tool's output budget. */
export function pageEnvelope(rt: ToolRuntime, page: FetchedPage): Page {
  const tool = rt.plan.tool;
  const next_cursor = page.next ? encodeCursor(tool.name, page.next, 0, rt.cursorKey) : null;
  const overhead = 400 + (next_cursor?.length ?? 0) + (page.base ? byteSize(page.base) : 0);
  const { keep } = budgetItems(page.items, tool.maxOutputBytes, overhead);
  if (keep >= page.items.length)
    return Object.assign({}, page.base, { items: page.items, next_cursor, has_more: next_cursor !== null });
  return {
    ...page.base,
    items: page.items.slice(0, keep),
    next_cursor: encodeCursor(tool.name, page.at, page.skip + keep, rt.cursorKey),
    has_more: true,
    truncated: {
      reason: 'max_output_bytes',
      limit: tool.maxOutputBytes,
      dropped_items: page.items.length - keep,
      hint: `The page was larger than the tool's output budget. ${cursorHint(rt)}`,
    },
  };
}

export interface CollectBounds {
  readonly maxItems: number;
  readonly maxPages: number;
  readonly maxBytes: number;
}

export const DEFAULT_COLLECT = { maxItems: 1000, maxPages: 50 } as const;

/** Pages `toolkit.pages()` follows when the caller sets no maxPages. */
export const DEFAULT_ITERATE_PAGES = 1000;

/**
 * Remembers the page positions already requested in one paging run: a vendor whose next
 * position points back at one of them (a self-referencing next link) is a loop, refused.
 */
export class PageLoopGuard {
  private readonly seen = new Set<string>();
  constructor(private readonly tool: string) {}

  visit(pos: VendorPosition | null, skip = 0): void {
    const key = JSON.stringify([pos, skip]);
    if (this.seen.has(key)) {
      throw new ToolError({
        code: 'invalid_response',
        tool: this.tool,
        message: `${this.tool}: the vendor's next page points back to a page already read (a paging loop); stopped`,
        hint: 'The vendor repeated a page position; the items so far were delivered. Report it or narrow the request.',
        retryable: false,
      });
    }
    this.seen.add(key);
  }
}

/** Follow pages and gather items until the vendor has no more or a bound is reached. */
export async function collect(
  ctx: ToolkitContext,
  rt: ToolRuntime,
  values: Record<string, unknown>,
  start: EnginePosition | null,
  opts: CallOptions | undefined,
  trace?: CallTrace,
): Promise<Page> {
  const tool = rt.plan.tool;
  const bounds: CollectBounds = {
    maxItems: opts?.maxItems ?? DEFAULT_COLLECT.maxItems,
    maxPages: opts?.maxPages ?? DEFAULT_COLLECT.maxPages,
    maxBytes: Math.min(opts?.maxBytes ?? tool.maxOutputBytes, tool.maxOutputBytes) - 600,
  };
  const items: JsonValue[] = [];
  let base: Record<string, JsonValue> | null = null;
  let bytes = 0;
  let at = start;
  let pages = 0;
  const loop = new PageLoopGuard(tool.name);
  for (;;) {
    loop.visit(at?.pos ?? null, at?.skip ?? 0);
    const page = await fetchPage(ctx, rt, values, at, opts, trace);
    if (page.pending !== undefined) return page.pending as unknown as Page;
    pages++;
    base ??= page.base;
    for (let i = 0; i < page.items.length; i++) {
      const item = page.items[i] as JsonValue;
      const size = byteSize(item) + 1;
      const reason: PageTruncation['reason'] | null =
        items.length >= bounds.maxItems
          ? 'max_items'
          : items.length > 0 && bytes + size > bounds.maxBytes
            ? opts?.maxBytes !== undefined && opts.maxBytes < tool.maxOutputBytes
              ? 'max_bytes'
              : 'max_output_bytes'
            : null;
      if (reason) {
        return {
          ...base,
          items,
          next_cursor: encodeCursor(tool.name, page.at, page.skip + i, rt.cursorKey),
          has_more: true,
          truncated: {
            reason,
            limit: reason === 'max_items' ? bounds.maxItems : bounds.maxBytes + 600,
            dropped_items: page.items.length - i,
            hint: `Stopped at the ${reason.replace('max_', '').replace('_', ' ')} bound. ${cursorHint(rt)}`,
          },
        };
      }
      items.push(item);
      bytes += size;
    }
    if (!page.next) return Object.assign({}, base, { items, next_cursor: null, has_more: false });
    if (pages >= bounds.maxPages) {
      return {
        ...base,
        items,
        next_cursor: encodeCursor(tool.name, page.next, 0, rt.cursorKey),
        has_more: true,
        truncated: {
          reason: 'max_pages',
          limit: bounds.maxPages,
          hint: `Stopped after ${pages} page(s). ${cursorHint(rt)}`,
        },
      };
    }
    at = { tool: tool.name, pos: page.next, skip: 0 };
  }
}
