/** The one place Ajv instances are configured: JSON Schema 2020-12, all errors, formats. */
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under NodeNext its default import is the module object in types only.
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, ...options });
  addFormats(ajv);
  // ajv-formats' uuid also takes a `urn:uuid:` prefix, which no vendor id carries and which would
  // reach a URL path as a scheme: the bare RFC 4122 text only.
  ajv.addFormat('uuid', /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i);
  return ajv;
}
