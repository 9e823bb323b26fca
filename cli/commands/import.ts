/** `toolspec import <document> --set <name> [--tags ..] [--paths ..] [--operations ..] [--out <file>] [--update <file> [--check]]`. */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, relative } from 'node:path';
import { commandArgs, usageError } from '../args.js';

const HELP = `toolspec import <document> --set <name> [--tags <t>[,<t>...]] [--paths <glob>[,<glob>...]]
                [--operations <id>[,<id>...]] [--deprecated] [--responses none|top-level|full]
                [--out <file>] [--name <tool>]
toolspec import <document> --update <spec file> [--check]

Turns an OpenAPI 3.0/3.1 document (JSON or YAML; local $refs only) into a toolspec set: every
operation, or those with one of --tags, a path matching one of --paths (globs: /repos/**), or
named by --operations (operationId or "METHOD /path"). Deprecated operations are skipped unless
--deprecated. Shared parameters and schemas are written once at the set level ($ref); output
schemas keep the top level (--responses). Tools are <set>_<operationId in snake_case>. Effects,
paging and error pointers are inferred, each with its reason as a "toolspec import:" comment.
With --out, the spec is written there (appended when it exists) with its import record beside
it (<spec>.import.json); otherwise it is printed.
--update applies a newer document to a set imported with --out: new operations added, changed ones
updated, removed ones removed, every hand edit kept (from the import record); it prints what
changed. --check only reports, and exits 1 when the document has moved on.`;

const list = (v: string[] | undefined) =>
  (v ?? [])
    .flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);

export async function run(args: string[]): Promise<number> {
  const parsed = await commandArgs('import', HELP, {
    args,
    allowPositionals: true,
    options: {
      set: { type: 'string' },
      operations: { type: 'string', multiple: true },
      tags: { type: 'string', multiple: true },
      paths: { type: 'string', multiple: true },
      deprecated: { type: 'boolean' },
      responses: { type: 'string' },
      out: { type: 'string' },
      name: { type: 'string' },
      update: { type: 'string' },
      check: { type: 'boolean' },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return usageError('import', 'name one document');
  const responses = values.responses;
  if (responses !== undefined && !['none', 'top-level', 'full'].includes(responses))
    return usageError('import', '--responses takes none, top-level or full');
  if (values.check && !values.update) return usageError('import', '--check goes with --update <spec file>');
  const generator = await import('@toolspec/generator');
  try {
    const text = await readFile(positionals[0] as string, 'utf8');
    if (values.update) {
      const spec = values.update;
      const recordFile = generator.importRecordPath(spec);
      const result = generator.updateImport(text, {
        spec: await readFile(spec, 'utf8'),
        record: existsSync(recordFile) ? await readFile(recordFile, 'utf8') : null,
        recordFile,
      });
      const r = result.report;
      if (!existsSync(recordFile))
        process.stderr.write(
          `toolspec import: no import record ${recordFile}: what differs from the document is kept as a hand edit\n`,
        );
      process.stderr.write(
        `toolspec import: ${result.moved ? 'the document has moved on' : 'the document is unchanged'}: ${r.added.length} added, ${r.changed.length} changed, ${r.removed.length} removed, ${r.kept.length} hand edit(s) kept\n`,
      );
      for (const [label, items] of Object.entries(r))
        for (const i of items) process.stderr.write(`  ${label}: ${i}\n`);
      if (values.check) return result.moved ? 1 : 0;
      await writeFile(spec, result.yaml);
      await writeFile(recordFile, result.recordText);
      return 0;
    }
    if (!values.set) return usageError('import', 'name the set with --set');
    const existing = values.out && existsSync(values.out) ? await readFile(values.out, 'utf8') : null;
    const schema = createRequire(import.meta.url).resolve('@toolspec/language/toolspec.schema.json');
    const result = generator.importOpenApi(text, {
      set: values.set,
      operations: list(values.operations),
      tags: list(values.tags),
      paths: list(values.paths),
      deprecated: values.deprecated,
      responses: responses as 'none' | 'top-level' | 'full' | undefined,
      name: values.name,
      existing,
      schemaPath: relative(dirname(values.out ?? '.'), schema)
        .split('\\')
        .join('/'),
    });
    if (values.out) {
      await writeFile(values.out, result.yaml);
      if (!existing)
        await writeFile(generator.importRecordPath(values.out), generator.importRecordText(result.record));
      process.stderr.write(
        `toolspec import: ${result.tools.length} tool(s) written to ${values.out} (of ${result.operations.total} operation(s))${result.tools.length <= 20 ? `: ${result.tools.join(', ')}` : ''}\n`,
      );
    } else process.stdout.write(result.yaml);
    for (const n of result.notes) process.stderr.write(`  review: ${n}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`toolspec import: ${(e as Error).message}\n`);
    return 1;
  }
}
