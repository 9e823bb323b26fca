/**
 * Writes language/schema/spec-validator.ts: the spec language's schema (toolspec.schema.json)
 * compiled once by Ajv's standalone mode into a module, so loading specs does not compile a
 * 100 KB schema on every start (about 110 ms of a whole `toolspec generate` or `validate`).
 * Compiled with `createAjv()`'s options: the same verdicts and errors as compiling it at run time.
 * `--check` (part of `npm test`): exit 1 when the file is not what the schema and the installed
 * Ajv give (run `npm run generate:spec-validator`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { createAjv } from '../language/schema/ajv.js';

type StandaloneCode = (ajv: Ajv2020, validate: unknown) => string;
// ajv's standalone entry is CommonJS: under NodeNext its default import is the module object in types only.
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ??
  standaloneModule) as StandaloneCode;

const SPEC_VALIDATOR_MODULE = 'language/schema/spec-validator.ts';

const HEADER = [
  '// Generated from language/toolspec.schema.json by `npm run generate:spec-validator`. Do not edit.',
  '// The spec schema compiled by Ajv (standalone, createAjv() options): generated JavaScript, not type-checked.',
  '',
  '// @ts-nocheck',
];

/**
 * The module text for `schema`: Ajv's code, its runtime helpers imported (CommonJS: Node hands the
 * module object to a default import, bundlers and Vite its `default`), one typed export.
 */
function specValidatorSource(schema: object): string {
  const ajv = createAjv({ code: { source: true, esm: true, lines: true } });
  const code = standaloneCode(ajv, ajv.compile(schema));
  const imports: string[] = [];
  const body = code
    .replace(/^"use strict";\n?/, '')
    .replace(/^export const validate = (validate\d+);\nexport default validate\d+;\n/m, '')
    .replace(/^const (\w+) = require\("(ajv\/dist\/runtime\/\w+)"\)\.default;$/gm, (_, name, path) => {
      imports.push(`import ${name}_module from '${path}.js';`);
      return `const ${name} = ${name}_module.default ?? ${name}_module;`;
    });
  const left = /require\(/.exec(body);
  if (left)
    throw new Error(
      `spec validator: Ajv's code requires a module not provided: ${body.slice(left.index, left.index + 120)}`,
    );
  const exported = /^export const validate = (validate\d+);$/m.exec(code)?.[1];
  if (!exported) throw new Error("spec validator: Ajv's standalone code has no `validate` export");
  return [
    ...HEADER,
    ...imports,
    '',
    body.trimEnd(),
    '',
    `/** Validates raw spec data against toolspec.schema.json; errors in \`specValidator.errors\`, as Ajv's. */`,
    `export const specValidator: import('ajv/dist/2020.js').ValidateFunction = ${exported};`,
    '',
  ].join('\n');
}

const root = join(import.meta.dirname, '..');
const schema = JSON.parse(readFileSync(join(root, 'language/toolspec.schema.json'), 'utf8'));
const file = join(root, SPEC_VALIDATOR_MODULE);
const source = specValidatorSource(schema);
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {}
  if (current !== source) {
    console.error(
      `${SPEC_VALIDATOR_MODULE} is out of date with toolspec.schema.json: run npm run generate:spec-validator`,
    );
    process.exit(1);
  }
  console.log(`${SPEC_VALIDATOR_MODULE}: up to date`);
} else {
  writeFileSync(file, source);
  console.log(`wrote ${SPEC_VALIDATOR_MODULE} (${source.length} characters)`);
}
