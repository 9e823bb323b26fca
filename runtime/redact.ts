/**
 * Secret hygiene. Every secret value the toolkit learns (static tokens, keys, passwords, access
 * and refresh tokens including rotated ones, client secrets) is registered in a `Secrets` scope;
 * every result, error, log event and dry-run print passes through it on its way out.
 *
 * Scopes: the toolkit holds one for the deployment's connections, and each connection one of its
 * own whose parent is the deployment's; a call's output is redacted with its connection's scope,
 * so the cost of a call does not grow with the number of connections served, and each connection
 * remembers at most MAX_ROTATED_SECRETS rotated tokens. A scope compiles its secrets (and its
 * parent's) into one regular expression, rebuilt only when they change.
 *
 * Encodings: a secret is found as written, URL-encoded (either hex case, `+` for a space, encoded
 * again), with JSON string escapes (`\/`, `\uXXXX`, either hex case), any mix of those per
 * character, and inside base64 or base64url text (padded or not, at any byte alignment: the
 * base64 of `user:password` or `key:token`), itself in any of those encodings.
 */

import { SECRET_PARAMS, setOwn } from '@toolspec/language';

export const REDACTED = '[redacted]';

/** Header names that carry credentials, lower-cased. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
]);

/** `Bearer <token>` (8+ token characters) and `Basic <base64>` (12+ base64 characters) credentials. */
const CREDENTIAL = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}|\b(Basic\s+)[A-Za-z0-9+/]{12,}={0,2}/gi;

/** Either word CREDENTIAL starts with: a text without them can only change through a known secret. */
const CREDENTIAL_WORDS = /bearer|basic/i;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Percent-decoding that never throws (a malformed escape is kept as written). */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** How many distinct header values a Secrets remembers redacted (then it starts over). */
const MAX_SHOWN_HEADERS = 256;

/** How many object keys a Secrets remembers as clean (then it starts over). */
const MAX_CLEAN_KEYS = 1024;

/** How many rotated tokens (access and refresh) each scope (connection) keeps; older ones drop out. */
export const MAX_ROTATED_SECRETS = 16;

/** The value of the hex digit at `text[i]`, or -1. */
function hexDigit(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** The byte of the hex pair at `text[i]`, or -1. */
function hexPair(text: string, i: number): number {
  const hi = hexDigit(text, i);
  const lo = hi < 0 ? -1 : hexDigit(text, i + 1);
  return lo < 0 ? -1 : hi * 16 + lo;
}

/**
 * A text in one spelling, and where its characters came from: breakpoints at each escape, where
 * canonical index `canon[k]` is written index `written[k]`; between two breakpoints characters
 * map one to one.
 */
interface Canonical {
  readonly text: string;
  readonly canon: readonly number[];
  readonly written: readonly number[];
}

/** Where canonical index `i` starts in the written text. */
function writtenIndex(c: Canonical, i: number): number {
  let lo = 0;
  let hi = c.canon.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((c.canon[mid] as number) <= i) lo = mid;
    else hi = mid - 1;
  }
  return (c.written[lo] as number) + (i - (c.canon[lo] as number));
}

/** Escapes `canonical` reads: `%`, or a backslash. */
const ESCAPE_START = /[%\\]/g;

/**
 * The escape at `text[i]` (a `%` or a backslash), as `canonical` reads it: the character code it
 * spells (for `%HH`, encoded again any number of times as `%25HH`, the byte; behind a run of
 * backslashes, `/`, `"` or the `\uXXXX` unit) and the index after it. Code -1 when it escapes
 * nothing; `next` is then past the `%`, or past the whole backslash run.
 */
