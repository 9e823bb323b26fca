/**
 * RFC 6570 level-1 path templates with per-segment encoding, and query serialisation. A value
 * can never change the path's shape: every reserved character is percent-encoded, and values
 * that would still act as path structure (`.`, `..`, empty) or carry control characters are refused.
 */

export type PathPart = { readonly literal: string } | { readonly variable: string };

/** Split `/pages/{page_id}/children` into literals and variables (parsed once per tool). */
export function parsePathTemplate(template: string): readonly PathPart[] {
  const parts: PathPart[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{([^{}]+)\}/g)) {
    if (m.index > last) parts.push({ literal: template.slice(last, m.index) });
    parts.push({ variable: m[1] as string });
    last = m.index + m[0].length;
  }
  if (last < template.length) parts.push({ literal: template.slice(last) });
  return parts;
}

/** Percent-encode everything outside RFC 3986 "unreserved" (stricter than encodeURIComponent). */
const SUB_DELIMS = /[!'()*]/g;
const hex = (c: string): string => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;

/** Text made of unreserved characters only, which encoding leaves as it is (ids, enum values, numbers). */
const UNRESERVED = /^[A-Za-z0-9_.~-]*$/;

export function encodeSegment(value: string): string {
  if (UNRESERVED.test(value)) return value;
  const e = encodeURIComponent(value);
  return /[!'()*]/.test(e) ? e.replace(SUB_DELIMS, hex) : e;
}

/** The longest value a path segment takes (Graph ids are about 150 characters, Attio slugs far fewer). */
export const MAX_PATH_VALUE_LENGTH = 1024;

/** Control, format (bidi overrides, zero-width), line/paragraph separator and lone surrogate characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
/** Characters that are structure in a URL or its decoding: separators, query, fragment, escapes. */
const STRUCTURE = /[/\\?#%]/;
/** `scheme:` at the start (`https:`, `urn:`, `javascript:`). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Why a printable ASCII path value is refused (dots only, structure, a scheme), or null. */
function formProblem(form: string, oneSegment: boolean): string | null {
  if (/^\.+$/.test(form)) return 'a value other than "." or ".." (it fills one path segment)';
  // Percent-encoded whole, any other text stays one segment: `/`, `?`, `#`, `%` and `:` are escaped.
  if (oneSegment) return null;
  if (STRUCTURE.test(form))
    return 'an id or name without "/", "\\", "?", "#" or "%" (it fills one path segment)';
  if (SCHEME.test(form)) return 'an id or name, not a URL or URN (it fills one path segment)';
  return null;
}

/**
 * Why a path value is refused, or null when it is fine. No id or slug of a shipped vendor is
 * empty, all dots, carries a separator, `?`, `#`, `%`, a scheme, an invisible character or
 * 1 kB of text, in the value as given or in its NFKC form (U+2025 and U+FF0E become dots,
 * U+FF0F a slash), so such values are refused before anything is sent.
 */
export function pathValueProblem(value: string, oneSegment = false): string | null {
  if (value === '') return 'a non-empty value (it fills a path segment)';
  if (value.length > MAX_PATH_VALUE_LENGTH)
    return `an id or name of at most ${MAX_PATH_VALUE_LENGTH} characters (it fills a path segment)`;
  // Printable ASCII (every id and slug): nothing invisible, and NFKC leaves it as it is.
  if (PRINTABLE_ASCII.test(value)) return formProblem(value, oneSegment);
  if (INVISIBLE.test(value))
    return 'a value without control, invisible or line-separator characters (it fills a path segment)';
  const nfkc = value.normalize('NFKC');
  for (const form of nfkc === value ? [value] : [value, nfkc]) {
    const problem = formProblem(form, oneSegment);
    if (problem !== null) return problem;
    if (INVISIBLE.test(form))
      return 'a value without control, invisible or line-separator characters (it fills a path segment)';
  }
  return null;
}

export function pathValueString(value: unknown): string {
  return typeof value === 'string'
    ? value
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
}

/** Expand a parsed template; `values` must already be checked with `pathValueProblem`. */
export function expandPath(parts: readonly PathPart[], values: Readonly<Record<string, string>>): string {
  let out = '';
  for (const p of parts) out += 'literal' in p ? p.literal : encodeSegment(values[p.variable] ?? '');
  return out;
}

/** Encode a query key: like a value, but OData's `$` stays readable (`$top`). */
export function encodeQueryKey(key: string): string {
  return encodeSegment(key).replaceAll('%24', '$');
}

/** Scalar -> query text: strings as is, everything else as JSON (numbers and booleans read the same). */
export function queryValueString(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Append `key=value` pairs (repeated keys for exploded arrays, commas otherwise). */
export function appendQuery(pairs: string[], key: string, value: unknown, explode: boolean): void {
  appendEncodedQuery(pairs, encodeQueryKey(key), value, explode);
}

/** `appendQuery` with the key already encoded (`encodeQueryKey`, done once per tool). */
export function appendEncodedQuery(pairs: string[], k: string, value: unknown, explode: boolean): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    if (explode) for (const v of value) pairs.push(`${k}=${encodeSegment(queryValueString(v))}`);
    else pairs.push(`${k}=${value.map((v) => encodeSegment(queryValueString(v))).join(',')}`);
    return;
  }
  pairs.push(`${k}=${encodeSegment(queryValueString(value))}`);
}
