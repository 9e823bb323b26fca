/**
 * 5. Input validation throughput per tool call, for a few representative tools (their first
 * example's input): the runtime-compiled Ajv validator, the generated (ajv standalone)
 * validator when generated/ exists, and the whole pre-send path (`toolkit.dryRun`: coerce,
 * validate, build the request, redact) for scale.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { now } from '../lib/clock.mjs';
import { interleaved } from '../lib/interleave.mjs';
import { median, round } from '../lib/stats.mjs';
import { fmt, row } from '../lib/table.mjs';
import { ajvValidatorProvider, createToolkit, GENERATED_DIR, loadSpecs } from '../lib/toolspec.mjs';

/** Small to large input schemas: a uuid, a family record, a oneOf parent, SQL with bindings, a Graph event. */
const TOOLS = [
  'notes_page_get',
  'crm_create_person',
  'notes_page_create',
  'datastore_execute_query',
  'mail_create_calendar_event',
];
const BLOCK_MS = { full: 300, quick: 60 };
const ROUNDS = { full: 5, quick: 2 };

/** Operations per second of `fn` over about `ms` milliseconds (sync or async). */
async function opsPerSecond(fn, ms) {
  let n = 0;
  const t0 = now();
  let t = t0;
  while (t - t0 < ms) {
    for (let i = 0; i < 100; i++) await fn();
    n += 100;
    t = now();
  }
  return n / ((t - t0) / 1000);
}

async function generatedValidators(set) {
  const file = join(GENERATED_DIR, set, 'validators.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)).inputValidators;
}

export async function measure({ quick }) {
  const mode = quick ? 'quick' : 'full';
  const ir = loadSpecs();
  const compiled = ajvValidatorProvider();
  // Connections only shape URLs here: nothing is sent by a dry run.
  const toolkit = createToolkit({
    specs: ir,
    connections: Object.fromEntries(
      ir.sets.map((s) => [s.name, { baseUrl: 'http://127.0.0.1:9', token: 'bench' }]),
    ),
  });
  const figures = {};
  const rows = [];
  try {
    for (const name of TOOLS) {
      const tool = ir.byName.get(name);
      if (!tool) continue;
      const input = tool.examples[0].input;
      const validate = compiled.validatorFor(tool);
      const gen = (await generatedValidators(tool.set))?.[name];
      const variants = {
        compiled: () => {
          if (validate(input) !== null) throw new Error(`${name}: example input is invalid`);
        },
        ...(gen && {
          generated: () => {
            if (!gen(input)) throw new Error(`${name}: example input is invalid (generated)`);
          },
        }),
        dry_run: () => toolkit.dryRun(name, input),
      };
      for (const fn of Object.values(variants)) await opsPerSecond(fn, BLOCK_MS[mode]); // warm-up
      const ops = await interleaved(Object.keys(variants), ROUNDS[mode], (v) =>
        opsPerSecond(variants[v], BLOCK_MS[mode]),
      );
      const f = Object.fromEntries(
        Object.keys(variants).map((v) => [`${v}_per_s`, round(median(ops[v]), 0)]),
      );
      f.schema_bytes = JSON.stringify(tool.inputSchema).length;
      figures[name] = f;
      const base = (v) =>
        f[`${v}_per_s`]
          ? { label: v.replace('_', ' '), value: f[`${v}_per_s`], shown: fmt.rate(f[`${v}_per_s`]) }
          : undefined;
      rows.push(
        row({
          section: 'validate',
          label: `${name} (${f.schema_bytes} B schema) compiled`,
          value: f.compiled_per_s,
          shown: fmt.rate(f.compiled_per_s),
          base: base('generated'),
        }),
      );
      rows.push(
        row({
          section: 'validate',
          label: `${name} dry run (validate + build)`,
          value: f.dry_run_per_s,
          shown: fmt.rate(f.dry_run_per_s),
          base: base('compiled'),
        }),
      );
    }
    return { figures, rows };
  } finally {
    await toolkit.close();
  }
}
