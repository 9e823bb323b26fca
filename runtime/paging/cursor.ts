/** `cursor`: the vendor returns an opaque next cursor; the request carries it in query or body (Notion). */

import type { PagingIR } from '@toolspec/language';
import { getPointer } from '@toolspec/language';
import { withParam } from './params.js';
import type { PagingStyle } from './types.js';

type P = Extract<PagingIR, { style: 'cursor' }>;

export const cursorStyle: PagingStyle<P> = {
  positionFromInput: (_p, value) =>
    typeof value === 'string' && value !== '' ? { style: 'cursor', cursor: value } : null,
  requestAt(p, req, pos) {
    return pos.style === 'cursor' ? withParam(req, p.in, p.cursorParam, pos.cursor) : req;
  },
  read(p, body) {
    const items = getPointer(body, p.itemsPointer);
    const next = getPointer(body, p.nextPointer);
    const more = p.hasMorePointer === null ? true : getPointer(body, p.hasMorePointer) === true;
    return {
      items: Array.isArray(items) ? items : [],
      next: more && typeof next === 'string' && next !== '' ? { style: 'cursor', cursor: next } : null,
    };
  },
};
