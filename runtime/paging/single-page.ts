/**
 * `single_page`: a list that comes whole in one answer (the vendor has no paging). The items at
 * the pointer, in the same envelope as every paged list, and never a further page: `all: true`
 * sends one request. A cursor exists only when the output budget cut the list short; it asks for
 * the same list again and skips what was delivered.
 */

import type { PagingIR } from '@toolspec/language';
import { getPointer } from '@toolspec/language';
import type { PagingStyle } from './types.js';

type P = Extract<PagingIR, { style: 'single_page' }>;

export const singlePageStyle: PagingStyle<P> = {
  positionFromInput: () => null,
  requestAt: (_p, req) => req,
  read(p, body) {
    const items = getPointer(body, p.itemsPointer);
    return { items: Array.isArray(items) ? items : [], next: null };
  },
};
