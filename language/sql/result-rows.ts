/**
 * Snowflake SQL API result rows (`jsonv2`: every cell a string or null) -> objects keyed by
 * column name, values converted by the column's `resultSetMetaData.rowType` entry:
 *
 * | type | vendor text | output |
 * | --- | --- | --- |
 * | fixed, decfloat | decimal text | number when the double holds it exactly, else the exact text |
 * | real | float text | number (`inf`/`NaN` stay text) |
 * | boolean | `true`/`false` | boolean |
 * | date | days since epoch | `YYYY-MM-DD` |
 * | time | seconds since midnight | `HH:MM:SS[.fff]` (fraction digits = column scale) |
 * | timestamp_ntz | epoch seconds (wall clock) | `YYYY-MM-DDTHH:MM:SS[.fff]` |
 * | timestamp_ltz | epoch seconds (UTC instant) | `YYYY-MM-DDTHH:MM:SS[.fff]Z` |
 * | timestamp_tz | `epoch-seconds offset` (offset = minutes + 1440) | local time with `+HH:MM` |
 * | variant, object, array, map | JSON text | parsed JSON (text when it does not parse) |
 * | text, binary, anything else | text | as is |
 *
 * With `nullable: false` the vendor sends SQL NULL as the text `null`; that text is kept as
 * the vendor returns it. Any cell that does not parse as its type is passed through unchanged.
 * Pure arithmetic on the digit strings, so no precision is lost on the way.
 */

export interface ColumnType {
  readonly name: string;
  readonly type: string;
  readonly scale?: number | undefined;
}

export interface ResultMeta {
  readonly rowType?: readonly ColumnType[] | undefined;
  /** false: SQL NULL arrives as the text `null`. */
  readonly nullable?: boolean | undefined;
}

type Cell = string | null;
type Out = unknown;

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/;

/** Decimal text -> number when the double prints back to the same decimal value, else the text. */
export function exactNumber(text: string): number | string {
  const m = DECIMAL.exec(text.trim());
  if (!m) return text;
  const sign = m[1] === '-' ? '-' : '';
  const int = (m[2] ?? '').replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const canonical = `${int}${frac ? `.${frac}` : ''}`;
  const n = Number(`${sign}${canonical}`);
  if (!Number.isFinite(n)) return text;
  if (frac === '' && !Number.isSafeInteger(n)) return text;
  const back = String(Math.abs(n));
  if (back !== canonical) return text;
  return n === 0 ? 0 : n;
}

const pad = (n: number | bigint, w = 2) => String(n).padStart(w, '0');

/** Gregorian civil date from days since 1970-01-01 (Howard Hinnant's algorithm, exact for any integer). */
function civilFromDays(days: bigint): string {
  const z = days + 719468n;
  const era = (z >= 0n ? z : z - 146096n) / 146097n;
  const doe = z - era * 146097n;
  const yoe = (doe - doe / 1460n + doe / 36524n - doe / 146096n) / 365n;
  const doy = doe - (365n * yoe + yoe / 4n - yoe / 100n);
  const mp = (5n * doy + 2n) / 153n;
  const d = doy - (153n * mp + 2n) / 5n + 1n;
  const m = mp < 10n ? mp + 3n : mp - 9n;
  const y = yoe + era * 400n + (m <= 2n ? 1n : 0n);
  const year = y < 0n ? `-${pad(-y, 4)}` : pad(y, 4);
  return `${year}-${pad(m)}-${pad(d)}`;
}

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/** `SSSS[.fffffffff]` (possibly negative) -> whole seconds (floored) and a 9-digit nanosecond fraction. */
function splitSeconds(text: string): { secs: bigint; nanos: bigint } | null {
  const m = /^(-)?(\d+)(?:\.(\d{0,9}))?$/.exec(text);
  if (!m) return null;
  const whole = BigInt(m[2] ?? '0');
  const nanos = BigInt((m[3] ?? '').padEnd(9, '0'));
  const total = whole * 1_000_000_000n + nanos;
  const signed = m[1] ? -total : total;
  const secs = floorDiv(signed, 1_000_000_000n);
  return { secs, nanos: signed - secs * 1_000_000_000n };
}

function fraction(nanos: bigint, scale: number): string {
  if (scale <= 0) return '';
  return `.${pad(nanos, 9).slice(0, Math.min(scale, 9))}`;
}

function clock(secsOfDay: bigint): string {
  return `${pad(secsOfDay / 3600n)}:${pad((secsOfDay / 60n) % 60n)}:${pad(secsOfDay % 60n)}`;
}

