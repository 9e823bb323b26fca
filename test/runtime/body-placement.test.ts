/**
 * The generated body placement of every shipped tool against the loop it unrolls
 * (setDotPath per input), on each example's inputs and on seeded variations of them (inputs
 * dropped, values of other kinds), plus the awkward paths: an input whose path runs through
 * another's value, deep paths, `__proto__` on the way. The generated source holds no spec text.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import type { InputIR } from '../../language/ir.js';
import { bodyPlacement, bodyPlacementSource, placeInLoop } from '../../runtime/request/body-placement.js';
import { type PlacedInput, planTool } from '../../runtime/request/plan.js';
import { NAMES_AND_OPERATORS } from '../support/generated-code.js';
import { prng } from '../support/prng.js';

const ir = loadShippedSpecs();

const ODD: unknown[] = [null, 0, '', 'x', true, [], [1], {}, { a: { b: 1 } }];

/** Both builders on `vars`: the same object, key order included (JSON text compares both). */
function expectSame(placed: readonly PlacedInput[], vars: Record<string, unknown>, label: string) {
  const generated = bodyPlacement(placed);
  const loop = placeInLoop(placed);
  const outcome = (f: () => unknown) => {
    try {
      const v = f();
      return { json: JSON.stringify(v), proto: Object.getPrototypeOf(v) === Object.prototype };
    } catch (e) {
      return { error: (e as Error).message };
    }
  };
  expect(
    outcome(() => generated?.(vars)),
    label,
  ).toEqual(outcome(() => loop(vars)));
}

const placedAt = (
  name: string,
  as: string,
  transform: ((v: unknown) => unknown) | null = null,
): PlacedInput => ({
  input: { name, as } as InputIR,
  name,
  as,
  asPath: as.split('.'),
  queryKey: as,
  transform,
});

describe('generated body placement equals the loop', () => {
  const random = prng(20261126);
  const tools = ir.tools.filter((t) => t.inputs.some((i) => i.in === 'body'));

  it(`${tools.length} shipped tools with body inputs, examples and variations`, () => {
    for (const tool of tools) {
      const plan = planTool(tool, ir.sets.find((s) => s.name === tool.set) ?? ir.sets[0]!);
      expect(plan.placeBody, tool.name).not.toBeNull();
      for (const ex of tool.examples) {
        const base = ex.input as Record<string, unknown>;
        expectSame(plan.body, base, `${tool.name} ${JSON.stringify(base)}`);
        for (let n = 0; n < 8; n++) {
          const vars: Record<string, unknown> = {};
          for (const b of plan.body) {
            const r = random();
            if (r < 0.3) continue;
            vars[b.name] = r < 0.6 ? ODD[Math.floor(random() * ODD.length)] : (base[b.name] ?? 'v');
          }
          expectSame(plan.body, vars, `${tool.name} ${JSON.stringify(vars)}`);
        }
      }
    }
  });

  it('paths through another input, deep paths, transforms and __proto__', () => {
    const upper = (v: unknown) => String(v).toUpperCase();
    const placed = [
      placedAt('a', 'x.y'),
      placedAt('b', 'x'),
      placedAt('c', 'x.z.w'),
      placedAt('d', 'p.q.r.s', upper),
      placedAt('e', '__proto__.polluted'),
      placedAt('f', 'n'),
      placedAt('g', 'n.m'),
    ];
    for (const vars of [
      { a: 1, b: 2, c: 3, d: 'd', e: 'e', f: null, g: 4 },
      { b: [1], c: 3, f: 'text', g: { deep: true } },
      { a: { k: 1 }, c: null, d: 0 },
      {},
    ])
      expectSame(placed, vars, JSON.stringify(vars));
    // `__proto__` is a key like any other: an own key of the body, never the prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const body = bodyPlacement(placed)?.({ e: 'e' });
    expect(JSON.stringify(body)).toBe('{"__proto__":{"polluted":"e"}}');
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
  });
});

describe('generated body placement holds no text of the spec', () => {
  it('every shipped tool: names, indexes and operators only', () => {
    for (const tool of ir.tools) {
      const plan = planTool(tool, ir.sets.find((s) => s.name === tool.set) ?? ir.sets[0]!);
      if (plan.body.length === 0) continue;
      expect(bodyPlacementSource(plan.body).source, tool.name).toMatch(NAMES_AND_OPERATORS);
    }
    expect(bodyPlacementSource([placedAt('"x', `'); X(); ('.y`)]).source).not.toMatch(/["'`]/);
  });
});
