/** `toolspec generate [files...] [--check] [--out dir] [--force] [--timings]`: emit (or drift-check) the generated artifacts. */
import { formatDiagnostic } from '@toolspec/language/light';
import { commandArgs } from '../args.js';
import { chooseSpecs, filesOf, packageRoot, projectNote, setsPackageDir } from '../paths.js';

const help = (
  summaries: readonly string[],
) => `toolspec generate [files...] [--check] [--out dir] [--force] [--timings]

Generates, for every tool set of the specs (default: ./specs/*.yaml when the working directory
has them, else the shipped sets' specs), into the output directory (default: the shipped sets'
generated/ for the shipped specs, else ./generated):
${summaries.map((s) => `  - ${s}`).join('\n')}

  --check   compare instead of writing; exit 1 naming stale, missing and extra files
  --out     output directory
  --force   regenerate even when specs and generator are unchanged since the last run
  --timings print milliseconds per phase (hash, load, emit, write/compare) to stderr
Exit status: 0 when done (or up to date), 1 on spec errors, hard conformance errors or drift.`;

/** The help, with each emitter's summary (loaded only when the help is shown). */
async function fullHelp(): Promise<string> {
  const { EMITTERS } = await import('@toolspec/generator');
  return help(EMITTERS.map((e) => e.summary));
}

export async function run(args: string[]): Promise<number> {
  const parsed = await commandArgs('generate', fullHelp, {
    args,
    allowPositionals: true,
    options: {
      check: { type: 'boolean' },
      out: { type: 'string' },
      force: { type: 'boolean' },
      timings: { type: 'boolean' },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const choice = chooseSpecs(positionals);
  const note = projectNote(choice, 'name spec files to generate others');
  if (note) process.stderr.write(`toolspec generate: ${note}\n`);
  // The light entry: deciding that nothing changed loads neither the emitters nor the spec language.
  const { isClean, runGenerate } = await import('@toolspec/generator/run');
  const shipped = choice.source === 'shipped';
  const result = await runGenerate({
    specFiles: [...filesOf(choice)],
    outDir: values.out ?? (shipped ? setsPackageDir() : 'generated'),
    root: shipped ? packageRoot() : process.cwd(),
    check: values.check,
    force: values.force,
  });
  for (const d of result.diagnostics) process.stderr.write(`${formatDiagnostic(d)}\n`);
  if (values.timings) {
    const phases = Object.entries(result.timings).map(([k, v]) => `${k} ${v} ms`);
    process.stderr.write(`timings: ${phases.join(', ')}\n`);
  }
  if (result.status === 'invalid-specs') {
    process.stderr.write('toolspec generate: the specs have errors; nothing generated\n');
    return 1;
  }
  if (result.status === 'up-to-date') {
    process.stdout.write('generate: up to date (specs and generator unchanged)\n');
    return 0;
  }
  for (const { tool, violation: v } of result.conformance) {
    process.stderr.write(`${tool}: conformance error ${v.rule} at "${v.pointer}": ${v.message}\n`);
  }
  const { stale, missing, extra } = result.diff;
  if (result.status === 'checked') {
    for (const p of stale) process.stderr.write(`stale:   ${p}\n`);
    for (const p of missing) process.stderr.write(`missing: ${p}\n`);
    for (const p of extra) process.stderr.write(`extra:   ${p}\n`);
    if (!isClean(result.diff)) {
      process.stderr.write('generate --check: generated files are out of date; run `npm run generate`\n');
      return 1;
    }
    process.stdout.write(
      `generate --check: ${result.files} file(s) for ${result.tools} tool(s) up to date\n`,
    );
  } else {
    const changed = stale.length + missing.length + extra.length;
    process.stdout.write(
      `generate: ${result.files} file(s) for ${result.tools} tool(s); ${changed === 0 ? 'no changes' : `${missing.length} new, ${stale.length} updated, ${extra.length} removed`}\n`,
    );
    if (!shipped && missing.length > 0)
      process.stdout.write(
        `generate: the generated code imports ${result.imports.join(', ')}: your project's dependencies need ${result.imports.length === 1 ? 'it' : 'them'}\n`,
      );
  }
  return result.conformance.length > 0 ? 1 : 0;
}
