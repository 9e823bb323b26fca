/**
 * The vetted helper functions available to JSON-e templates (bodies, computed inputs,
 * response maps) and, when they take one argument, as input `transform`s. This is the
 * only code a spec can reach: pure functions of data, no I/O, no evaluation of values.
 */

import { convertRows } from '../sql/result-rows.js';
import { countStatements } from '../sql/statements.js';
import { twoDigits } from './digits.js';

type Json = unknown;

export interface Helper {
  readonly description: string;
  /** Number of arguments; a helper of arity 1 may also be used as an input transform. */
  readonly arity: number;
  readonly fn: (...args: Json[]) => Json;
}

/** Notion caps `text.content` at 2000 characters per rich-text item. */
export const RICH_TEXT_CHUNK = 2000;

/** Split text into chunks of at most `size` UTF-16 units without cutting a surrogate pair. */
export function chunkText(text: string, size: number): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    let end = Math.min(i + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    out.push(text.slice(i, end));
    i = end;
  }
  return out;
}

function richText(text: Json): Json {
  if (text === null || text === undefined) return [];
  return chunkText(String(text), RICH_TEXT_CHUNK).map((content) => ({ type: 'text', text: { content } }));
}

/** A list given as an array, a JSON array string, or a comma-separated string. */
export function toList(value: Json): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return trimmed(value);
  const s = String(value);
  if (s.trimStart().startsWith('[')) {
    const strings = stringArray(s);
    if (strings !== null) return strings;
    try {
      const parsed: unknown = JSON.parse(s.trim());
      if (Array.isArray(parsed)) return trimmed(parsed);
    } catch {
      /* fall through to comma splitting */
    }
  }
  // The comma-separated items, trimmed, empty ones left out (no array of untrimmed parts).
  const out: string[] = [];
  for (let start = 0; start <= s.length; ) {
    let end = s.indexOf(',', start);
    if (end === -1) end = s.length;
    const v = s.slice(start, end).trim();
    if (v !== '') out.push(v);
    start = end + 1;
  }
  return out;
}

const isJsonSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * `trimmed(JSON.parse(s))` for the usual JSON text of a list, an array of strings without escapes
 * (`["a@x.com", "b@x.com"]`), without JSON.parse (which costs several times more on texts this
 * short); null for any other text, which JSON.parse then reads.
 */
function stringArray(s: string): string[] | null {
  let i = 0;
  const skip = () => {
    while (isJsonSpace(s.charCodeAt(i))) i++;
  };
  skip();
  if (s[i] !== '[') return null;
  i++;
  skip();
  const out: string[] = [];
  if (s[i] === ']') i++;
  else
    for (;;) {
      if (s[i] !== '"') return null;
      const end = s.indexOf('"', i + 1);
      if (end === -1) return null;
      const item = s.slice(i + 1, end);
      // An escape or a control character: JSON.parse decides.
      for (let k = 0; k < item.length; k++) {
        const c = item.charCodeAt(k);
        if (c === 92 || c < 32) return null;
      }
      const v = item.trim();
      if (v !== '') out.push(v);
      i = end + 1;
      skip();
      if (s[i] === ']') {
        i++;
        break;
      }
      if (s[i] !== ',') return null;
      i++;
      skip();
    }
  skip();
  return i === s.length ? out : null;
}

/** Each item as trimmed text, empty ones left out. */
function trimmed(items: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    const v = String(item).trim();
    if (v !== '') out.push(v);
  }
  return out;
}

/** An object or array given as JSON text is decoded; any other value (or invalid JSON) passes unchanged. */
export function jsonValue(value: Json): Json {
  if (typeof value !== 'string') return value;
  const s = value.trim();
  if (!(s.startsWith('{') || s.startsWith('['))) return value;
  try {
    return JSON.parse(s) as Json;
  } catch {
    return value;
  }
}

const UUID32 = /^[0-9a-fA-F]{32}$/;
/** Notion ids: the 32-character id at the end of a URL becomes 8-4-4-4-12. */
export function hyphenateUuid(value: Json): Json {
  if (typeof value !== 'string' || !UUID32.test(value)) return value;
  return `${value.slice(0, 8)}-${value.slice(8, 12)}-${value.slice(12, 16)}-${value.slice(16, 20)}-${value.slice(20)}`;
}

