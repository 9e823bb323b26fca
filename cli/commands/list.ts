/** `toolspec list [--set S] [--read-only] [--json] [--specs file]`: the tools, one per line. */
import { commandArgs } from '../args.js';

const HELP = `toolspec list [--set S] [--read-only] [--json] [--specs file...]

Lists the tools: name, effects and title, one per line.
  --set S        only the tools of set S (notes, crm, mail, datastore)
  --read-only    only tools whose effects are all read
  --json         print [{name, set, title, effects, idempotent, destructive}] instead
  --specs file   list these spec files instead of the shipped sets (repeatable)`;

export async function run(args: string[]): Promise<number> {
  // A closed pipe (`toolspec list | head`) ends the command quietly.
  process.stdout.once('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  const parsed = commandArgs('list', HELP, {
    args,
    options: {
      set: { type: 'string' },
      'read-only': { type: 'boolean' },
      json: { type: 'boolean' },
      specs: { type: 'string', multiple: true },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const { loadSpecsOrShipped } = await import('../shipped.js');
  const ir = loadSpecsOrShipped(values.specs);
  if (values.set !== undefined && !ir.sets.some((s) => s.name === values.set)) {
    process.stderr.write(
      `toolspec list: unknown set "${values.set}" (known: ${ir.sets.map((s) => s.name).join(', ')})\n`,
    );
    return 2;
  }
  const tools = ir.tools.filter(
    (t) => (values.set === undefined || t.set === values.set) && (!values['read-only'] || t.facts.readOnly),
  );
  if (values.json) {
    const rows = tools.map((t) => ({
      name: t.name,
      set: t.set,
      title: t.title,
      effects: t.effects,
      idempotent: t.idempotent,
      destructive: t.destructive,
    }));
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  const width = Math.max(0, ...tools.map((t) => t.name.length));
  const effectsWidth = Math.max(0, ...tools.map((t) => t.effects.join(',').length));
  for (const t of tools) {
    process.stdout.write(
      `${t.name.padEnd(width)}  ${t.effects.join(',').padEnd(effectsWidth)}  ${t.title}\n`,
    );
  }
  return 0;
}
