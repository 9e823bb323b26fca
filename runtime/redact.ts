/**
 * Secret hygiene. Every secret value the toolkit learns (static tokens, access and refresh
 * tokens including rotated ones, client secrets) is registered here; every error, log event and
 * dry-run print passes through `redactText`/`redactHeaders` on its way out.
 */

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

/** Percent-decoding that never throws (a malformed escape is kept as written). */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export class Secrets {
  private readonly values = new Set<string>();
  private pattern: RegExp | null = null;

  add(value: string | undefined | null): void {
    if (!value || value.length < 4 || this.values.has(value)) return;
    this.values.add(value);
    this.pattern = null;
  }

  /** Replace every known secret (and `Bearer xyz` credentials) in a string. */
  redactText(text: string): string {
    if (this.values.size > 0) {
      this.pattern ??= new RegExp(
        [...this.values]
          .sort((a, b) => b.length - a.length)
          .map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('|'),
        'g',
      );
      text = text.replace(this.pattern, REDACTED);
    }
    return text.replace(CREDENTIAL, (_m, bearer?: string, basic?: string) => `${bearer ?? basic}${REDACTED}`);
  }

  /** Deep copy of a JSON-ish value with every string redacted. */
  redactValue<T>(value: T): T {
    if (typeof value === 'string') return this.redactText(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.redactValue(v)) as T;
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        out[k] = SECRET_PARAMS.has(k.toLowerCase()) && typeof v === 'string' ? REDACTED : this.redactValue(v);
      }
      return out as T;
    }
    return value;
  }

  redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) {
      out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? REDACTED : this.redactText(v);
    }
    return out;
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
