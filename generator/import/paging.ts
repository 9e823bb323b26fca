/**
 * Paging inferred from common shapes, each inference with the reason written beside it: a `Link`
 * header documented in the response (`link_header`), a cursor parameter with a next-cursor field
 * (`cursor`), a last-item cursor with `has_more` (`cursor`, the next cursor read from the last
 * item), offset and limit parameters (`offset`), a next URL in the body (`next_link`). Where the
 * shapes do not settle it (a page parameter alone, several arrays in the answer) there is no paging
 * and a warning instead: a guess could lose pages in silence. Pure.
 */
import { isObject, type JsonObject } from './openapi.js';

export interface PagingFacts {
  /** Query parameters (vendor names) of the operation. */
  readonly query: readonly string[];
  /** The 2xx JSON body schema, references followed at its top (may be undefined). */
  readonly body: JsonObject | undefined;
  /** Header names documented on the 2xx response. */
  readonly headers: readonly string[];
}

export type PagingInference =
  | { readonly kind: 'paged'; readonly style: JsonObject; readonly why: string }
  | { readonly kind: 'unsure'; readonly why: string }
  | { readonly kind: 'none' };

const CURSOR_PARAMS = [
  'cursor',
  'page_token',
  'pageToken',
  'next_token',
  'nextToken',
  'after',
  'page_cursor',
  'continuation_token',
  'continuationToken',
];
const NEXT_FIELDS = [
  'next_cursor',
  'nextCursor',
  'next_page_token',
  'nextPageToken',
  'next_token',
  'nextToken',
  'cursor',
  'continuation_token',
  'continuationToken',
];
const SIZE_PARAMS = [
  'limit',
  'page_size',
  'pageSize',
  'per_page',
  'perPage',
  'size',
  'count',
  'max_results',
  'maxResults',
  'top',
];
const LAST_ITEM_PARAMS = ['starting_after'];
const NEXT_LINK_FIELDS = [
  'next',
  'next_url',
  'nextUrl',
  'next_page_url',
  'next_page_uri',
  'nextLink',
  '@odata.nextLink',
];
const HAS_MORE_FIELDS = ['has_more', 'hasMore', 'has_next', 'hasNext', 'more'];
const PAGE_PARAMS = ['page', 'page_number', 'pageNumber', 'offset', 'skip', 'start', 'startAt'];

const isArray = (s: unknown) =>
  isObject(s) && (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) || 'items' in s);

/** The pointer to the page's items: the body itself, or its one array property. */
function itemsPointer(body: JsonObject | undefined): string | null {
  if (!body) return null;
  if (isArray(body)) return '';
  const props = isObject(body.properties) ? body.properties : {};
  const arrays = Object.entries(props).filter(([, s]) => isArray(s));
  return arrays.length === 1 && arrays[0]
    ? `/${arrays[0][0].replaceAll('~', '~0').replaceAll('/', '~1')}`
    : null;
}

const pick = (names: readonly string[], among: readonly string[]) => names.find((n) => among.includes(n));

export function inferPaging(f: PagingFacts): PagingInference {
  const props = f.body && isObject(f.body.properties) ? Object.keys(f.body.properties) : [];
  const items = itemsPointer(f.body);
  const size = pick(SIZE_PARAMS, f.query);
  const sizePart: JsonObject = size ? { size_param: size } : {};
  const link = f.headers.some((h) => h.toLowerCase() === 'link');
  const pagedParam = pick([...CURSOR_PARAMS, ...LAST_ITEM_PARAMS, ...PAGE_PARAMS], f.query);
  const hint = pagedParam ?? pick([...NEXT_FIELDS, ...NEXT_LINK_FIELDS, ...HAS_MORE_FIELDS], props);
  if (!hint && !link) return { kind: 'none' };
  if (items === null)
    return {
      kind: 'unsure',
      why: `looks paged (${hint ?? 'Link header'}) but the answer has no single array of items: no paging declared`,
    };
  if (link)
    return {
      kind: 'paged',
      style: { style: 'link_header', items },
      why: 'the response documents a Link header: the next page is its rel="next" URL',
    };
  const cursor = pick(CURSOR_PARAMS, f.query);
  const next = pick(NEXT_FIELDS, props);
  const more = pick(HAS_MORE_FIELDS, props);
  if (cursor && next)
    return {
      kind: 'paged',
      style: {
        style: 'cursor',
        in: 'query',
        cursor_param: cursor,
        ...sizePart,
        items,
        next: `/${next}`,
        ...(more ? { has_more: `/${more}` } : {}),
      },
      why: `the cursor parameter "${cursor}" takes the answer's "${next}"`,
    };
  const lastItem = pick(LAST_ITEM_PARAMS, f.query);
  if (lastItem && more && items !== '')
    return {
      kind: 'paged',
      style: {
        style: 'cursor',
        in: 'query',
        cursor_param: lastItem,
        ...sizePart,
        items,
        next: { $eval: 'last_item.id' },
        has_more: `/${more}`,
      },
      why: `"${lastItem}" takes the last item's id while "${more}" says more pages exist`,
    };
  const nextLink = pick(NEXT_LINK_FIELDS, props);
  if (nextLink && !pagedParam)
    return {
      kind: 'paged',
      style: { style: 'next_link', items, next: `/${nextLink.replaceAll('~', '~0').replaceAll('/', '~1')}` },
      why: `the answer's "${nextLink}" is the next page's URL`,
    };
  const offset = f.query.includes('offset') ? 'offset' : undefined;
  const total = pick(['total', 'total_count', 'totalCount', 'count'], props);
  if (offset && size && (total || more))
    return {
      kind: 'paged',
      style: {
        style: 'offset',
        in: 'query',
        offset_param: offset,
        limit_param: size,
        items,
        ...(total ? { total: `/${total}` } : {}),
      },
      why: `"${offset}" and "${size}" page through the items${total ? `, "${total}" ends the listing` : ''}`,
    };
  return {
    kind: 'unsure',
    why: `looks paged ("${hint ?? 'Link'}") but no paging shape is certain: no paging declared (declare it, or the tool returns one page)`,
  };
}

/** A short name for a set-level paging declaration. */
export function pagingName(style: JsonObject): string {
  const s = String(style.style);
  if (s === 'link_header')
    return style.items === ''
      ? 'link_header'
      : `link_header_${String(style.items).replace(/\W+/g, '_').replace(/^_/, '')}`;
  const param = style.cursor_param ?? style.offset_param ?? '';
  return `${s}_${String(param).replace(/\W+/g, '_')}`.toLowerCase();
}
