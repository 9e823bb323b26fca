/** `toolspec list [--set S] [--read-only] [--json] [--specs file] [--shipped]`: the tools, one per line. */
import { commandArgs, nearestName, SET_OPTIONS, setFilter, usageError } from '../args.js';

const HELP = `toolspec list [--set S] [--read-only] [--json] [--specs file...] [--shipped]

Lists the tools: name, effects and title, one per line.
  --set S        only the tools of set S (e.g. notes, crm, mail, datastore); repeatable,
                 comma-separated; --sets is the same
  --read-only    only tools whose effects are all read
  --json         print [{name, set, title, effects, idempotent, destructive}] instead
  --specs file   list these spec files (repeatable); default: ./specs/*.yaml when the working
                 directory has them, else the shipped sets
  --shipped      list the shipped sets even where ./specs/*.yaml exists`;

export async function run(args: string[]): Promise<number> {
  // A closed pipe (`toolspec list | head`) ends the command quietly.
  process.stdout.once('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  const parsed = await commandArgs('list', HELP, {
    args,
    options: {
      ...SET_OPTIONS,
      'read-only': { type: 'boolean' },
      json: { type: 'boolean' },
      specs: { type: 'string', multiple: true },
      shipped: { type: 'boolean' },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const [{ chooseSpecs, loadChosenSpecs }, { splitList }] = await Promise.all([
    import('../shipped.js'),
    import('@toolspec/mcp'),
  ]);
  const ir = await loadChosenSpecs(chooseSpecs(values.specs, values.shipped));
  const sets = splitList(setFilter(values));
  const known = new Set(ir.sets.map((s) => s.name));
  const unknown = sets.find((s) => !known.has(s));
  if (unknown !== undefined) {
    const near = await nearestName(unknown, known);
    const hint = near ? `did you mean ${near}? ` : '';
    return usageError('list', `unknown set "${unknown}" (${hint}known: ${[...known].join(', ')})`);
  }
  const tools = ir.tools.filter(
    (t) => (sets.length === 0 || sets.includes(t.set)) && (!values['read-only'] || t.facts.readOnly),
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
