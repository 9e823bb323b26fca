/** Static credentials: a fixed bearer token, or none at all. */
import type { AuthSession } from './types.js';

export function staticSession(token: string | null): AuthSession {
  const value = token === null ? null : `Bearer ${token}`;
  const current = Promise.resolve(value);
  return {
    authorization: () => current,
    renew: async () => false,
  };
}