function readEscape(text: string, i: number): { code: number; next: number } {
  if (text.charCodeAt(i) === 37) {
    let j = i + 1;
    while (text.startsWith('25', j) && hexPair(text, j + 2) >= 0) j += 2;
    const byte = hexPair(text, j);
    return byte < 0 ? { code: -1, next: i + 1 } : { code: byte, next: j + 2 };
  }
  let j = i;
  while (text.charCodeAt(j) === 92) j++;
  const d = text.charCodeAt(j);
  if (d === 47 || d === 34) return { code: d, next: j + 1 };
  if (d === 117 || d === 85) {
    const hi = hexPair(text, j + 1);
    const lo = hi < 0 ? -1 : hexPair(text, j + 3);
    if (lo >= 0) return { code: hi * 256 + lo, next: j + 5 };
  }
  return { code: -1, next: j };
}

/**
 * One spelling of the escapes a vendor may echo a secret in (`readEscape`): `%HH` in either case,
 * encoded again any number of times (`%252F`), becomes its ASCII character (a non-ASCII byte stays
 * `%HH`, upper-cased); a JSON escape behind any number of backslashes (`\/`, `\"`, `\u002f`,
 * `\\u002F`) becomes its character. Null when the text has no escape.
 */
function canonical(text: string): Canonical | null {
  let out = '';
  const canon = [0];
  const written = [0];
  let from = 0;
  ESCAPE_START.lastIndex = 0;
  for (let m = ESCAPE_START.exec(text); m !== null; m = ESCAPE_START.exec(text)) {
    const i = m.index;
    const { code, next } = readEscape(text, i);
    ESCAPE_START.lastIndex = next;
    if (code < 0) continue;
    out += text.slice(from, i);
    canon.push(out.length);
    written.push(i);
    out +=
      text.charCodeAt(i) === 37 && code >= 0x80
        ? `%${code.toString(16).toUpperCase()}`
        : String.fromCharCode(code);
    canon.push(out.length);
    written.push(next);
    from = next;
  }
  if (canon.length === 1) return null;
  out += text.slice(from);
  return { text: out, canon, written };
}

/** The canonical spelling of a text (see `canonical`), without the map back. */
const canonicalText = (text: string): string => canonical(text)?.text ?? text;

/**
 * The base64 texts a secret leaves inside longer base64 (as in `Basic base64(id:secret)`, where
 * the secret need not start a 3-byte group): at each of the three byte alignments, the characters
 * that depend only on it (8 or more), unpadded, in the standard and the URL-safe alphabet.
 */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms: string[] = [];
  for (let k = 0; k < 3; k++) {
    const shifted = Buffer.concat([Buffer.alloc(k), bytes]);
    for (const text of [shifted.toString('base64').replace(/=+$/, ''), shifted.toString('base64url')]) {
      // Alone, the last character also holds padding bits: inside longer text it differs.
      if (k === 0) forms.push(text, shifted.toString('base64'));
      const middle = text.slice(k === 0 ? 0 : 4, Math.floor(shifted.length / 3) * 4);
      if (middle.length >= 8) forms.push(middle);
    }
  }
  return forms;
}

/**
 * The texts a secret is searched for, each in canonical spelling: as is; URL-encoded (path and
 * form style: `+` for a space); as a JSON string's content; and inside base64 or base64url text
 * (of the secret, and of its URL-encoded forms: the base64 of a request URL holding it).
 * Escapes of either hex case, encoded again, or JSON-escaped are found through the canonical
 * spelling of the searched text.
 */
export function secretForms(value: string): string[] {
  const url = encodeURIComponent(value);
  const form = new URLSearchParams({ v: value }).toString().slice(2);
  const written = new Set([value, url, form, JSON.stringify(value).slice(1, -1)]);
  // The base64 of a request URL or form holding the secret: of its URL-encoded forms too.
  const forms = new Set(
    [
      ...written,
      ...base64Forms(value),
      ...(url === value ? [] : base64Forms(url)),
      ...(form === url ? [] : base64Forms(form)),
    ].map(canonicalText),
  );
  return [...forms].filter((f) => f.length >= 4);
}

/**
 * What finds the secrets of a scope: every form, longest first, and the characters an escape
 * must spell to hide part of one (see `mayHide`).
 */
interface Matcher {
  /** Every form, longest first: searched one by one (`includes`) when there are few. */
  readonly forms: readonly string[];
  /** Every form in one global alternation: what `replaceKnown` replaces, and the search when there are many. */
  readonly pattern: RegExp;
  /** Which bytes an escape must spell to hide part of a form (by char code); null: any escape may. */
  readonly hidden: Uint8Array | null;
}

