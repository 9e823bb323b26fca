/**
 * The sandbox's route table, derived from the IR: every tool's method + path template, mounted
 * under `/<set><server path>` so one loopback origin serves every set (Graph's `/v1.0` prefix,
 * for example, becomes `/mail/v1.0`). Pure: no I/O.
 */

import type { HttpMethod, SpecIR, ToolIR, ToolSetIR } from '@toolspec/language';
import { pathVariables } from '@toolspec/language';

export interface SandboxRoute {
  readonly tool: ToolIR;
  readonly method: HttpMethod;
  /** Matches the percent-encoded path relative to the mount; one group per path variable. */
  readonly pattern: RegExp;
  readonly vars: readonly string[];
}

export interface SandboxMount {
  readonly set: ToolSetIR;
  /** `/<set><server path>`, e.g. `/mail/v1.0`; no trailing slash. */
  readonly mount: string;
  readonly routes: readonly SandboxRoute[];
  /** Matches the set's real server URL at the start of a string (next links, Location headers). */
  readonly serverUrl: RegExp;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The path part of a server URL template (`https://graph.microsoft.com/v1.0` -> `/v1.0`). */
export function serverPath(url: string): string {
  try {
    return new URL(url.replace(/\{[^{}]+\}/g, 'x')).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

export function templatePattern(template: string): RegExp {
  const parts = template.split(/\{[^{}]+\}/g).map(escapeRegExp);
  return new RegExp(`^${parts.join('([^/]+)')}$`);
}

function serverUrlPattern(url: string): RegExp {
  const parts = url
    .replace(/\/+$/, '')
    .split(/\{[^{}]+\}/g)
    .map(escapeRegExp);
  return new RegExp(`^${parts.join('[^/?#]+?')}(?=[/?#]|$)`);
}

export function buildMounts(ir: SpecIR): SandboxMount[] {
  return ir.sets.map((set) => ({
    set,
    mount: `/${encodeURIComponent(set.name)}${serverPath(set.server.url)}`,
    routes: set.tools.map((tool) => ({
      tool,
      method: tool.request.method,
      pattern: templatePattern(tool.request.path),
      vars: pathVariables(tool.request.path),
    })),
    serverUrl: serverUrlPattern(set.server.url),
  }));
}

export interface RouteMatch {
  readonly mount: SandboxMount;
  /** Path relative to the mount, still percent-encoded. */
  readonly path: string;
  /** Every tool declared for this method and path, most specific template (fewest variables) first. */
  readonly candidates: readonly SandboxRoute[];
}

/** Find the mount for a request path, then the tools declared for its method and path. */
export function matchRoute(
  mounts: readonly SandboxMount[],
  method: string,
  fullPath: string,
): { mount: SandboxMount | null; match: RouteMatch | null } {
  const mount =
    mounts.find((m) => fullPath === m.mount || fullPath.startsWith(`${m.mount}/`)) ??
    mounts.find((m) => fullPath.startsWith(`/${encodeURIComponent(m.set.name)}/`)) ??
    null;
  if (!mount || !(fullPath === mount.mount || fullPath.startsWith(`${mount.mount}/`))) {
    return { mount, match: null };
  }
  const path = fullPath.slice(mount.mount.length) || '/';
  const hits = mount.routes.filter((r) => r.method === method && r.pattern.test(path));
  if (hits.length === 0) return { mount, match: null };
  const candidates = [...hits].sort((a, b) => a.vars.length - b.vars.length);
  return { mount, match: { mount, path, candidates } };
}
