/** Helpers of every vendor: lists from text, JSON text decoded, hyphenated UUIDs, objects trimmed. */
import type { Helpers } from './registry.js';

type Json = unknown;

export function isObject(value: Json): value is Record<string, Json> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Each item as trimmed text, empty ones left out. */
function trimmed(items: readonly unknown[]): string[] {
  return items.map((item) => String(item).trim()).filter((v) => v !== '');
}

/** A list given as an array, a JSON array string, or a comma-separated string: its items, trimmed, empty ones left out. */
export function toList(value: Json): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return trimmed(value);
  const s = String(value);
  if (s.trimStart().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(s.trim());
      if (Array.isArray(parsed)) return trimmed(parsed);
    } catch {
      // not JSON: comma splitting
    }
  }
  return trimmed(s.split(','));
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

/** The object without the listed top-level keys (e.g. vendor annotations such as `@odata.context`). */
function omit(obj: Json, keys: Json): Json {
  if (!isObject(obj)) return obj;
  const drop = new Set(Array.isArray(keys) ? keys.map(String) : [String(keys)]);
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !drop.has(k)));
}

/** Drop keys whose value is null or undefined (one level). */
function compact(obj: Json): Json {
  if (!isObject(obj)) return obj;
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== null && v !== undefined));
}

function words(value: Json): Json {
  return String(value ?? '')
    .split(/\s+/)
    .filter((w) => w !== '');
}

export const CORE_HELPERS: Helpers = {
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
  omit: {
    arity: 2,
    fn: omit,
    description: 'Object and a list of keys -> the object without those top-level keys.',
  },
  compact: { arity: 1, fn: compact, description: 'Drops null members of an object.' },
  words: { arity: 1, fn: words, description: 'Space-separated text -> array of words.' },
};