function dateTime(secs: bigint, nanos: bigint, scale: number): string {
  const days = floorDiv(secs, 86400n);
  return `${civilFromDays(days)}T${clock(secs - days * 86400n)}${fraction(nanos, scale)}`;
}

function offset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const a = Math.abs(minutes);
  return `${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

const SCALE_DEFAULT = 9;

function convertCell(cell: string, col: ColumnType): Out {
  const type = col.type.toLowerCase();
  const scale = typeof col.scale === 'number' ? col.scale : SCALE_DEFAULT;
  switch (type) {
    case 'fixed':
    case 'number':
    case 'decfloat':
      return exactNumber(cell);
    case 'real':
    case 'float':
    case 'double': {
      const n = Number(cell);
      return cell.trim() !== '' && Number.isFinite(n) ? n : cell;
    }
    case 'boolean':
      return cell === 'true' ? true : cell === 'false' ? false : cell;
    case 'date':
      return /^-?\d+$/.test(cell) ? civilFromDays(BigInt(cell)) : cell;
    case 'time': {
      const s = splitSeconds(cell);
      return s ? `${clock(((s.secs % 86400n) + 86400n) % 86400n)}${fraction(s.nanos, scale)}` : cell;
    }
    case 'timestamp_ntz': {
      const s = splitSeconds(cell);
      return s ? dateTime(s.secs, s.nanos, scale) : cell;
    }
    case 'timestamp_ltz': {
      const s = splitSeconds(cell);
      return s ? `${dateTime(s.secs, s.nanos, scale)}Z` : cell;
    }
    case 'timestamp_tz': {
      const [instant = '', enc = ''] = cell.split(' ');
      const s = splitSeconds(instant);
      if (!s || !/^\d+$/.test(enc)) return cell;
      const minutes = Number(enc) - 1440;
      const local = s.secs + BigInt(minutes) * 60n;
      return `${dateTime(local, s.nanos, scale)}${offset(minutes)}`;
    }
    case 'variant':
    case 'object':
    case 'array':
    case 'map':
      try {
        return JSON.parse(cell) as Out;
      } catch {
        return cell;
      }
    default:
      return cell;
  }
}

/** Output keys per column: the column name, with `_2`, `_3`... for repeated names (`a.ID, b.ID`). */
function columnKeys(columns: readonly ColumnType[], width: number): string[] {
  const seen = new Map<string, number>();
  const keys: string[] = [];
  for (let i = 0; i < Math.max(width, columns.length); i++) {
    const base = columns[i]?.name ?? `COLUMN_${i + 1}`;
    let key = base;
    for (let n = (seen.get(base) ?? 0) + 1; seen.has(key); n++) key = `${base}_${n}`;
    seen.set(base, (seen.get(base) ?? 0) + 1);
    seen.set(key, seen.get(key) ?? 1);
    keys.push(key);
  }
  return keys;
}

/** Convert one row (array of cells) to an object keyed by column name. */
export function convertRow(
  row: readonly Cell[],
  meta: ResultMeta,
  keys?: readonly string[],
): Record<string, Out> {
  const columns = meta.rowType ?? [];
  const names = keys ?? columnKeys(columns, row.length);
  const keepNullText = meta.nullable === false;
  const out: Record<string, Out> = {};
  row.forEach((cell, i) => {
    const col = columns[i] ?? { name: `COLUMN_${i + 1}`, type: 'text' };
    const key = names[i] ?? col.name;
    const value =
      cell === null || cell === undefined
        ? null
        : keepNullText && cell === 'null'
          ? cell
          : convertCell(cell, col);
    // A column may be named `__proto__`: an own property (data), never the row's prototype.
    if (key === '__proto__')
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  });
  return out;
}

/**
 * Convert a partition's `data` with the statement's metadata. Without a `rowType` (Snowflake
 * sends none with partitions after the first) the rows stay arrays of vendor text in column order.
 */
export function convertRows(data: unknown, meta: unknown): unknown {
  if (!Array.isArray(data)) return data;
  const m = (meta && typeof meta === 'object' ? meta : {}) as ResultMeta;
  if (!Array.isArray(m.rowType)) return data;
  let width = 0;
  for (const r of data) if (Array.isArray(r) && r.length > width) width = r.length;
  const keys = columnKeys(m.rowType ?? [], width);
  return data.map((row) => (Array.isArray(row) ? convertRow(row as Cell[], m, keys) : row));
}