/**
 * Up to this many forms (one static token has 4 to 7), a text is searched for each with
 * `includes`, which V8 runs as a plain substring search: for a 2 KB answer about 1 µs against the
 * alternation's 1.5 µs, on every call (bench/README.md, "client CPU per call"). Past it, the one
 * pass of the alternation is cheaper than a pass per form.
 */
const FEW_FORMS = 8;

function secretsMatcher(secrets: Iterable<string>): Matcher | null {
  const forms = new Set<string>();
  for (const s of secrets) for (const f of secretForms(s)) forms.add(f);
  if (forms.size === 0) return null;
  const chars = new Set<number>();
  for (const f of forms) for (let i = 0; i < f.length; i++) chars.add(f.charCodeAt(i));
  let hidden: Uint8Array | null = null;
  // A form with a non-ASCII character or a `%` of its own: every escape may matter.
  if ([...chars].every((c) => c < 0x80 && c !== 37)) {
    hidden = new Uint8Array(0x80);
    for (const c of chars) hidden[c] = 1;
  }
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  return { forms: sorted, pattern: new RegExp(sorted.map(escapeRegExp).join('|'), 'g'), hidden };
}

/** Whether `text` holds one of `m`'s forms as written. */
function holdsForm(text: string, m: Matcher): boolean {
  if (m.forms.length > FEW_FORMS) {
    m.pattern.lastIndex = 0;
    return m.pattern.test(text);
  }
  for (const f of m.forms) if (text.includes(f)) return true;
  return false;
}

/**
 * Whether `text` has an escape that `canonical` reads as a character of some form: only then can a
 * form be hidden in it. `%20` cannot hide a token without spaces, so most texts with escapes (URLs)
 * are searched once, not twice.
 */
function mayHide(text: string, hidden: Uint8Array | null): boolean {
  // indexOf, not ESCAPE_START: a URL-heavy answer has many `%`, and a regex match per escape
  // costs more than the rest of the scan.
  for (const mark of ['%', '\\']) {
    for (let i = text.indexOf(mark); i >= 0; ) {
      if (hidden === null) return true;
      const { code, next } = readEscape(text, i);
      if (hidden[code] === 1) return true;
      i = text.indexOf(mark, next);
    }
  }
  return false;
}

/** `text` with every match of `pattern` (global) replaced, found in its canonical spelling. */
function replaceKnown(text: string, pattern: RegExp): string {
  const canon = canonical(text);
  if (canon === null) {
    pattern.lastIndex = 0;
    return text.replace(pattern, REDACTED);
  }
  let out = '';
  let from = 0;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(canon.text); m !== null; m = pattern.exec(canon.text)) {
    const start = writtenIndex(canon, m.index);
    const end = writtenIndex(canon, m.index + m[0].length);
    if (start >= from) out += `${text.slice(from, start)}${REDACTED}`;
    from = Math.max(from, end);
  }
  return from === 0 && out === '' ? text : out + text.slice(from);
}

/** Whether a known secret is in `text`, in any spelling: as written, or once its escapes are read. */
function holdsKnown(text: string, m: Matcher): boolean {
  return holdsForm(text, m) || (mayHide(text, m.hidden) && holdsForm(canonicalText(text), m));
}

/**
 * Whether redaction leaves `value` as it is: no key or string `risky`, and (`named`) no string
 * under a secret-named key. `for…in` visits every own enumerable key (and any inherited one: a
 * superset). `known` remembers each clean key with whether it names a secret.
 */
