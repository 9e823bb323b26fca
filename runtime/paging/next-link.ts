/** `next_link`: the vendor returns the absolute URL of the next page (Graph `@odata.nextLink`), followed only on the connection's own origin, under the tool's own path (./confine.ts). */

import type { PagingIR } from '@toolspec/language';
import { getPointer } from '@toolspec/language';
import { ToolError } from '../errors.js';
import { confinedLinkPath } from './confine.js';
import { getRequest } from './params.js';
import type { PagingStyle } from './types.js';

const ownPathOf = (path: string): string => {
  const q = path.indexOf('?');
  return q < 0 ? path : path.slice(0, q);
};

type P = Extract<PagingIR, { style: 'next_link' }>;

/** The URL's path+query when it is on `origin`; throws otherwise. */
export function sameOriginPath(url: string, origin: string, tool: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ToolError({
      code: 'invalid_response',
      tool,
      message: `${tool}: the next-page link is not a valid URL`,
    });
  }
  if (u.origin !== origin) {
    throw new ToolError({
      code: 'forbidden',
      tool,
      message: `${tool}: refused to follow a next-page link to a foreign host (${u.host}); only ${new URL(origin).host} is followed`,
      hint: 'The vendor (or a forged cursor) pointed paging elsewhere; credentials are never sent to another host.',
      retryable: false,
    });
  }
  return `${u.pathname}${u.search}`;
}

export const nextLinkStyle: PagingStyle<P> = {
  positionFromInput: () => null,
  requestAt(_p, req, pos, ctx) {
    if (pos.style !== 'next_link') return req;
    const ownPath = ownPathOf(req.path);
    return getRequest(req, ctx.origin, confinedLinkPath(pos.url, { ...ctx, ownPath }));
  },
  read(p, body, ctx) {
    const items = getPointer(body, p.itemsPointer);
    const link = getPointer(body, p.nextPointer);
    // A relative link (`/v1/items?page=2`) is resolved against the connection's origin.
    const next = typeof link === 'string' && link.startsWith('/') ? `${ctx.origin}${link}` : link;
    if (typeof next === 'string' && next !== '') {
      if (ctx.ownPath === undefined) sameOriginPath(next, ctx.origin, ctx.tool);
      else confinedLinkPath(next, { ...ctx, ownPath: ctx.ownPath });
    }
    return {
      items: Array.isArray(items) ? items : [],
      next: typeof next === 'string' && next !== '' ? { style: 'next_link', url: next } : null,
    };
  },
};
