/**
 * No construct without documentation: every key a shipped or example spec uses where the spec
 * language (not JSON Schema, not vendor data, not a template) is spoken must be a field of
 * toolspec.schema.json with a description. Fails when a spec starts using an undocumented key.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { shippedSpecFiles } from '../../cli/shipped.js';
import { PLACEMENT_KEYS } from '../../language/load/build-ir.js';
import { SPEC_SCHEMA_PATH } from '../support/paths.js';

type Node = Record<string, unknown>;
const schema = JSON.parse(readFileSync(SPEC_SCHEMA_PATH, 'utf8')) as Node;
const defs = schema.$defs as Record<string, Node>;

/** Every documented field name of a schema node: its properties, through $ref, allOf and if/then branches. */
function documented(node: Node | undefined, out = new Map<string, string>()): Map<string, string> {
  if (!node) return out;
  if (typeof node.$ref === 'string') documented(defs[node.$ref.replace('#/$defs/', '')], out);
  for (const [k, v] of Object.entries((node.properties as Record<string, Node> | undefined) ?? {})) {
    const target = typeof v.$ref === 'string' && !v.description ? defs[v.$ref.replace('#/$defs/', '')] : v;
    if (typeof (target ?? v).description === 'string' || typeof v.description === 'string') out.set(k, 'ok');
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    for (const b of (node[key] as Node[] | undefined) ?? []) documented(b, out);
  for (const key of ['then', 'else']) if (node[key]) documented(node[key] as Node, out);
  return out;
}

const tool = documented(defs.tool);
const placement = documented(defs.input);
const example = documented(defs.example);
const exampleParts = {
  request: documented(((defs.example?.properties ?? {}) as Record<string, Node>).request),
  response: documented(((defs.example?.properties ?? {}) as Record<string, Node>).response),
};
const response = documented(((defs.tool?.properties ?? {}) as Record<string, Node>).response);
const top = documented(schema);
const paging = documented(defs.paging);

function undocumented(file: string): string[] {
  const spec = parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as Node;
  const out: string[] = [];
  const check = (keys: Iterable<string>, known: Map<string, string>, where: string) => {
    for (const k of keys) if (!known.has(k)) out.push(`${file}: ${where}.${k}`);
  };
  check(Object.keys(spec), top, '');
  for (const p of Object.values((spec.paging as Record<string, Node> | undefined) ?? {}))
    check(Object.keys(p), paging, 'paging');
  const tools = [
    ...((spec.tools as Node[] | undefined) ?? []),
    ...((spec.families as Node[] | undefined) ?? []).flatMap((f) => (f.tools as Node[]) ?? []),
  ];
  const inputs = [
    ...Object.values((spec.inputs as Record<string, Node> | undefined) ?? {}),
    ...tools.flatMap((t) => Object.values((t.inputs as Record<string, Node> | undefined) ?? {})),
  ];
  for (const t of tools) {
    check(Object.keys(t), tool, 'tool');
    if (t.response) check(Object.keys(t.response as Node), response, 'tool.response');
    for (const ex of (t.examples as Node[] | undefined) ?? []) {
      check(Object.keys(ex), example, 'example');
      if (ex.request) check(Object.keys(ex.request as Node), exampleParts.request, 'example.request');
      if (ex.response) check(Object.keys(ex.response as Node), exampleParts.response, 'example.response');
    }
  }
  // An input's placement keys and `$ref` are the language; its other keys (`required` among them)
  // are JSON Schema.
  const PLACEMENT = [...PLACEMENT_KEYS, '$ref'].filter((k) => k !== 'required');
  for (const i of inputs)
    check(
      Object.keys(i).filter((k) => PLACEMENT.includes(k)),
      placement,
      'input',
    );
  return out;
}

describe('every construct a spec uses is documented in toolspec.schema.json', () => {
  const examples = new URL('../../examples/specs/', import.meta.url).pathname;
  const files = [
    ...shippedSpecFiles(),
    ...readdirSync(examples)
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => `${examples}${f}`),
  ];
  it.each(files)('%s', (file) => {
    expect(undocumented(file)).toEqual([]);
  });

  it('fails on a key the schema does not describe', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolspec-constructs-'));
    const file = join(dir, 'x.yaml');
    writeFileSync(
      file,
      'set: x\ntools:\n  - name: x_a\n    unwrap_everything: true\n    inputs: { a: { in: none, spread: true, type: string } }\n',
    );
    expect(undocumented(file)).toEqual([`${file}: tool.unwrap_everything`]);
    rmSync(dir, { recursive: true });
  });
});
