/** The paging-style registry: one module per style, one envelope `{items, next_cursor, has_more}` for all (a list that comes whole too). */
import type { PagingIR, PagingStyle as StyleName } from '@toolspec/language';
import { cursorStyle } from './cursor.js';
import { linkHeaderStyle } from './link-header.js';
import { nextLinkStyle } from './next-link.js';
import { offsetStyle } from './offset.js';
import { pageNumberStyle } from './page-number.js';
import { partitionsStyle } from './partitions.js';
import { singlePageStyle } from './single-page.js';
import type { PagingStyle } from './types.js';

export type { EnginePosition, PageRead, PagingStyle, ReadContext, VendorPosition } from './types.js';

export const PAGING_STYLES: { readonly [S in StyleName]: PagingStyle<Extract<PagingIR, { style: S }>> } = {
  cursor: cursorStyle,
  offset: offsetStyle,
  page_number: pageNumberStyle,
  next_link: nextLinkStyle,
  link_header: linkHeaderStyle,
  partitions: partitionsStyle,
  single_page: singlePageStyle,
};

export function pagingStyle(p: PagingIR): PagingStyle {
  return PAGING_STYLES[p.style] as PagingStyle;
}
