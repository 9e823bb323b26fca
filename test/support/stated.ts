/** A tool's output as a spec example states it: a paged output's next_cursor without the signature of the process that issued it. */
import { unsignedCursor } from '../../runtime/paging/cursor-codec.js';

export function asStated<T>(output: T): T {
  if (output === null || typeof output !== 'object' || Array.isArray(output)) return output;
  const cursor = (output as { next_cursor?: unknown }).next_cursor;
  return typeof cursor === 'string' ? { ...output, next_cursor: unsignedCursor(cursor) } : output;
}
