// biome-ignore-all lint/suspicious/noThenProperty: JSON-e templates name their branches `then`
import jsone from 'json-e';
import { describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import { HELPERS, helperContext } from '../../language/helpers/index.js';
import { foldPresence } from '../../language/template/presence.js';
import { evaluateTemplate, IDENTIFIER } from '../../language/template/template.js';

/** JSON-e itself, unfolded, over the whole context: what `evaluateTemplate` must agree with. */
function oracle(template: unknown, vars: Record<string, unknown>): { value?: unknown; error?: boolean } {
  const context: Record<string, unknown> = { ...helperContext(HELPERS) };
  for (const k of Object.keys(vars)) if (IDENTIFIER.test(k)) context[k] = vars[k];
  try {
    return { value: jsone(template as Record<string, unknown>, context) };
  } catch {
    return { error: true };
  }
}

function evaluated(template: unknown, vars: Record<string, unknown>): { value?: unknown; error?: boolean } {
  try {
    return { value: evaluateTemplate(template, vars) };
  } catch {
    return { error: true };
  }
}

describe('presence folding', () => {
  it('takes the branch JSON-e takes, drops keys and elements without one, and gives null at the top', () => {
    const template = {
      a: { $if: 'defined("x")', then: { $eval: 'x' }, else: 'none' },
      b: { $if: 'defined(\'y\') || defined("x")', then: 'some' },
      c: [{ $if: 'defined("y")', then: 1 }, 2],
      d: { $flatten: [{ $if: 'defined("x")', then: [3] }, [4]] },
    };
    expect(evaluateTemplate(template, { x: 7 })).toEqual({ a: 7, b: 'some', c: [2], d: [3, 4] });
    expect(evaluateTemplate(template, {})).toEqual({ a: 'none', c: [2], d: [4] });
    expect(evaluateTemplate({ $if: 'defined("x")', then: 1 }, {})).toBeNull();
  });

  it('answers defined() for helpers, builtins and `now` as JSON-e does', () => {
    const t = {
      h: { $if: 'defined("csv_list")', then: 1 },
      b: { $if: 'defined("len")', then: 2 },
      n: { $if: 'defined("now")', then: 3 },
    };
    expect(evaluateTemplate(t, {})).toEqual({ h: 1, b: 2, n: 3 });
  });

  it('leaves operators that bind names, and conditions that say more, to JSON-e', () => {
    const inEach = { $map: [1], 'each(x)': { $if: 'defined("x")', then: 'loop variable', else: 'absent' } };
    expect(evaluateTemplate(inEach, {})).toEqual(['loop variable']);
    const inLet = { $let: { y: 1 }, in: { $if: 'defined("y")', then: 'bound', else: 'absent' } };
    expect(evaluateTemplate(inLet, {})).toBe('bound');
    expect(foldPresence(inEach, () => false)).toBe(inEach);
    // An extra key makes JSON-e refuse the node; folding must not hide that.
    expect(() => evaluateTemplate({ $if: 'defined("x")', then: 1, $then: 2 }, { x: 1 })).toThrow(/then/);
    expect(evaluateTemplate({ $if: 'defined("x") && x > 1', then: 'big', else: 'small' }, { x: 1 })).toBe(
      'small',
    );
  });

  it('folds once per presence pattern', () => {
    const t = { a: { $if: 'defined("x")', then: 1 }, b: { $if: 'defined("y")', then: 2 } };
    const present = (names: string[]) => (n: string) => names.includes(n);
    expect(foldPresence(t, present(['x']))).toBe(foldPresence(t, present(['x'])));
    expect(foldPresence(t, present(['x']))).not.toBe(foldPresence(t, present(['y'])));
    expect(foldPresence(t, present(['x', 'y']))).toEqual({ a: 1, b: 2 });
    const plain = { a: { $eval: 'x' } };
    expect(foldPresence(plain, () => true)).toBe(plain);
  });

  it('agrees with JSON-e on every shipped template, for every example input with each input left out in turn', async () => {
    const ir = await loadShippedSpecs();
    let compared = 0;
    for (const tool of ir.tools) {
      const templates = [tool.request.body, ...tool.inputs.map((i) => i.compute)].filter((t) => t !== null);
      for (const ex of tool.examples) {
        const input = ex.input as Record<string, unknown>;
        const variants = [
          input,
          ...Object.keys(input).map((k) =>
            Object.fromEntries(Object.entries(input).filter(([n]) => n !== k)),
          ),
        ];
        for (const template of templates)
          for (const vars of variants) {
            expect(evaluated(template, vars), `${tool.name}`).toEqual(oracle(template, vars));
            compared++;
          }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});
