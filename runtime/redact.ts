/**
 * Secret hygiene. Every secret value the toolkit learns (static tokens, access and refresh
 * tokens including rotated ones, client secrets) is registered here; every error, log event and
 * dry-run print passes through `redactText`/`redactHeaders` on its way out.
 */

import { setOwn } from '@toolspec/language';

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

/** Query/form parameter names that carry credentials, lower-cased. */
export const SECRET_PARAMS: ReadonlySet<string> = new Set([
  'access_token',
  'refresh_token',
  'client_secret',
  'token',
  'api_key',
  'apikey',
  'code',
  'password',
]);

/** `Bearer <token>` (8+ token characters) and `Basic <base64>` (12+ base64 characters) credentials. */
const CREDENTIAL = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}|\b(Basic\s+)[A-Za-z0-9+/]{12,}={0,2}/gi;

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

/** How many rotated tokens (access and refresh) stay in the redaction list; older ones drop out. */
export const MAX_ROTATED_SECRETS = 16;

/** The standard and URL-safe base64 of `bytes`, without padding. */
const b64 = (bytes: Buffer): [string, string] => [
  bytes.toString('base64').replace(/=+$/, ''),
  bytes.toString('base64url'),
];

/**
 * The forms a secret takes on the wire: as is, URL-encoded (path and form style), and inside
 * base64/base64url text at each of the three byte alignments (as in `Basic base64(id:secret)`,
 * where the secret does not start a 3-byte group): the characters that depend only on it.
 */
export function secretForms(value: string): string[] {
  const forms = new Set([
    value,
    encodeURIComponent(value),
    new URLSearchParams({ v: value }).toString().slice(2),
  ]);
  const bytes = Buffer.from(value, 'utf8');
  forms.add(bytes.toString('base64'));
  for (let k = 0; k < 3; k++) {
    const shifted = Buffer.concat([Buffer.alloc(k), bytes]);
    const end = Math.floor(shifted.length / 3) * 4;
    for (const text of b64(shifted)) {
      const middle = text.slice(k === 0 ? 0 : 4, end);
      if (middle.length >= 8) forms.add(middle);
      if (k === 0 && text.length >= 8) forms.add(text);
    }
  }
  return [...forms].filter((f) => f.length >= 4);
}

/**
 * Whether redaction leaves `value` as it is: no key or string the risk test flags, no string under
 * a secret-named key. `for…in` visits every own enumerable key (and any inherited one: a superset).
 * `known` remembers each clean key with whether it names a secret: keys are mostly the spec's words.
 */
function untouched(value: unknown, risk: RegExp, known: Map<string, boolean>): boolean {
  if (typeof value === 'string') return !risk.test(value);
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!untouched(value[i], risk, known)) return false;
    return true;
  }
  const obj = value as Record<string, unknown>;
  for (const k in obj) {
    let secretNamed = known.get(k);
    if (secretNamed === undefined) {
      if (risk.test(k)) return false;
      secretNamed = SECRET_PARAMS.has(k.toLowerCase());
      if (known.size >= MAX_CLEAN_KEYS) known.clear();
      known.set(k, secretNamed);
    }
    const v = obj[k];
    if (typeof v === 'string') {
      if (secretNamed || risk.test(v)) return false;
    } else if (typeof v === 'object' && v !== null && !untouched(v, risk, known)) return false;
  }
  return true;
}

export class Secrets {
  private readonly values = new Set<string>();
  /** Rotated tokens, oldest first, each with its forms (bounded by MAX_ROTATED_SECRETS). */
  private readonly rotated = new Map<string, readonly string[]>();
  /** Header names (lower-cased) whose values are secrets (the connection's own headers). */
  private readonly headerNames = new Set<string>();
  private pattern: RegExp | null = null;
  /** A case-insensitive superset test for texts that `redactText` could change (null: not yet built). */
  private risk: RegExp | null = null;
  /** Object keys the risk test passed with the current secrets, each with whether it names a secret (emptied when they change). */
  private readonly cleanKeys = new Map<string, boolean>();
  /** Header values as redacted with the current secrets (emptied when they change). */
  private readonly shownHeaders = new Map<string, string>();

  add(value: string | undefined | null): void {
    if (!value || value.length < 4 || this.values.has(value)) return;
    for (const f of secretForms(value)) this.values.add(f);
    this.changed();
  }

  /** A token that replaces an earlier one (OAuth rotation): kept among the last MAX_ROTATED_SECRETS. */
  addRotating(value: string | undefined | null): void {
    if (!value || value.length < 4 || this.values.has(value) || this.rotated.has(value)) return;
    this.rotated.set(value, secretForms(value));
    while (this.rotated.size > MAX_ROTATED_SECRETS)
      this.rotated.delete(this.rotated.keys().next().value as string);
    this.changed();
  }

  /** The secrets changed: every derived pattern and remembered redaction is stale. */
  private changed(): void {
    this.pattern = null;
    this.risk = null;
    this.cleanKeys.clear();
    this.shownHeaders.clear();
  }

  /** A header whose value is a secret wherever it appears (dry runs print it redacted). */
  addHeader(name: string, value: string | undefined | null): void {
    this.headerNames.add(name.toLowerCase());
    this.add(value);
  }

  /** How many texts the redaction list holds (the forms of every secret). */
  get size(): number {
    let n = this.values.size;
    for (const forms of this.rotated.values()) n += forms.length;
    return n;
  }

  /** Replace every known secret (and `Bearer xyz` credentials) in a string. */
  redactText(text: string): string {
    // One test for anything either replacement could change (a superset): most texts hold nothing.
    this.risk ??= this.riskPattern();
    if (!this.risk.test(text)) return text;
    if (this.values.size > 0 || this.rotated.size > 0) {
      this.pattern ??= new RegExp(
        [...this.values, ...[...this.rotated.values()].flat()]
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join('|'),
        'g',
      );
      text = text.replace(this.pattern, REDACTED);
    }
    return text.replace(CREDENTIAL, (_m, bearer?: string, basic?: string) => `${bearer ?? basic}${REDACTED}`);
  }

  /**
   * A JSON-ish value with every string and key redacted, and every string under a secret-named key
   * (`token`, `password`, …) replaced: the value itself when nothing in it could change (one walk
   * that only tests, the usual case), else a redacted copy. The value is never modified.
   */
  redactValue<T>(value: T): T {
    this.risk ??= this.riskPattern();
    return untouched(value, this.risk, this.cleanKeys) ? value : this.redactCopy(value);
  }

  private redactCopy<T>(value: T): T {
    if (typeof value === 'string') return this.redactText(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.redactCopy(v)) as T;
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const shown =
          typeof v === 'string' && SECRET_PARAMS.has(k.toLowerCase()) ? REDACTED : this.redactCopy(v);
        setOwn(out, this.redactText(k), shown);
      }
      return out as T;
    }
    return value;
  }

  /** `bearer`, `basic` and every secret form, case-insensitively: a superset test for texts `redactText` could change. */
  private riskPattern(): RegExp {
    const forms = [...this.values, ...[...this.rotated.values()].flat()];
    return new RegExp([...forms.map(escapeRegExp), 'bearer', 'basic'].join('|'), 'i');
  }

  redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const k in headers) {
      const name = k.toLowerCase();
      out[k] =
        SECRET_HEADERS.has(name) || this.headerNames.has(name)
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
    let shown = this.shownHeaders.get(value);
    if (shown === undefined) {
      shown = this.redactText(value);
      if (this.shownHeaders.size >= MAX_SHOWN_HEADERS) this.shownHeaders.clear();
      this.shownHeaders.set(value, shown);
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
