/** `next_link`: the vendor returns the absolute URL of the next page (Graph `@odata.nextLink`), followed only where ./confine.ts allows. */

import type { PagingIR } from '@toolspec/language';
import { getPointer } from '@toolspec/language';
import { confinedLinkPath } from './confine.js';
import { getRequest } from './params.js';
import type { PagingStyle } from './types.js';

type P = Extract<PagingIR, { style: 'next_link' }>;

export const nextLinkStyle: PagingStyle<P> = {
  positionFromInput: () => null,
  requestAt(_p, req, pos, ctx) {
    if (pos.style !== 'next_link') return req;
    return getRequest(req, ctx.origin, confinedLinkPath(pos.url, ctx.scope));
  },
  read(p, body, ctx) {
    const items = getPointer(body, p.itemsPointer);
    const link = getPointer(body, p.nextPointer);
    // A relative link (`/v1/items?page=2`) is resolved against the connection's origin.
    const next = typeof link === 'string' && link.startsWith('/') ? `${ctx.origin}${link}` : link;
    if (typeof next === 'string' && next !== '') confinedLinkPath(next, ctx.scope);
    return {
      items: Array.isArray(items) ? items : [],
      next: typeof next === 'string' && next !== '' ? { style: 'next_link', url: next } : null,
    };
  },
};
