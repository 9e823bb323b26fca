/**
 * `page_number`: numbered pages (`page=2&per_page=50`). The listing ends on the last page as the
 * vendor marks it (a total-pages field, an `isLast` flag), else on a short or empty page.
 */

import type { PagingIR } from '@toolspec/language';
import { getPointer } from '@toolspec/language';
import { cannotFollow } from './expr.js';
import { withParam } from './params.js';
import type { PagingStyle } from './types.js';

type P = Extract<PagingIR, { style: 'page_number' }>;

export const pageNumberStyle: PagingStyle<P> = {
  positionFromInput: (p, value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= p.startPage
      ? { style: 'page_number', page: value }
      : null,
  requestAt(p, req, pos) {
    return pos.style === 'page_number' ? withParam(req, p.in, p.pageParam, pos.page) : req;
  },
  read(p, body, ctx) {
    const raw = getPointer(body, p.itemsPointer);
    const items = Array.isArray(raw) ? raw : [];
    const sentPage = Number(ctx.param(p.pageParam));
    const page =
      ctx.at?.style === 'page_number' ? ctx.at.page : Number.isInteger(sentPage) ? sentPage : p.startPage;
    const next = { style: 'page_number' as const, page: page + 1 };
    if (p.lastPointer !== null) {
      const last = getPointer(body, p.lastPointer);
      if (last === true) return { items, next: null };
      if (last === false) {
        if (items.length === 0) throw cannotFollow(ctx.tool, 'the page was empty');
        return { items, next };
      }
    }
    if (p.totalPagesPointer !== null) {
      const total = Number(getPointer(body, p.totalPagesPointer));
      if (Number.isFinite(total)) {
        const pagesSeen = page - p.startPage + 1;
        if (pagesSeen >= total) return { items, next: null };
        if (items.length === 0) throw cannotFollow(ctx.tool, `page ${page} of ${total} was empty`);
        return { items, next };
      }
    }
    const sentSize = p.sizeParam === null ? Number.NaN : Number(ctx.param(p.sizeParam));
    const size = Number.isFinite(sentSize) && sentSize > 0 ? sentSize : p.defaultSize;
    return { items, next: items.length > 0 && items.length >= size ? next : null };
  },
};
