/**
 * 5. Input validation throughput per tool call, for a few representative tools (the first
 * example input that is valid as given): the runtime-compiled Ajv validator, the generated
 * (ajv standalone) validator when generated/ is current, and the whole pre-send path
 * (`toolkit.dryRun`: coerce, validate, build the request, redact) for scale.
 */
import { toolkitFor, usPerCall } from '../lib/dry-runs.mjs';
import { interleaved } from '../lib/interleave.mjs';
import { median, round } from '../lib/stats.mjs';
import { fmt, row } from '../lib/table.mjs';
import {
  ajvValidatorProvider,
  generatedValidators,
  loadShippedSpecs,
  shippedValidatorModules,
} from '../lib/toolspec.mjs';

/**
 * Small to large input schemas: a uuid, a family record, a oneOf parent, SQL with bindings, a
 * Graph event. Each with an input, or null for the first example input that is valid as given.
 */
const TOOLS = {
  notes_page_get: { page_id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a' },
  crm_create_person: null,
  notes_page_create: null,
  datastore_execute_query: null,
  mail_create_calendar_event: null,
};
const BLOCK_MS = { full: 300, quick: 60 };
const ROUNDS = { full: 5, quick: 2 };

/** Operations per second of `fn` over about `ms` milliseconds (sync or async). */
const opsPerSecond = async (fn, ms) => 1e6 / (await usPerCall(fn, ms, 100));

function variantsFor(tool, given, compiled, generated, toolkit) {
  const validate = compiled.validatorFor(tool);
  const input = given ?? (tool.examples.find((ex) => validate(ex.input) === null) ?? tool.examples[0]).input;
  const out = { dry_run: () => toolkit.dryRun(tool.name, input) };
  // An example may rely on input coercion (e.g. a 32-character Notion id): then only the dry run applies.
  if (validate(input) !== null) return out;
  out.compiled = () => validate(input);
  const gen = generated[tool.name];
  if (gen) out.generated = () => gen(input);
  return out;
}

export async function measure({ quick }) {
  const mode = quick ? 'quick' : 'full';
  const ir = loadShippedSpecs();
  const compiled = ajvValidatorProvider();
  const generated = await generatedValidators(ir, shippedValidatorModules(ir));
  const toolkit = toolkitFor(ir);
  const figures = {};
  const rows = [];
  try {
    for (const [name, given] of Object.entries(TOOLS)) {
      const tool = ir.byName.get(name);
      if (!tool) continue;
      const variants = variantsFor(tool, given, compiled, generated, toolkit);
      for (const fn of Object.values(variants)) await opsPerSecond(fn, BLOCK_MS[mode]); // warm-up
      const ops = await interleaved(Object.keys(variants), ROUNDS[mode], (v) =>
        opsPerSecond(variants[v], BLOCK_MS[mode]),
      );
      const f = { schema_bytes: JSON.stringify(tool.inputSchema).length };
      for (const v of Object.keys(variants)) f[`${v}_per_s`] = round(median(ops[v]), 0);
      figures[name] = f;
      const label = `${name} (${f.schema_bytes} B schema)`;
      if (f.compiled_per_s) {
        const base = f.generated_per_s
          ? { label: 'generated', value: f.generated_per_s, shown: fmt.rate(f.generated_per_s) }
          : undefined;
        rows.push(
          row({
            section: 'validate',
            label: `${label}: compiled validator`,
            value: f.compiled_per_s,
            shown: fmt.rate(f.compiled_per_s),
            base,
          }),
        );
      }
      rows.push(
        row({
          section: 'validate',
          label: `${name}: dry run (validate + build request)`,
          value: f.dry_run_per_s,
          shown: fmt.rate(f.dry_run_per_s),
        }),
      );
    }
    return { figures, rows };
  } finally {
    await toolkit.close();
  }
}
