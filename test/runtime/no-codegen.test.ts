/**
 * Where the platform refuses to generate code (`new Function`, as under a strict content security
 * policy; here `node --disallow-code-generation-from-strings`), the runtime still builds every
 * request, given the generated (standalone) validators: nothing else of it generates code.
 * Every shipped tool's example dry runs give exactly what they give with code generation.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/paths.js';

const script = `
  import { loadShippedSpecs } from '${REPO}cli/shipped.ts';
  import { createToolkit } from '${REPO}runtime/index.ts';
  import { validators as generatedValidators } from '${REPO}generated/index.ts';
  const ir = loadShippedSpecs();
  const validators = await generatedValidators(ir);
  const connections = Object.fromEntries(ir.sets.map((s) => [s.name, {
    baseUrl: 'http://127.0.0.1:9', token: 'secret_no_codegen_0123',
    variables: Object.fromEntries(s.server.variables.map((v) => [v.name, v.default ?? 'acct'])),
  }]));
  const toolkit = createToolkit({ specs: ir, validators, connections });
  let generates = true;
  try { new Function(''); } catch { generates = false; }
  const out = { generates };
  for (const tool of ir.tools)
    out[tool.name] = await Promise.all(tool.examples.map((ex) =>
      toolkit.dryRun(tool.name, ex.input).then((r) => r, (e) => ({ error: e.code, field: e.field }))));
  console.log(JSON.stringify(out));`;

const run = (flags: string[]) => {
  const child = spawnSync(
    process.execPath,
    [...flags, '--conditions=@toolspec/source', '--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  expect(child.stderr).toBe('');
  const { generates, ...out } = JSON.parse(child.stdout) as { generates: boolean } & Record<
    string,
    unknown[]
  >;
  return { generates, out };
};

describe('without code generation', () => {
  it('every shipped tool dry-runs exactly as with it', () => {
    const refused = run(['--disallow-code-generation-from-strings']);
    const allowed = run([]);
    expect([refused.generates, allowed.generates]).toEqual([false, true]);
    expect(Object.keys(refused.out)).toHaveLength(148);
    expect(refused.out).toEqual(allowed.out);
    const built = Object.values(refused.out)
      .flat()
      .filter((r) => !(r as { error?: string }).error);
    expect(built.length).toBeGreaterThan(200);
  }, 120_000);
});
