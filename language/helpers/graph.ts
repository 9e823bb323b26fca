/** Microsoft Graph helpers: recipients and attendees, `dateTimeTimeZone`, OData `$search` quoting. */
import { toList } from './core.js';
import type { Helpers } from './registry.js';

type Json = unknown;

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

export const GRAPH_HELPERS: Helpers = {
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
};
