/**
 * `form`: application/x-www-form-urlencoded, nested objects and arrays in bracket notation
 * (`metadata[order_id]=6735`, `items[0][price]=p`), the common convention (Rails, PHP).
 * Null and absent members are left out; booleans and numbers are sent as their JSON text.
 */
import type { JsonValue } from '@toolspec/language';
import type { BodyEncoding } from './types.js';

const enc = (s: string): string => encodeURIComponent(s).replace(/%20/g, '+');

/** Flatten a value into `[key, text]` pairs under `prefix`. */
export function formPairs(value: unknown, prefix: string, out: [string, string][]): [string, string][] {
  if (value === undefined || value === null) return out;
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      formPairs(v, `${prefix}[${i}]`, out);
    });
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) formPairs(v, prefix === '' ? k : `${prefix}[${k}]`, out);
  } else out.push([prefix, typeof value === 'string' ? value : JSON.stringify(value)]);
  return out;
}

export function formEncode(value: unknown): string {
  return formPairs(value, '', [])
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
}

export const formEncoding: BodyEncoding = {
  name: 'form',
  hasBody: true,
  encode({ body }) {
    const json: JsonValue = body ?? {};
    return { json, payload: formEncode(json), contentType: 'application/x-www-form-urlencoded' };
  },
};
