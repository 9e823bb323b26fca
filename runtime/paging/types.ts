/** Paging: one envelope for every style; each style is one small module in this directory. */

import type { Helpers, PagingIR } from '@toolspec/language';
import type { HttpRequest } from '../http/request.js';
import type { LinkScope } from './confine.js';

/** Where a page starts, in the vendor's terms. Kept inside the engine cursor; never shown raw. */
export type VendorPosition =
  | { readonly style: 'cursor'; readonly cursor: string | number }
  | { readonly style: 'offset'; readonly offset: number }
  | { readonly style: 'page_number'; readonly page: number }
  | { readonly style: 'next_link'; readonly url: string }
  | { readonly style: 'link_header'; readonly url: string }
  | {
      readonly style: 'partitions';
      readonly handle: string;
      readonly partition: number;
      readonly count: number;
      /** First-answer values (by pointer) restored into later partitions' answers (the style's `keep`). */
      readonly keep?: Readonly<Record<string, unknown>> | undefined;
    };

/** The decoded engine cursor: the tool, the page's vendor position, and items of that page already delivered. */
export interface EnginePosition {
  readonly tool: string;
  /** null = the tool's own first request. */
  readonly pos: VendorPosition | null;
  /** Items at the start of that page to skip (set when an output budget cut a page short). */
  readonly skip: number;
}

export interface PageRead {
  readonly items: readonly unknown[];
  readonly next: VendorPosition | null;
}

export interface ReadContext {
  /** The position this page was requested at (null = first request). */
  readonly at: VendorPosition | null;
  /** The value sent for a vendor parameter (by its vendor name), e.g. the page size; undefined when not sent. */
  param(name: string): unknown;
  /** The connection's origin. */
  readonly origin: string;
  /** The connection's server path (e.g. `/v1`), prefix of partition paths. */
  readonly basePath: string;
  readonly tool: string;
  /** What the tool's paging expressions may call. */
  readonly helpers: Helpers;
  /** Where next links may lead: the origin, the base path, the tool's own path or a declared template. */
  readonly scope: LinkScope;
  /** The answer's headers (lower-cased names), when reading a page. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

export interface PagingStyle<P extends PagingIR = PagingIR> {
  /** The position a caller-supplied vendor value of the cursor input stands for (offset as a number, cursor as text). */
  positionFromInput(p: P, value: unknown): VendorPosition | null;
  /** Rewrite the tool's first request so it asks for the page at `pos`. */
  requestAt(p: P, req: HttpRequest, pos: VendorPosition, ctx: ReadContext): HttpRequest;
  /** Where the next page starts (null = last page), and the items at the style's pointer. */
  read(p: P, body: unknown, ctx: ReadContext): PageRead;
  /** The answer as the response templates should see it (partitions restore kept first-answer values). */
  restore?(p: P, body: unknown, at: VendorPosition | null): unknown;
}
