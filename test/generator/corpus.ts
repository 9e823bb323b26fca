/**
 * A corpus of valid and invalid inputs for a tool, derived from its schema and examples:
 * every example input, the empty input, and for each property wrong types, null, boundary and
 * enum violations, a missing required property and an unknown extra property.
 */
import type { JsonValue, ToolIR } from '../../language/ir/ir.js';

type Obj = Record<string, JsonValue>;

const WRONG: readonly JsonValue[] = ['', 'x', 0, -1, 1.5, 1e9, true, null, [], ['x'], {}, { a: 1 }];

function variantsFor(schema: Obj): JsonValue[] {
  const out: JsonValue[] = [...WRONG];
  if (Array.isArray(schema.enum)) out.push(...schema.enum, 'not-in-enum');
  if (typeof schema.minLength === 'number') out.push('y'.repeat(Math.max(0, schema.minLength - 1)));
  if (typeof schema.maxLength === 'number') out.push('y'.repeat(schema.maxLength + 1));
  if (typeof schema.minimum === 'number') out.push(schema.minimum, schema.minimum - 1);
  if (typeof schema.maximum === 'number') out.push(schema.maximum, schema.maximum + 1);
  if (schema.format === 'uuid')
    out.push('3f2504e0-4f89-11d3-9a0c-0305e82c3301', '3f2504e04f8911d39a0c0305e82c3301');
  if (schema.format === 'date') out.push('2024-02-30', '2024-02-03');
  if (schema.format === 'email') out.push('a@b.test', 'not an email');
  if (schema.format === 'uri') out.push('https://x.test/a', 'not a uri');
  if (schema.type === 'array') out.push([1], ['a', 'a'], [{ x: 1 }]);
  return out;
}

export function corpusFor(tool: ToolIR): Obj[] {
  const base: Obj = (tool.examples[0]?.input as Obj | undefined) ?? {};
  const cases: Obj[] = [...tool.examples.map((e) => e.input as Obj), {}, { ...base, __unknown__: 1 }];
  const props = (tool.inputSchema.properties ?? {}) as Record<string, Obj>;
  const required = (tool.inputSchema.required ?? []) as string[];
  for (const name of required) {
    const { [name]: _gone, ...rest } = base;
    cases.push(rest);
  }
  for (const [name, schema] of Object.entries(props)) {
    for (const v of variantsFor(schema)) cases.push({ ...base, [name]: v });
  }
  return cases;
}
