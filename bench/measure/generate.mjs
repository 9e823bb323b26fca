/**
 * 3. Generation, whole processes of the built CLI: `toolspec generate` of the shipped sets vs
 * openapi-typescript on the same operations exported as OpenAPI 3.1 (interleaved); an
 * unchanged-input regeneration; and a synthetic 2,000-tool corpus vs the shipped one.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { interleaved } from '../lib/interleave.mjs';
import { CLI } from '../lib/paths.mjs';
import { timeNode } from '../lib/process.mjs';
import { median, round } from '../lib/stats.mjs';
import { fmt, row } from '../lib/table.mjs';
import { loadSpecs, shippedSpecFiles } from '../lib/toolspec.mjs';
import { openApiFromIR } from '../tools/openapi-export.mjs';
import { writeScaledSpecs } from '../tools/scale-specs.mjs';

const require = createRequire(import.meta.url);
const OPENAPI_TS = join(require.resolve('openapi-typescript/package.json'), '..', 'bin', 'cli.js');
/** Fixed paths, so the generator's unchanged-input cache keeps one entry per output, not one per run. */
const WORK = join(tmpdir(), 'toolspec-bench', 'generate');
/** The synthetic corpus takes tens of seconds to generate: full runs only. */
const SCALE = { tools: 2000, rounds: 3 };
const ROUNDS = { full: 5, quick: 1 };

/**
 * Runs a command. `toolspec generate` exits 1 when a tool has a hard conformance error but still
 * writes everything; that is timed like any run and reported as a warning.
 */
async function run(what, args, warnings) {
  const r = await timeNode(args);
  const wrote = r.code === 1 && /^generate: \d+ file/m.test(r.stdout);
  if (r.code !== 0 && !wrote) {
    throw new Error(
      `${what} exited ${r.code}:\n${(r.stderr || r.stdout).split('\n').slice(0, 10).join('\n')}`,
    );
  }
  if (wrote) {
    const first = r.stderr.split('\n').find((l) => l.includes('conformance error'));
    warnings.add(`${what} exited 1 (conformance errors, e.g. ${first}); files were written`);
  }
  return r;
}

export async function measure({ quick }) {
  const rounds = quick ? ROUNDS.quick : ROUNDS.full;
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const specFiles = shippedSpecFiles();
  const ir = loadSpecs(specFiles);
  const tools = ir.tools.length;
  const openapi = join(WORK, 'openapi.json');
  const scaledFiles = quick
    ? []
    : writeScaledSpecs(specFiles, tools, SCALE.tools, join(WORK, 'scaled-specs'));
  writeFileSync(openapi, JSON.stringify(openApiFromIR(ir)));

  const out = join(WORK, 'out');
  const commands = {
    toolspec: ['generate', [CLI, 'generate', '--force', '--out', out]],
    openapi_typescript: ['openapi-typescript', [OPENAPI_TS, openapi, '-o', join(WORK, 'openapi-types.ts')]],
    toolspec_scaled: [
      'generate (scaled)',
      [CLI, 'generate', '--force', '--out', join(WORK, 'out-scaled'), ...scaledFiles],
    ],
    noop: ['generate (unchanged)', [CLI, 'generate', '--out', out]],
  };
  const warnings = new Set();
  const exec = async (name) => (await run(...commands[name], warnings)).s;

  const full = await interleaved(['toolspec', 'openapi_typescript'], rounds, exec);
  // The last forced run recorded its inputs; an unchanged regeneration must now be a no-op.
  // (The generator does not record a run with conformance errors, so then there is no no-op.)
  const check = await run(...commands.noop, warnings);
  const upToDate = /up to date/.test(check.stdout);
  if (!upToDate) warnings.add(`unchanged regeneration was not a no-op: ${check.stdout.trim()}`);
  const noop = upToDate ? await interleaved(['noop'], rounds, exec) : { noop: [] };
  const scale = quick ? null : await interleaved(['toolspec', 'toolspec_scaled'], SCALE.rounds, exec);

  const fullS = median(full.toolspec);
  const otS = median(full.openapi_typescript);
  const noopS = median(noop.noop);
  const base148 = scale ? median(scale.toolspec) : Number.NaN;
  const scaledS = scale ? median(scale.toolspec_scaled) : Number.NaN;
  const scaleRatio = scaledS / base148;
  const figures = {
    tools,
    full_s: round(fullS),
    openapi_typescript_s: round(otS),
    full_ratio_vs_openapi_typescript: round(fullS / otS),
    noop_s: round(noopS),
    scale_tools: scale ? SCALE.tools : null,
    scale_s: round(scaledS),
    scale_base_s: round(base148),
    scale_2000_ratio: round(scaleRatio),
    scale_tools_ratio: round(SCALE.tools / tools),
    warnings: [...warnings],
  };
  const sec = 'generate';
  const rows = [
    row({
      section: sec,
      label: `generate ${tools} tools (whole process)`,
      value: fullS,
      shown: fmt.s(fullS),
      target: { on: 'value', max: 3, unit: ' s' },
    }),
    row({
      section: sec,
      label: `generate ${tools} tools vs openapi-typescript`,
      value: fullS,
      shown: fmt.s(fullS),
      base: { label: 'openapi-typescript', value: otS, shown: fmt.s(otS) },
      target: { max: 1 },
    }),
    row({
      section: sec,
      label: 'unchanged-input regeneration',
      value: noopS,
      shown: fmt.s(noopS),
      target: { on: 'value', max: 0.5, unit: ' s' },
    }),
    row({
      section: sec,
      label: `${SCALE.tools} synthetic tools vs ${tools}${scale ? '' : ' (full run only)'}`,
      value: scaledS,
      shown: fmt.s(scaledS),
      base: { label: `${tools} tools`, value: base148, shown: fmt.s(base148) },
      target: { max: 15 },
    }),
  ];
  return { figures, rows };
}
