/**
 * `link_header`: the next page's URL in the RFC 8288 `Link` response header
 * (`<https://api.example.com/items?page=2>; rel="next"`), resolved against the connection's origin
 * when relative and followed only where ./confine.ts allows.
 */

import type { PagingIR } from '@toolspec/language';
import { getPointer } from '@toolspec/language';
import { confinedLinkPath } from './confine.js';
import { getRequest } from './params.js';
import type { PagingStyle } from './types.js';

type P = Extract<PagingIR, { style: 'link_header' }>;

/** The target of the link with relation `rel` in a `Link` header value, or null. */
export function linkTarget(header: string | undefined, rel: string): string | null {
  if (!header) return null;
  for (const m of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g)) {
    for (const param of (m[2] ?? '').matchAll(/;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]*))/gi)) {
      const rels = (param[1] ?? param[2] ?? '').toLowerCase().split(/\s+/);
      if (rels.includes(rel.toLowerCase())) return m[1] ?? null;
    }
  }
  return null;
}

export const linkHeaderStyle: PagingStyle<P> = {
  positionFromInput: () => null,
  requestAt(_p, req, pos, ctx) {
    if (pos.style !== 'link_header') return req;
    return getRequest(req, ctx.origin, confinedLinkPath(pos.url, ctx.scope));
  },
  read(p, body, ctx) {
    const items = getPointer(body, p.itemsPointer);
    const target = linkTarget(ctx.headers?.link, p.rel);
    let next: { style: 'link_header'; url: string } | null = null;
    if (target) {
      const url = new URL(target, `${ctx.origin}/`).href;
      confinedLinkPath(url, ctx.scope);
      next = { style: 'link_header', url };
    }
    return { items: Array.isArray(items) ? items : [], next };
  },
};