function recipients(value: Json): Json {
  const out = toList(value) as Json[];
  for (let i = 0; i < out.length; i++) out[i] = { emailAddress: { address: out[i] } };
  return out;
}

function attendees(value: Json, type: Json): Json {
  const kind = String(type);
  const out = toList(value) as Json[];
  for (let i = 0; i < out.length; i++) out[i] = { emailAddress: { address: out[i] }, type: kind };
  return out;
}

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** Formatters by zone (null: not an IANA zone). Creating one costs tens of microseconds; few zones recur. */
const FORMATTERS = new Map<string, Intl.DateTimeFormat | null>();
const MAX_FORMATTERS = 256;

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let f = FORMATTERS.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      f = null;
    }
    if (FORMATTERS.size >= MAX_FORMATTERS) FORMATTERS.clear();
    FORMATTERS.set(zone, f);
  }
  return f;
}

/** `YYYY-MM-DDTHH:mm:ss` wall time of an instant in an IANA zone, or null if the zone is not IANA. */
function wallTimeIn(instant: Date, zone: string): string | null {
  const formatter = formatterFor(zone);
  if (formatter === null) return null;
  const parts = formatter.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

/**
 * Graph `dateTimeTimeZone` from a date-time and an optional zone (default UTC).
 * - A local time (no offset) is the wall time in the zone: `{dateTime, timeZone: zone}`.
 * - A time with an offset (RFC 3339) names an instant, which is kept: it becomes the wall time in
 *   the zone when the zone is an IANA name (`Europe/Paris`), otherwise (no zone, or a Windows name
 *   such as `Pacific Standard Time` that cannot be converted here) the UTC time with `timeZone: "UTC"`.
 * Seconds are added when missing (`09:30` -> `09:30:00`); fractions are kept for local times.
 */
function graphDateTime(value: Json, zone: Json): Json {
  const s = String(value).trim();
  const tz = zone === null || zone === undefined || zone === '' ? null : String(zone);
  if (OFFSET.test(s)) {
    const utc = tz === null ? utcWallTime(s) : null;
    if (utc !== null) return { dateTime: utc, timeZone: 'UTC' };
    const d = new Date(s);
    if (!Number.isNaN(d.getTime())) {
      const local = tz === null ? null : wallTimeIn(d, tz);
      if (local !== null && tz !== null) return { dateTime: local, timeZone: tz };
      return { dateTime: d.toISOString().replace(/\.\d{3}Z$/, ''), timeZone: 'UTC' };
    }
    return { dateTime: withSeconds(s.replace(OFFSET, '')), timeZone: tz ?? 'UTC' };
  }
  return { dateTime: withSeconds(s), timeZone: tz ?? 'UTC' };
}

/** `00` to `99`. */
const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));
const pad2 = (n: number): string => TWO_DIGITS[n] as string;

/** Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The date `days` after 1970-01-01 (Hinnant's civil_from_days). */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, doy - Math.floor((153 * mp + 2) / 5) + 1];
}

