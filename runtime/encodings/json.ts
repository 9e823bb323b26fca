/** `json`: the built body serialised once as JSON (an empty object when nothing was built). */

import { jsonBody } from './json-text.js';
import type { BodyEncoding } from './types.js';

export const jsonEncoding: BodyEncoding = {
  name: 'json',
  hasBody: true,
  encode({ body }) {
    const json = body ?? {};
    return jsonBody(json);
  },
};
