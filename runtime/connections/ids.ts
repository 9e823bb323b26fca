/**
 * The store keys of callers' connections, shared by the resolver (which keys a caller's tokens
 * and buckets) and the Redis store (which removes those tokens when the connection changes).
 */
import { createHash } from 'node:crypto';

/** The key of a caller's connection of a set (the caller's name is encoded, so no caller can spell another's key). */
export function callerConnectionId(caller: string, set: string): string {
  return `caller/${encodeURIComponent(caller)}/${set}`;
}

/**
 * The id of a caller's stored connection: its key and the SHA-1 of the stored text (what Redis's
 * `redis.sha1hex` computes too), so tokens kept for one connection are never read by another one
 * set later under the same caller and set.
 */
export function storedConnectionId(caller: string, set: string, raw: string): string {
  return `${callerConnectionId(caller, set)}/${createHash('sha1').update(raw).digest('hex')}`;
}