/** The offset in minutes of `Z` or `±HH[:]MM` ending `s` at `i`, or NaN. */
function offsetAt(s: string, i: number): number {
  const sign = s[i];
  if (sign === 'Z') return i + 1 === s.length ? 0 : Number.NaN;
  if (sign !== '+' && sign !== '-') return Number.NaN;
  const hours = twoDigits(s, i + 1);
  const at = s[i + 3] === ':' ? i + 4 : i + 3;
  const minutes = twoDigits(s, at);
  if (at + 2 !== s.length || !(hours <= 23 && minutes <= 59)) return Number.NaN;
  return (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * The UTC wall time (`YYYY-MM-DDTHH:MM:SS`) of `YYYY-MM-DDTHH:MM[:SS[.f…]]` with `Z` or `±HH[:]MM`,
 * as `new Date(s).toISOString()` gives it without its milliseconds, for the ranges Date takes
 * (days up to 31 roll into the next month, as in Date); null for anything else, which Date's
 * own parser decides (hour 24, years before 100, results it writes with six digits). Date's
 * parser and toISOString take about a microsecond; this a small fraction of that.
 */
export function utcWallTime(s: string): string | null {
  if (s[4] !== '-' || s[7] !== '-' || s[10] !== 'T' || s[13] !== ':') return null;
  const y = twoDigits(s, 0) * 100 + twoDigits(s, 2);
  const mo = twoDigits(s, 5);
  const d = twoDigits(s, 8);
  const h = twoDigits(s, 11);
  const mi = twoDigits(s, 14);
  let sec = 0;
  let i = 16;
  if (s[i] === ':') {
    sec = twoDigits(s, i + 1);
    i += 3;
    if (s[i] === '.') {
      const start = ++i;
      while (s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
      if (i === start) return null;
    }
  }
  const offset = offsetAt(s, i);
  // NaN fails every comparison.
  if (
    !(
      y >= 100 &&
      mo >= 1 &&
      mo <= 12 &&
      d >= 1 &&
      d <= 31 &&
      h <= 23 &&
      mi <= 59 &&
      sec <= 59 &&
      !Number.isNaN(offset)
    )
  )
    return null;
  // Minutes since the epoch: the month's first day (days over the month's length roll on, as in Date).
  const minutes = (daysFromCivil(y, mo, 1) + d - 1) * 1440 + h * 60 + mi - offset;
  const days = Math.floor(minutes / 1440);
  const [year, month, day] = civilFromDays(days);
  if (year < 1000 || year > 9999) return null;
  const inDay = minutes - days * 1440;
  const hh = Math.floor(inDay / 60);
  const mm = inDay - hh * 60;
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(hh)}:${pad2(mm)}:${pad2(sec)}`;
}

/** `HH:mm` at the end gains `:00`. */
function withSeconds(t: string): string {
  return /T\d{2}:\d{2}$/.test(t) ? `${t}:00` : t;
}

/** Text wrapped in double quotes, inner backslashes and double quotes escaped with a backslash (OData `$search`). */
function doubleQuoted(value: Json): Json {
  return `"${String(value ?? '')
    .replaceAll('\\', '\\\\')
    .replaceAll('"', '\\"')}"`;
}

/** The object without the listed top-level keys (e.g. vendor annotations such as `@odata.context`). */
function omit(obj: Json, keys: Json): Json {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return obj;
  const drop = new Set(Array.isArray(keys) ? keys.map(String) : [String(keys)]);
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !drop.has(k)));
}

function isObject(value: Json): value is Record<string, Json> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A Notion block request object from `{type, text, language}`: `{type, <type>: {rich_text}}`,
 * code blocks carry `language` (default `plain text`), dividers carry no text. An item that is
 * already a block object (it has an object under its own type key) passes through unchanged.
 * No `object: "block"` key: Notion's block request schemas do not take one.
 */
function notionBlock(block: Json): Json {
  const b = isObject(block) ? block : {};
  const type = String(b.type ?? 'paragraph');
  if (isObject(b[type])) return b;
  if (type === 'divider') return { type, divider: {} };
  const content: Record<string, Json> = { rich_text: richText(b.text ?? '') };
  if (type === 'code') content.language = b.language ?? 'plain text';
  const out: Record<string, Json> = { type };
  out[type] = content;
  return out;
}

function notionBlocks(blocks: Json): Json {
  return Array.isArray(blocks) ? blocks.map(notionBlock) : [];
}

/**
 * The plain text of Notion rich text: a rich-text array, or a block whose `<type>.rich_text`
 * holds it (a divider or an image gives ''). Items without `plain_text` use `text.content`.
 */
function plainText(value: Json): Json {
  let items: Json = value;
  if (isObject(value)) {
    const inner = value[String(value.type)];
    items = isObject(inner) ? inner.rich_text : undefined;
  }
  if (!Array.isArray(items)) return '';
  return items
    .map((item) => {
      if (!isObject(item)) return '';
      if (typeof item.plain_text === 'string') return item.plain_text;
      const text = item.text;
      return isObject(text) && typeof text.content === 'string' ? text.content : '';
    })
    .join('');
}

/** Drop keys whose value is null or undefined (one level). */
function compact(obj: Json): Json {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return obj;
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== null && v !== undefined));
}

/** A Snowflake SQL API result body (`data` + `resultSetMetaData`) -> row objects. */
function sqlRows(body: Json): Json {
  const b = (body ?? {}) as { data?: unknown; resultSetMetaData?: unknown };
  return b.data === undefined ? [] : convertRows(b.data, b.resultSetMetaData);
}

/** A quoted SQL identifier: wrapped in double quotes, inner double quotes doubled. */
export function sqlIdent(value: Json): string {
  return `"${String(value).replaceAll('"', '""')}"`;
}

