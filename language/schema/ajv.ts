/** The one place Ajv instances are configured: JSON Schema 2020-12, all errors, formats. */
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { twoDigits } from '../helpers/digits.js';

// ajv-formats is CommonJS; under NodeNext its default import is the module object in types only.
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * ajv-formats' `date` (RFC 3339 full-date: `YYYY-MM-DD`, the day checked against the month and leap
 * years), read from character codes instead of a regex match per value (the match array cost most
 * of a date-heavy tool's validation).
 */
export function fullDate(s: string): boolean {
  if (s.length !== 10 || s[4] !== '-' || s[7] !== '-') return false;
  const year = twoDigits(s, 0) * 100 + twoDigits(s, 2);
  const month = twoDigits(s, 5);
  const day = twoDigits(s, 8);
  if (Number.isNaN(year) || !(month >= 1 && month <= 12 && day >= 1)) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS[month] as number));
}

export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, ...options });
  addFormats(ajv);
  // ajv-formats' uuid also takes a `urn:uuid:` prefix, which no vendor id carries and which would
  // reach a URL path as a scheme: the bare RFC 4122 text only.
  ajv.addFormat('uuid', /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i);
  const { compare } = fullFormats.date as { compare: (a: string, b: string) => number | undefined };
  ajv.addFormat('date', { type: 'string', validate: fullDate, compare });
  return ajv;
}
