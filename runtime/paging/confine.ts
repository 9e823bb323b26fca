/**
 * Where a paged request may go: the connection's origin, under its base path, to the tool's own
 * path (its template, with the connection's server variables filled in) or a path template the
 * spec declares for that paging (`link_paths`; the partitions path). Each `{name}` stands for
 * one whole segment. Dot segments are resolved first (the URL parser normalises `..`, `%2e%2e`
 * and `\`); literal segments compare decoded and case-insensitively. A vendor link or a forged
 * cursor pointing anywhere else is refused before anything is sent with the connection's
 * credentials; so is a link with a malformed `%` escape.
 */
import type { PagingIR } from '@toolspec/language';
import { ToolError } from '../errors.js';

/** One path template, compiled: a matcher per segment. */
type Template = { readonly text: string; readonly segments: readonly RegExp[] };

export interface LinkScope {
  readonly origin: string;
  readonly tool: string;
  /** The connection's base path, as decoded lower-case segments. */
  readonly base: readonly string[];
  readonly basePath: string;
  /** The tool's own path template first, then the paging's declared ones. */
  readonly templates: readonly Template[];
}

const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** A path's segments without the leading slash (one trailing slash ignored); empty segments kept. */
function segmentsOf(path: string): string[] {
  const parts = path.split('/').slice(1);
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

function compile(template: string, fixed: Readonly<Record<string, string>>): Template {
  const path = template.split('?')[0] ?? template;
  const segments = segmentsOf(path).map((segment) => {
    const pattern = segment
      .split(/(\{[^{}]+\})/)
      .map((part) => {
        if (!part.startsWith('{')) return escapeRegExp(decoded(part));
        const value = fixed[part.slice(1, -1)];
        return value === undefined ? '.+' : escapeRegExp(value.toLowerCase());
      })
      .join('');
    return new RegExp(`^${pattern}$`, 's');
  });
  return { text: path, segments };
}

/** The templates a paging style's requests may follow besides the tool's own path. */
const DECLARED: {
  readonly [S in PagingIR['style']]: (p: Extract<PagingIR, { style: S }>) => readonly string[];
} = {
  cursor: () => [],
  offset: () => [],
  page_number: () => [],
  next_link: (p) => p.linkPaths,
  link_header: (p) => p.linkPaths,
  partitions: (p) => [p.path],
  single_page: () => [],
};

export function linkScope(
  tool: string,
  ownPath: string,
  paging: PagingIR,
  base: {
    readonly origin: string;
    readonly basePath: string;
    readonly pathVariables?: Readonly<Record<string, string>> | undefined;
  },
): LinkScope {
  const declared = (DECLARED[paging.style] as (p: PagingIR) => readonly string[])(paging);
  return {
    origin: base.origin,
    tool,
    base: segmentsOf(base.basePath).map(decoded),
    basePath: base.basePath,
    templates: [compile(ownPath, base.pathVariables ?? {}), ...declared.map((t) => compile(t, {}))],
  };
}

function refused(scope: LinkScope, why: string): ToolError {
  const allowed = scope.templates.map((t) => `${scope.basePath}${t.text}`).join(', ');
  return new ToolError({
    code: 'forbidden',
    tool: scope.tool,
    message: `${scope.tool}: refused to follow a next-page link ${why}; only ${allowed} on ${new URL(scope.origin).host} is followed`,
    hint: "The vendor (or a forged cursor) pointed paging elsewhere; credentials are only sent to the tool's own listing. If the vendor's next links legitimately name this listing by another path, declare its template in the paging's link_paths.",
    retryable: false,
  });
}

function matches(template: Template, rest: readonly string[]): boolean {
  if (template.segments.length !== rest.length) return false;
  return template.segments.every((re, i) => {
    const s = rest[i] as string;
    return s !== '' && s !== '.' && s !== '..' && re.test(s);
  });
}

/** The path+query of `url` when it stays in `scope`; throws a typed error otherwise. */
export function confinedLinkPath(url: string, scope: LinkScope): string {
  let u: URL | null = null;
  if (!MALFORMED_ESCAPE.test(url)) {
    try {
      u = new URL(url);
    } catch {
      u = null;
    }
  }
  if (u === null) {
    throw new ToolError({
      code: 'invalid_response',
      tool: scope.tool,
      message: `${scope.tool}: the next-page link is not a valid URL`,
      retryable: false,
    });
  }
  if (u.origin !== scope.origin) throw refused(scope, `to a foreign host (${u.host})`);
  checkPath(u.pathname, scope);
  return `${u.pathname}${u.search}`;
}

/** Throws unless `path` (no query) is the base path followed by one of the scope's templates. */
export function checkPath(path: string, scope: LinkScope): void {
  const segments = segmentsOf(path).map(decoded);
  const underBase = segments.length >= scope.base.length && scope.base.every((s, i) => segments[i] === s);
  if (!underBase) throw refused(scope, `outside the connection's base path (${path})`);
  const rest = segments.slice(scope.base.length);
  if (!scope.templates.some((t) => matches(t, rest)))
    throw refused(scope, `to a path that is not the tool's listing (${path})`);
}
