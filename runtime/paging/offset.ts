/** `offset`: limit/offset in query or body (Attio). A full page means there may be more. */

import type { PagingIR } from '@toolspec/language';
import { getPointer } from '@toolspec/language';
import { cannotFollow } from './expr.js';
import { withParam } from './params.js';
import type { PagingStyle } from './types.js';

type P = Extract<PagingIR, { style: 'offset' }>;

export const offsetStyle: PagingStyle<P> = {
  positionFromInput: (_p, value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0
      ? { style: 'offset', offset: value }
      : null,
  requestAt(p, req, pos) {
    return pos.style === 'offset' ? withParam(req, p.in, p.offsetParam, pos.offset) : req;
  },
  read(p, body, ctx) {
    const raw = getPointer(body, p.itemsPointer);
    const items = Array.isArray(raw) ? raw : [];
    const start = ctx.at?.style === 'offset' ? ctx.at.offset : Number(ctx.param(p.offsetParam) ?? 0) || 0;
    const sentLimit = Number(ctx.param(p.limitParam));
    const limit = Number.isFinite(sentLimit) && sentLimit > 0 ? sentLimit : p.defaultLimit;
    const next = { style: 'offset' as const, offset: start + items.length };
    if (p.lastPointer !== null) {
      const last = getPointer(body, p.lastPointer);
      if (last === true) return { items, next: null };
      if (last === false) {
        if (items.length === 0) throw cannotFollow(ctx.tool, 'the page was empty');
        return { items, next };
      }
    }
    if (p.totalPointer !== null) {
      const total = Number(getPointer(body, p.totalPointer));
      if (Number.isFinite(total)) {
        if (start + items.length >= total) return { items, next: null };
        if (items.length === 0) throw cannotFollow(ctx.tool, `the page at offset ${start} was empty`);
        return { items, next };
      }
    }
    return {
      items,
      next:
        items.length > 0 && items.length >= limit ? { style: 'offset', offset: start + items.length } : null,
    };
  },
};
