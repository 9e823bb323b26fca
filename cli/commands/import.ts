/** `toolspec import <document> --set <name> --operations <id>[,<id>...] [--out <file>] [--name <tool>]`. */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, relative } from 'node:path';
import { commandArgs, usageError } from '../args.js';

const HELP = `toolspec import <document> --set <name> --operations <id>[,<id>...] [--out <file>] [--name <tool>]

Turns operations of an OpenAPI 3.0/3.1 document (JSON or YAML; local $refs resolved) into toolspec
tools: inputs from path, query and header parameters and the JSON body's top-level properties, the
output schema from the 2xx response, one example per tool, the set's server and auth from the
document. An operation is named by its operationId or "METHOD /path"; the tool is
<set>_<operationId in snake_case>, or --name. Effects (from the method) and paging (from names)
are proposals: review the "toolspec import:" comments. With --out, tools are appended to that spec
file (created when absent); otherwise the spec is printed. Then: toolspec validate <file>.`;

export async function run(args: string[]): Promise<number> {
  const parsed = await commandArgs('import', HELP, {
    args,
    allowPositionals: true,
    options: {
      set: { type: 'string' },
      operations: { type: 'string', multiple: true },
      out: { type: 'string' },
      name: { type: 'string' },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const operations = (values.operations ?? [])
    .flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  if (positionals.length !== 1 || !values.set || operations.length === 0) {
    return usageError('import', 'name one document, --set and --operations');
  }
  const { importOpenApi } = await import('@toolspec/generator');
  try {
    const existing = values.out && existsSync(values.out) ? await readFile(values.out, 'utf8') : null;
    const schema = createRequire(import.meta.url).resolve('@toolspec/language/toolspec.schema.json');
    const result = importOpenApi(await readFile(positionals[0] as string, 'utf8'), {
      set: values.set,
      operations,
      name: values.name,
      existing,
      schemaPath: relative(dirname(values.out ?? '.'), schema)
        .split('\\')
        .join('/'),
    });
    if (values.out) {
      await writeFile(values.out, result.yaml);
      process.stderr.write(
        `toolspec import: ${result.tools.length} tool(s) written to ${values.out}: ${result.tools.join(', ')}\n`,
      );
    } else process.stdout.write(result.yaml);
    for (const n of result.notes) process.stderr.write(`  review: ${n}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`toolspec import: ${(e as Error).message}\n`);
    return 1;
  }
}
