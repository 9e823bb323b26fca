/** `partitions`: numbered result partitions behind a handle (Snowflake): partition N is fetched from the style's path with the partition parameter. */

import type { PagingIR } from '@toolspec/language';
import { getPointer, withPointer } from '@toolspec/language';
import { ToolError } from '../errors.js';
import { encodeQueryKey, encodeSegment } from '../http/uri.js';
import { getRequest } from './params.js';
import { positionProblem } from './position-check.js';
import type { PagingStyle, VendorPosition } from './types.js';

type P = Extract<PagingIR, { style: 'partitions' }>;

export const partitionsStyle: PagingStyle<P> = {
  positionFromInput: () => null,
  requestAt(p, req, pos, ctx) {
    if (pos.style !== 'partitions') return req;
    const problem = positionProblem(pos);
    if (problem) {
      throw new ToolError({
        code: 'invalid_response',
        tool: ctx.tool,
        message: `${ctx.tool}: refused to fetch the next partition: ${problem}`,
        retryable: false,
      });
    }
    const path = p.path.replaceAll('{handle}', encodeSegment(pos.handle));
    return getRequest(
      req,
      ctx.origin,
      `${ctx.basePath}${path}?${encodeQueryKey(p.partitionParam)}=${pos.partition}`,
    );
  },
  read(p, body, ctx) {
    const items = getPointer(body, p.itemsPointer);
    let next: VendorPosition | null = null;
    if (ctx.at?.style === 'partitions') {
      const { partition, count } = ctx.at;
      if (partition + 1 < count) next = { ...ctx.at, partition: partition + 1 };
    } else {
      const parts = getPointer(body, p.partitionsPointer);
      const handle = getPointer(body, p.handlePointer);
      const count = Array.isArray(parts) ? parts.length : 0;
      if (count > 1 && typeof handle === 'string' && handle !== '') {
        let keep: Record<string, unknown> | undefined;
        for (const pointer of p.keep) {
          const v = getPointer(body, pointer);
          if (v === undefined) continue;
          keep ??= {};
          keep[pointer] = v;
        }
        next = { style: 'partitions', handle, partition: 1, count, keep };
      }
    }
    return { items: Array.isArray(items) ? items : [], next };
  },
  restore(_p, body, at) {
    if (at?.style !== 'partitions' || !at.keep) return body;
    let out = body;
    for (const [pointer, value] of Object.entries(at.keep)) {
      if (getPointer(out, pointer) === undefined) out = withPointer(out, pointer, value);
    }
    return out;
  },
};
