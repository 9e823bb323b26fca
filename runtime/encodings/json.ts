/** `json`: the built body serialised once as JSON (an empty object when nothing was built). */
import type { BodyEncoding } from './types.js';

export const jsonEncoding: BodyEncoding = {
  name: 'json',
  hasBody: true,
  needsVars: false,
  encode({ body }) {
    const json = body ?? {};
    return { json, payload: JSON.stringify(json), contentType: 'application/json' };
  },
};
