/**
 * `validate` reports every kind of problem of a spec in one run: a schema error does not stop
 * the lint, the examples are checked and run, and each message names the tool and input at its line.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI_FROM_SOURCES } from '../support/paths.js';

const SPEC = new URL('../fixtures/specs/invalid/many-mistakes.yaml', import.meta.url).pathname;

describe('toolspec validate on a spec with several kinds of mistakes', () => {
  const r = spawnSync(process.execPath, [...CLI_FROM_SOURCES, 'validate', '--json', SPEC], {
    encoding: 'utf8',
  });
  const out = JSON.parse(r.stdout) as {
    ok: boolean;
    diagnostics: { line: number; code: string; message: string }[];
  };
  const found = (code: string) => out.diagnostics.filter((d) => d.code === code);

  it('fails and reports schema, lint and example problems together', () => {
    expect(r.status).toBe(1);
    expect(out.ok).toBe(false);
    const codes = new Set(out.diagnostics.map((d) => d.code));
    for (const code of [
      'missing_field', // schema: the set has no title, description, auth
      'bad_value', // schema: effects "explode"
      'path_var_not_input', // lint, past the schema error
      'invalid_input_schema', // the unquoted comma
      'example_input_invalid', // the example's input against the tool
      'example_request_mismatch', // the example's dry run against its request
      'example_output_invalid', // the example's output against the output schema
      'example_output_mismatch', // the tool's output on the example's response against the example's output
      'unknown_ref', // a $ref to no shared input
      'path_input_not_required',
    ]) {
      expect(codes, code).toContain(code);
    }
  });

  it("reports the unquoted comma at the input's line, naming tool and input", () => {
    const [d] = found('invalid_input_schema');
    expect(d?.line).toBe(14);
    expect(d?.message).toMatch(
      /^many_item_get\.item_id: "J…\)" is read as a keyword with no value: an unquoted comma/,
    );
  });

  it("names the tool and the input, at the input's line", () => {
    expect(found('bad_value')[0]?.message).toMatch(/^many_item_get effects: must be one of/);
    expect(found('example_input_invalid')[0]).toMatchObject({
      line: 19,
      message: expect.stringMatching(/^many_item_get example "basic": .*unknown input "colour"$/),
    });
    expect(found('unknown_ref')[0]?.message).toMatch(
      /^many_item_delete\.item_id: "\$ref: #\/inputs\/nowhere" names no definition/,
    );
  });

  it('names the tool and example of an example problem', () => {
    expect(found('example_output_invalid')[0]?.message).toMatch(
      /^many_item_get example "basic": output does not match the output schema: \/ must have required property 'name'/,
    );
  });
});
