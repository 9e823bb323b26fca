/**
 * `cursor`: the vendor returns a next cursor; the request carries it in query or body (Notion,
 * and many others). The cursor comes from a pointer or from an expression over `{body, headers, last_item}`
 * (`starting_after` = the last item's id) and keeps its JSON type; has-more likewise.
 */

import type { PagingIR } from '@toolspec/language';
import { getPointer } from '@toolspec/language';
import { cannotFollow, evalPagingExpr } from './expr.js';
import { withParam } from './params.js';
import type { PagingStyle } from './types.js';

type P = Extract<PagingIR, { style: 'cursor' }>;

const usable = (v: unknown): v is string | number =>
  (typeof v === 'string' && v !== '') || (typeof v === 'number' && Number.isFinite(v));

export const cursorStyle: PagingStyle<P> = {
  positionFromInput: (_p, value) =>
    typeof value === 'string' && value !== '' ? { style: 'cursor', cursor: value } : null,
  requestAt(p, req, pos) {
    return pos.style === 'cursor' ? withParam(req, p.in, p.cursorParam, pos.cursor) : req;
  },
  read(p, body, ctx) {
    const raw = getPointer(body, p.itemsPointer);
    const items = Array.isArray(raw) ? raw : [];
    const view = { body, headers: ctx.headers ?? {}, items };
    const next =
      p.nextExpr !== null
        ? evalPagingExpr(ctx.tool, 'next cursor', p.nextExpr, view, ctx.helpers)
        : getPointer(body, p.nextPointer);
    const declared =
      p.hasMoreExpr !== null
        ? evalPagingExpr(ctx.tool, 'has-more flag', p.hasMoreExpr, view, ctx.helpers) === true
        : p.hasMorePointer !== null
          ? getPointer(body, p.hasMorePointer) === true
          : null;
    const more = declared ?? true;
    if (declared === true && !usable(next)) throw cannotFollow(ctx.tool, 'no next cursor could be read');
    return { items, next: more && usable(next) ? { style: 'cursor', cursor: next } : null };
  },
};
