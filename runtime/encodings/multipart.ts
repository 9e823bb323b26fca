/**
 * `multipart`: multipart/form-data (RFC 7578). Every body member is a text part (objects and
 * arrays as JSON); the members named in the tool's `files` carry base64 contents and are sent as
 * file parts with the declared file name and content type. The boundary is random per request.
 */
import { randomBytes } from 'node:crypto';
import type { JsonValue } from '@toolspec/language';
import { ToolError } from '../errors.js';
import type { BodyEncoding } from './types.js';

interface FilePart {
  readonly filename?: string;
  readonly content_type?: string;
}

const quoted = (s: string): string => s.replace(/["\\\r\n]/g, (c) => encodeURIComponent(c));
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const multipartEncoding: BodyEncoding = {
  name: 'multipart',
  hasBody: true,
  encode({ tool, body }) {
    const spec = tool.request.encodingSpec as { files?: Record<string, FilePart> } | null;
    const files = spec?.files ?? {};
    const boundary = `toolspec-${randomBytes(12).toString('hex')}`;
    const chunks: Buffer[] = [];
    const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
    const shown: Record<string, JsonValue> = {};
    for (const [name, value] of Object.entries(fields)) {
      if (value === null || value === undefined) continue;
      const file = files[name];
      let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"`;
      let content: Buffer;
      if (file) {
        const text = typeof value === 'string' ? value.replace(/\s+/g, '') : '';
        if (!BASE64.test(text) || text.length % 4 !== 0) {
          throw new ToolError({
            code: 'invalid_input',
            tool: tool.name,
            field: name,
            expected: 'base64 file contents',
            message: `${tool.name}: invalid input "${name}": expected base64 file contents`,
          });
        }
        content = Buffer.from(text, 'base64');
        head += `; filename="${quoted(file.filename ?? name)}"\r\nContent-Type: ${file.content_type ?? 'application/octet-stream'}`;
        shown[name] = `<file ${content.length} bytes>`;
      } else {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        content = Buffer.from(text, 'utf8');
        shown[name] = value;
      }
      chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'), content, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      json: shown,
      payload: Buffer.concat(chunks),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  },
};
