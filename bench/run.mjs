/**
 * `npm run bench [-- --quick] [-- --only call,serve]`: runs every measurement in its own
 * process (node --expose-gc bench/lib/run-one.mjs <name>), prints one table of figures and
 * ratios, and writes the same figures to bench/results/latest.json.
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt } from './lib/build.mjs';
import { machine } from './lib/machine.mjs';
import { BENCH_DIR, RESULTS } from './lib/paths.mjs';
import { renderTable } from './lib/table.mjs';

const MEASUREMENTS = ['call', 'paging', 'generate', 'serve', 'validate', 'build', 'team', 'search', 'code'];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    out: { type: 'string', default: join(RESULTS, 'latest.json') },
  },
});
const selected = values.only ? values.only.split(',') : MEASUREMENTS;
for (const name of selected) {
  if (!MEASUREMENTS.includes(name))
    throw new Error(`unknown measurement "${name}" (${MEASUREMENTS.join(', ')})`);
}
const log = (line) => process.stderr.write(`bench: ${line}\n`);

function runOne(name) {
  const args = [name, ...(values.quick ? ['--quick'] : [])];
  const child = fork(join(BENCH_DIR, 'lib', 'run-one.mjs'), args, { execArgv: ['--expose-gc'] });
  return new Promise((resolve, reject) => {
    let result;
    child.on('message', (m) => {
      result = m;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`measurement "${name}" failed (exit ${code})`)),
    );
  });
}

ensureBuilt(log);
const started = Date.now();
const loadStart = Math.round(loadavg()[0] * 100) / 100;
const results = {
  meta: { mode: values.quick ? 'quick' : 'full', date: new Date().toISOString(), machine: machine() },
};
const rows = [];
for (const name of selected) {
  const t0 = Date.now();
  log(`${name}...`);
  const { figures, rows: r } = await runOne(name);
  results[name] = figures;
  rows.push(...r);
  log(`${name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
results.meta.duration_s = Math.round((Date.now() - started) / 100) / 10;
// Other work on the machine during the run (1-minute load average; the machine has meta.machine.nproc cores).
results.meta.load_avg_1m = { start: loadStart, end: Math.round(loadavg()[0] * 100) / 100 };

process.stdout.write(`\n${renderTable(rows)}\n\n`);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
log(`figures written to ${values.out} (${results.meta.duration_s} s)`);
