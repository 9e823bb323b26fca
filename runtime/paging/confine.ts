/**
 * Where a next-page link may lead: the connection's origin, under its base path, under the
 * tool's own request path, after dot segments are resolved (the URL parser normalises `..`,
 * `%2e%2e` and `\`). A vendor link or a forged cursor pointing anywhere else is refused before
 * anything is sent with the connection's credentials; so is a link with a malformed `%` escape.
 */
import { ToolError } from '../errors.js';

export interface LinkScope {
  readonly origin: string;
  /** The tool's own request path (percent-encoded, without the query), base path included. */
  readonly ownPath: string;
  readonly tool: string;
}

const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

function segments(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });
}

function refused(tool: string, why: string): ToolError {
  return new ToolError({
    code: 'forbidden',
    tool,
    message: `${tool}: refused to follow a next-page link ${why}`,
    hint: 'The vendor (or a forged cursor) pointed paging elsewhere; credentials are only sent to the tool’s own resource.',
    retryable: false,
  });
}

/** The link's normalised path+query when it stays in `scope`; throws a typed error otherwise. */
export function confinedLinkPath(url: string, scope: LinkScope): string {
  const { tool, origin } = scope;
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
      tool,
      message: `${tool}: the next-page link is not a valid URL`,
      retryable: false,
    });
  }
  if (u.origin !== origin) {
    throw refused(tool, `to a foreign host (${u.host}); only ${new URL(origin).host} is followed`);
  }
  const own = segments(scope.ownPath);
  const link = segments(u.pathname);
  if (link.length < own.length || own.some((s, i) => link[i] !== s)) {
    throw refused(tool, `outside the tool's own path (${scope.ownPath})`);
  }
  return `${u.pathname}${u.search}`;
}