function untouched(
  value: unknown,
  risky: (text: string) => boolean,
  known: Map<string, boolean>,
  named: boolean,
): boolean {
  if (typeof value === 'string') return !risky(value);
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!untouched(value[i], risky, known, named)) return false;
    return true;
  }
  const obj = value as Record<string, unknown>;
  for (const k in obj) {
    let secretNamed = known.get(k);
    if (secretNamed === undefined) {
      if (risky(k)) return false;
      secretNamed = named && SECRET_PARAMS.has(k.toLowerCase());
      if (known.size >= MAX_CLEAN_KEYS) known.clear();
      known.set(k, secretNamed);
    }
    const v = obj[k];
    if (typeof v === 'string') {
      if (secretNamed || risky(v)) return false;
    } else if (typeof v === 'object' && v !== null && !untouched(v, risky, known, named)) return false;
  }
  return true;
}

/** What a scope derives from its secrets (and its ancestors'), dropped when any of them change. */
interface Compiled {
  /** Every form of every secret, one global alternation (null: no secrets). */
  readonly matcher: Matcher | null;
  /** Object keys `redactValue` found clean, each with whether it names a secret. */
  readonly cleanKeys: Map<string, boolean>;
  /** Object keys `redactOutput` found clean. */
  readonly cleanOutputKeys: Map<string, boolean>;
  /** Header values as redacted. */
  readonly shownHeaders: Map<string, string>;
}

/** Counts changes to any scope: a scope's stamp is when it or an ancestor last changed. */
let changes = 0;

export class Secrets {
  /** Configured secrets (the connection's credentials and what is made of them). */
  private readonly values = new Set<string>();
  /** Rotated tokens, oldest first (bounded by MAX_ROTATED_SECRETS). */
  private readonly rotated = new Set<string>();
  /** Header names (lower-cased) whose values are secrets (the connection's own headers). */
  private readonly headerNames = new Set<string>();
  private compiled: Compiled | null = null;
  /** The stamp the compiled state was made at. */
  private compiledAt = -1;
  /** When this scope last changed. */
  private version = ++changes;

  /** A scope of its own that also redacts `parent`'s secrets (a connection's, under the deployment's). */
  constructor(private readonly parent: Secrets | null = null) {}

  /** A new scope under this one (a connection's): its secrets and rotations are its own. */
  child(): Secrets {
    return new Secrets(this);
  }

  add(value: string | undefined | null): void {
    if (!value || value.length < 4 || this.values.has(value)) return;
    this.rotated.delete(value);
    this.values.add(value);
    this.version = ++changes;
  }

  /**
   * A token that replaces an earlier one (an OAuth rotation, or tokens adopted from the store):
   * kept among this scope's last MAX_ROTATED_SECRETS.
   */
  addRotating(value: string | undefined | null): void {
    if (!value || value.length < 4 || this.values.has(value) || this.rotated.has(value)) return;
    this.rotated.add(value);
    while (this.rotated.size > MAX_ROTATED_SECRETS)
      this.rotated.delete(this.rotated.values().next().value as string);
    this.version = ++changes;
  }

  /** A header whose value is a secret wherever it appears (dry runs print it redacted). */
  addHeader(name: string, value: string | undefined | null): void {
    this.headerNames.add(name.toLowerCase());
    this.add(value);
  }

  /** How many secrets this scope holds (its own, rotated ones included; not its parent's). */
  get size(): number {
    return this.values.size + this.rotated.size;
  }

  /** When this scope or an ancestor last changed. */
  private stamp(): number {
    return Math.max(this.version, this.parent?.stamp() ?? 0);
  }

  /** This scope's secrets and its ancestors'. */
  private *all(): Generator<string> {
    yield* this.values;
    yield* this.rotated;
    if (this.parent !== null) yield* this.parent.all();
  }

  private secretHeader(name: string): boolean {
    return this.headerNames.has(name) || (this.parent?.secretHeader(name) ?? false);
  }

  /** The compiled state, rebuilt only when this scope's or an ancestor's secrets changed. */
  private state(): Compiled {
    const stamp = this.stamp();
    if (this.compiled !== null && this.compiledAt === stamp) return this.compiled;
    this.compiledAt = stamp;
    this.compiled = {
      matcher: secretsMatcher(this.all()),
      cleanKeys: new Map(),
      cleanOutputKeys: new Map(),
      shownHeaders: new Map(),
    };
    return this.compiled;
  }

