/**
 * The one results table: each row is a figure, what it is compared with, the ratio, the target
 * and whether the target is met. Measurements build rows with `row()`; the runner prints them.
 */
import { ratio } from './stats.mjs';

/** Human units. */
export const fmt = {
  ms(x) {
    if (!Number.isFinite(x)) return 'n/a';
    return x < 1 ? `${(x * 1000).toFixed(0)} µs` : x < 100 ? `${x.toFixed(2)} ms` : `${x.toFixed(0)} ms`;
  },
  us: (x) => (Number.isFinite(x) ? `${x.toFixed(0)} µs` : 'n/a'),
  s: (x) => (Number.isFinite(x) ? `${x.toFixed(x < 1 ? 3 : 2)} s` : 'n/a'),
  rate(x, unit = '/s') {
    if (!Number.isFinite(x)) return 'n/a';
    const n =
      x >= 1e6 ? `${(x / 1e6).toFixed(2)}M` : x >= 10_000 ? `${(x / 1000).toFixed(0)}k` : x.toFixed(0);
    return `${n}${unit}`;
  },
  mb: (x) => (Number.isFinite(x) ? `${x.toFixed(1)} MB` : 'n/a'),
  x: (x) => (Number.isFinite(x) ? `${x.toFixed(2)}x` : 'n/a'),
};

/**
 * A table row. `base` is what the figure is compared with ({label, value}); the ratio is
 * value / base.value unless given. `target` is {max} or {min} on the ratio (or on the value
 * itself with `on: 'value'`).
 */
export function row({ section, label, value, shown, base, ratio: given, target }) {
  const r = given ?? (base ? ratio(value, base.value) : Number.NaN);
  const subject = target?.on === 'value' ? value : r;
  let met = null;
  if (target && Number.isFinite(subject)) {
    met =
      (target.max === undefined || subject <= target.max) &&
      (target.min === undefined || subject >= target.min);
  }
  return {
    section,
    label,
    value: shown,
    vs: base ? `${base.label} ${base.shown}` : '',
    ratio: Number.isFinite(r) ? fmt.x(r) : '',
    target: target ? targetText(target) : '',
    met: met === null ? '' : met ? 'yes' : 'NO',
  };
}

function targetText(t) {
  const unit = t.on === 'value' ? (t.unit ?? '') : 'x';
  if (t.max !== undefined && t.min !== undefined) return `${t.min}-${t.max}${unit}`;
  return t.max !== undefined ? `<= ${t.max}${unit}` : `>= ${t.min}${unit}`;
}

const COLUMNS = [
  ['section', ''],
  ['label', 'measurement'],
  ['value', 'figure'],
  ['vs', 'compared with'],
  ['ratio', 'ratio'],
  ['target', 'target'],
  ['met', 'met'],
];

/** Plain-text table (also valid Markdown). */
export function renderTable(rows) {
  const widths = COLUMNS.map(([k, h]) => Math.max(h.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [
    line(COLUMNS.map(([, h]) => h)),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(COLUMNS.map(([k]) => r[k]))),
  ].join('\n');
}