/** A SQL string literal: wrapped in single quotes, quotes and backslashes escaped. */
export function sqlLiteral(value: Json): string {
  return `'${String(value).replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** Dotted, quoted name from the non-empty parts (`"db"."schema"."table"`). */
function sqlQualified(parts: Json): string {
  return (Array.isArray(parts) ? parts : [parts])
    .filter((p) => p !== null && p !== undefined && p !== '')
    .map(sqlIdent)
    .join('.');
}

function wordsOf(value: Json): Json {
  return String(value ?? '')
    .split(/\s+/)
    .filter((w) => w !== '');
}

export const HELPERS: Readonly<Record<string, Helper>> = {
  rich_text: {
    arity: 1,
    fn: richText,
    description: 'Text -> Notion rich-text items of at most 2000 characters.',
  },
  csv_list: {
    arity: 1,
    fn: toList,
    description: 'Array, JSON array string or comma-separated text -> array of strings.',
  },
  json_value: {
    arity: 1,
    fn: jsonValue,
    description: 'Decodes a JSON object/array given as a string; other values pass.',
  },
  hyphenate_uuid: { arity: 1, fn: hyphenateUuid, description: '32-hex-digit id -> hyphenated UUID.' },
  recipients: {
    arity: 1,
    fn: recipients,
    description: 'Addresses -> Graph recipients [{emailAddress:{address}}].',
  },
  attendees: { arity: 2, fn: attendees, description: 'Addresses and a type -> Graph attendees.' },
  graph_datetime: {
    arity: 2,
    fn: graphDateTime,
    description:
      'Date-time and optional zone -> Graph {dateTime, timeZone}; an offset time keeps its instant (IANA zone or UTC).',
  },
  double_quoted: {
    arity: 1,
    fn: doubleQuoted,
    description: 'Text -> wrapped in double quotes, inner quotes and backslashes escaped (OData $search).',
  },
  omit: {
    arity: 2,
    fn: omit,
    description: 'Object and a list of keys -> the object without those top-level keys.',
  },
  notion_block: {
    arity: 1,
    fn: notionBlock,
    description: '{type, text, language} -> Notion block request object (block objects pass through).',
  },
  notion_blocks: {
    arity: 1,
    fn: notionBlocks,
    description: 'Array of {type, text, language} -> Notion block request objects.',
  },
  plain_text: {
    arity: 1,
    fn: plainText,
    description: 'Notion rich-text array, or a block holding one -> its plain text.',
  },
  compact: { arity: 1, fn: compact, description: 'Drops null members of an object.' },
  words: { arity: 1, fn: wordsOf, description: 'Space-separated text -> array of words.' },
  sql_ident: { arity: 1, fn: sqlIdent, description: 'Quoted SQL identifier.' },
  sql_literal: { arity: 1, fn: sqlLiteral, description: 'Escaped SQL string literal.' },
  sql_qualified: {
    arity: 1,
    fn: sqlQualified,
    description: 'Array of name parts -> dotted quoted identifier.',
  },
  sql_statement_count: {
    arity: 1,
    fn: (sql) => countStatements(String(sql ?? '')),
    description:
      'Number of `;`-separated statements in SQL text (strings, quoted names, $$ blocks and comments respected).',
  },
  sql_rows: {
    arity: 1,
    fn: sqlRows,
    description:
      'Snowflake result body -> its `data` rows as objects keyed by column name, values converted by `resultSetMetaData.rowType`.',
  },
};

/** JSON-e's own built-in functions, which templates may also call. */
export const JSONE_BUILTINS = new Set([
  'min',
  'max',
  'sqrt',
  'ceil',
  'floor',
  'abs',
  'lowercase',
  'uppercase',
  'len',
  'str',
  'number',
  'strip',
  'lstrip',
  'rstrip',
  'join',
  'split',
  'range',
  'typeof',
  'defined',
  'fromNow',
]);

export function isTransform(name: string): boolean {
  return HELPERS[name]?.arity === 1;
}

/** The helper functions as a JSON-e context fragment. */
export const HELPER_CONTEXT: Readonly<Record<string, (...args: Json[]) => Json>> = Object.fromEntries(
  Object.entries(HELPERS).map(([k, h]) => [k, h.fn]),
);