  /** Could `redactText` change this text? (A superset: a secret in any spelling, or a credential word.) */
  private risky(text: string, c: Compiled): boolean {
    return CREDENTIAL_WORDS.test(text) || (c.matcher !== null && holdsKnown(text, c.matcher));
  }

  /** Replace every known secret, in every encoding, and `Bearer xyz`/`Basic xyz` credentials in a string. */
  redactText(text: string): string {
    const c = this.state();
    // One test for anything either replacement could change (a superset): most texts hold nothing.
    if (!this.risky(text, c)) return text;
    if (c.matcher !== null) text = replaceKnown(text, c.matcher.pattern);
    return text.replace(CREDENTIAL, (_m, bearer?: string, basic?: string) => `${bearer ?? basic}${REDACTED}`);
  }

  /**
   * A JSON-ish value with every string and key redacted (`redactText`), and every string under a
   * secret-named key (`token`, `password`, …) replaced: for errors, logs and dry runs. The value
   * itself when nothing in it could change (one walk that only tests, the usual case), else a
   * redacted copy. The value is never modified.
   */
  redactValue<T>(value: T): T {
    const c = this.state();
    if (untouched(value, (t) => this.risky(t, c), c.cleanKeys, true)) return value;
    return this.redactCopy(value, (t) => this.redactText(t), true);
  }

  /** Whether `text` holds a secret of this scope in any spelling (an answer's wire text: see `redactOutput`). */
  holds(text: string): boolean {
    const { matcher } = this.state();
    return matcher !== null && holdsKnown(text, matcher);
  }

  /**
   * A tool's output with every known secret, in every encoding, replaced in its strings and keys:
   * the same JSON shape and nothing else changed (an output's `code` or `token` field holding no
   * known secret is data). The value itself when nothing in it could change; never modified.
   * `wire`: the text the value was read from (the answer's body, JSON escapes and all, and the
   * header values a mapping could read); when it holds no secret in any spelling, the value is
   * not walked (one scan of one text instead of a test per string).
   */
  redactOutput<T>(value: T, wire?: string): T {
    const c = this.state();
    const matcher = c.matcher;
    if (matcher === null || (wire !== undefined && !holdsKnown(wire, matcher))) return value;
    if (untouched(value, (t) => holdsKnown(t, matcher), c.cleanOutputKeys, false)) return value;
    return this.redactCopy(value, (t) => replaceKnown(t, matcher.pattern), false);
  }

  private redactCopy<T>(value: T, text: (s: string) => string, named: boolean): T {
    if (typeof value === 'string') return text(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.redactCopy(v, text, named)) as T;
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const shown =
          named && typeof v === 'string' && SECRET_PARAMS.has(k.toLowerCase())
            ? REDACTED
            : this.redactCopy(v, text, named);
        setOwn(out, text(k), shown);
      }
      return out as T;
    }
    return value;
  }

  redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const k in headers) {
      const name = k.toLowerCase();
      out[k] =
        SECRET_HEADERS.has(name) || this.secretHeader(name)
          ? REDACTED
          : this.redactHeaderValue(headers[k] as string);
    }
    return out;
  }

  /**
   * `redactText` of a header value, remembered until the secrets change: most header values are
   * the same few texts on every request (user agent, content type, API version).
   */
  private redactHeaderValue(value: string): string {
    const { shownHeaders } = this.state();
    let shown = shownHeaders.get(value);
    if (shown === undefined) {
      shown = this.redactText(value);
      if (shownHeaders.size >= MAX_SHOWN_HEADERS) shownHeaders.clear();
      shownHeaders.set(value, shown);
    }
    return shown;
  }

  /** Redact secret-carrying query parameters and known secrets in a URL. */
  redactUrl(url: string): string {
    const q = url.indexOf('?');
    if (q < 0) return this.redactText(url);
    const params = url
      .slice(q + 1)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const key = safeDecode(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
        return SECRET_PARAMS.has(key) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
      });
    return this.redactText(`${url.slice(0, q)}?${params.join('&')}`);
  }
}
