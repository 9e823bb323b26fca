/**
 * `raw`: the body as text, sent with the declared Content-Type (default text/plain). The body
 * template (or the one body-placed input) must produce a string; anything else is refused.
 */
import { ToolError } from '../errors.js';
import type { BodyEncoding } from './types.js';

export const rawEncoding: BodyEncoding = {
  name: 'raw',
  hasBody: true,
  encode({ tool, body }) {
    let text: unknown = body;
    if (text !== null && typeof text === 'object' && !Array.isArray(text)) {
      const values = Object.values(text);
      if (values.length === 1) text = values[0];
    }
    if (text === undefined || text === null) text = '';
    if (typeof text !== 'string') {
      throw new ToolError({
        code: 'invalid_input',
        tool: tool.name,
        field: 'body',
        expected: 'text (encoding raw sends the body as it is)',
        message: `${tool.name}: invalid input "body": expected text for a raw body, got ${Array.isArray(text) ? 'an array' : typeof text}`,
      });
    }
    return { json: null, payload: text, contentType: 'text/plain; charset=utf-8' };
  },
};
