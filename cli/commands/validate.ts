/** `toolspec validate [files...] [--json] [--shipped]`: exit 0 when clean, 1 with errors. */

import {
  type Diagnostic,
  formatDiagnostic,
  importSpecHelpers,
  type LoadResult,
  loadSpecFiles,
} from '@toolspec/language';
import { commandArgs } from '../args.js';
import { runExamples } from '../examples-run.js';
import { chooseSpecs, filesOf, projectNote } from '../paths.js';

const HELP = `toolspec validate [files...] [--json] [--shipped]

Validates spec files (default: ./specs/*.yaml when the working directory has them, else the
shipped sets' specs) against the spec schema and the
semantic lint, and runs every example: its input against the tool's input schema, the tool's
dry run against its request, the tool called against a loopback server answering with the
example's response against its output, and that output against the output schema. A schema error does not
stop the rest: everything found is printed, as "file:line:column  severity  code  message".
  --json      print {"ok", "diagnostics": [...]} instead
  --shipped   validate the shipped sets' specs even where ./specs/*.yaml exists
Exit status: 0 when there are no errors (warnings allowed), 1 otherwise.`;

export async function run(args: string[]): Promise<number> {
  const parsed = await commandArgs('validate', HELP, {
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, shipped: { type: 'boolean' } },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const choice = chooseSpecs(positionals, values.shipped);
  const note = projectNote(choice);
  if (note) process.stderr.write(`toolspec validate: ${note}\n`);
  const files = [...filesOf(choice)];
  const loaded = loadSpecFiles(files, undefined, await importSpecHelpers(files));
  const diagnostics = [...loaded.diagnostics, ...(await examplesOf(loaded))].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code),
  );
  const ir = diagnostics.some((d) => d.severity === 'error') ? null : loaded.ir;
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ ok: ir !== null, diagnostics }, null, 2)}\n`);
  } else {
    for (const d of diagnostics) process.stdout.write(`${formatDiagnostic(d)}\n`);
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    const summary = ir
      ? `ok: ${ir.sets.length} set(s), ${ir.tools.length} tool(s)${diagnostics.length ? `, ${diagnostics.length} warning(s)` : ''}`
      : `${errors} error(s)`;
    process.stdout.write(`${summary}\n`);
  }
  return ir ? 0 : 1;
}

/** The example run's findings; a spec with errors may be too broken to run, and its errors already say why. */
async function examplesOf(loaded: LoadResult): Promise<Diagnostic[]> {
  try {
    return await runExamples(loaded.built);
  } catch (e) {
    if (loaded.ir) throw e;
    return [];
  }
}
