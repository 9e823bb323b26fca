/** `none`: no request body (GET, DELETE, and writes that carry everything in path and query). */
import type { BodyEncoding } from './types.js';

export const noneEncoding: BodyEncoding = {
  name: 'none',
  hasBody: false,
  encode() {
    return null;
  },
};
