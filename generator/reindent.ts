/**
 * One deterministic formatting pass for json-schema-to-typescript output compiled with
 * `format: false` (prettier per set costs more than the compile itself). That output already
 * puts one member per line; this only re-indents by bracket depth, ignoring brackets inside
 * strings and comments.
 */

const OPEN = new Set(['{', '(', '[']);
const CLOSE = new Set(['}', ')', ']']);

/** Net bracket depth change of a code line, skipping string literals and `//` comments. */
function depthChange(line: string): number {
  let delta = 0;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '/' && line.charAt(i + 1) === '/') break;
    else if (OPEN.has(c)) delta++;
    else if (CLOSE.has(c)) delta--;
  }
  return delta;
}

function leadingClosers(line: string): number {
  let n = 0;
  while (n < line.length && CLOSE.has(line.charAt(n))) n++;
  return n;
}

export function reindent(source: string, unit = '  '): string {
  const out: string[] = [];
  let depth = 0;
  let inComment = false;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      out.push('');
      continue;
    }
    if (inComment || line.startsWith('/*')) {
      const pad = unit.repeat(depth);
      out.push(line.startsWith('*') ? `${pad} ${line}` : `${pad}${line}`);
      inComment = !line.includes('*/');
      continue;
    }
    const indent = Math.max(0, depth - leadingClosers(line));
    out.push(`${unit.repeat(indent)}${line}`);
    depth = Math.max(0, depth + depthChange(line));
  }
  return out.join('\n');
}
