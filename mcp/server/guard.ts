/**
 * The Host/Origin check of the HTTP front, on every bind address (DNS rebinding and cross-site
 * requests from browsers). Bound to loopback: the Host must be loopback and an Origin, when sent,
 * loopback or listed by the operator. Bound elsewhere (the public name is not known): an Origin,
 * when sent, must be one the operator listed (`--allow-origin`, TOOLSPEC_HTTP_ALLOWED_ORIGINS);
 * requests without an Origin (every non-browser client) pass.
 */
import type { IncomingMessage } from 'node:http';
import { isIPv4 } from 'node:net';

/**
 * Loopback means an IP literal in 127.0.0.0/8, `::1`, or exactly `localhost` (a host name that
 * merely starts with `127.`, such as `127.0.0.1.nip.io`, is not).
 */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '[::1]') return true;
  return isIPv4(h) && h.split('.')[0] === '127';
}

export function hostnameOf(value: string): string {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname;
  } catch {
    return '';
  }
}

/** `scheme://host[:port]` of an origin as browsers send it, or null when it is not one. */
export function normalizeOrigin(value: string): string | null {
  try {
    const u = new URL(value);
    return u.origin === 'null' ? null : u.origin;
  } catch {
    return null;
  }
}

export interface OriginPolicy {
  /** The server is bound to a loopback address. */
  readonly loopbackBind: boolean;
  /** Origins allowed besides loopback ones (normalized with normalizeOrigin). */
  readonly allowedOrigins: ReadonlySet<string>;
}

export function originPolicy(bindHost: string, allowedOrigins: readonly string[] = []): OriginPolicy {
  const allowed = new Set<string>();
  for (const o of allowedOrigins) {
    const n = normalizeOrigin(o);
    if (n === null) throw new Error(`allowed origin "${o}" is not an origin (expected scheme://host[:port])`);
    allowed.add(n);
  }
  return { loopbackBind: isLoopback(bindHost), allowedOrigins: allowed };
}

/** Why the request is refused (403), or null. */
export function guardProblem(req: IncomingMessage, policy: OriginPolicy): string | null {
  const origin = req.headers.origin;
  const listed = origin !== undefined && policy.allowedOrigins.has(normalizeOrigin(origin) ?? '');
  if (policy.loopbackBind) {
    if (!isLoopback(hostnameOf(req.headers.host ?? '')))
      return 'forbidden: this server only accepts loopback Host headers';
    if (origin !== undefined && origin !== 'null' && !listed && !isLoopback(hostnameOf(origin)))
      return 'forbidden: this Origin is not loopback and not allowed (--allow-origin)';
    return null;
  }
  if (origin !== undefined && !listed) return 'forbidden: this Origin is not allowed (--allow-origin)';
  return null;
}
