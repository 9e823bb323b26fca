/**
 * The shape of a vendor position read back from a cursor (which a caller can forge): every
 * field the styles put into a request is type-checked here, so a forged cursor cannot put
 * raw text into a query (`1&evil=1` as a partition) or a path (`..` as a statement handle).
 */
import { pathValueProblem } from '../http/uri.js';

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v !== '' && v.length <= max;

/** Why a decoded position is unusable, or null. Styles unknown here are left to their module. */
export function positionProblem(p: Record<string, unknown>): string | null {
  switch (p.style) {
    case 'cursor':
      // Positions keep their JSON type: a vendor cursor is text or a number.
      return isText(p.cursor, 4096) || (typeof p.cursor === 'number' && Number.isFinite(p.cursor))
        ? null
        : 'the vendor cursor is not text or a number';
    case 'offset':
      return isCount(p.offset) ? null : 'the offset is not a non-negative integer';
    case 'page_number':
      return isCount(p.page) ? null : 'the page number is not a non-negative integer';
    case 'next_link':
    case 'link_header':
      return isText(p.url, 8192) ? null : 'the next link is not text';
    case 'partitions': {
      if (!isCount(p.partition) || !isCount(p.count) || p.partition >= p.count)
        return 'the partition is not an integer below the partition count';
      if (typeof p.handle !== 'string') return 'the statement handle is not text';
      const handle = pathValueProblem(p.handle);
      if (handle) return `the statement handle cannot fill a path segment: expected ${handle}`;
      if (p.keep !== undefined && (p.keep === null || typeof p.keep !== 'object' || Array.isArray(p.keep)))
        return 'the kept values are not an object';
      return null;
    }
    default:
      return null;
  }
}
