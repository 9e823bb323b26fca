/**
 * Compiled templates against the reference (JSON-e itself, `evaluateTemplate`): every template of
 * every shipped tool (request bodies, computed inputs, response maps and items, SQL conditions),
 * evaluated with each example's variables and with seeded random variations of them (keys
 * dropped, values of other JSON types), must give the same value or the same error message; and
 * so must each compiled form alone (the generated function and the closures) wherever the
 * reference succeeds.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import type { JsonValue, ToolIR } from '../../language/ir.js';
import { evaluateTemplate } from '../../language/template.js';
import { generateTemplate } from '../../language/template-codegen.js';
import { compileStrict, compileTemplate } from '../../language/template-compile.js';
import { NAMES_AND_OPERATORS } from '../support/generated-code.js';
import { REPO } from '../support/paths.js';
import { prng } from '../support/prng.js';

const ir = loadShippedSpecs();

/** Every template object of a tool, with a name for messages. */
function templatesOf(tool: ToolIR): [string, object][] {
  const out: [string, object][] = [];
  const add = (where: string, t: unknown) => {
    if (t !== null && typeof t === 'object') out.push([where, t]);
  };
  add('request.body', tool.request.body);
  for (const i of tool.inputs) add(`inputs.${i.name}.compute`, i.compute);
  add('response.map', tool.response.map);
  add('response.items', tool.response.items);
  const sql = tool.request.encodingSpec;
  const conditions = JSON.stringify(sql ?? null).matchAll(/"when":"((?:[^"\\]|\\.)*)"/g);
  for (const m of conditions) add(`sql when ${m[1]}`, { $eval: JSON.parse(`"${m[1]}"`) });
  return out;
}

/** `{ $if, then, else }` (built from entries: a literal `then` key reads as a thenable to linters). */
const iff = (test: string, then: unknown, otherwise?: unknown): object =>
  Object.fromEntries([
    ['$if', test],
    ['then', then],
    ...(otherwise === undefined ? [] : [['else', otherwise]]),
  ]);

/** JSON-e interpolation in test data (not JavaScript template strings). */
const interp = (expr: string) => `$\{${expr}}`;

const ODD_VALUES: JsonValue[] = [
  null,
  0,
  -1,
  2.5,
  '',
  'x',
  interp('x'),
  true,
  false,
  [],
  [1, 'a'],
  {},
  { a: null },
];

function vary(vars: Record<string, unknown>, random: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) {
    const r = random();
    if (r < 0.15) continue;
    out[k] = r < 0.35 ? ODD_VALUES[Math.floor(random() * ODD_VALUES.length)] : v;
  }
  return out;
}

function outcome(f: () => unknown): { value?: unknown; error?: string } {
  try {
    return { value: f() };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

type Strict = NonNullable<ReturnType<typeof compileStrict>>;
const FORMS = ['generated', 'closures'] as const;

/**
 * The compiled template against the reference on `vars`, and, where the reference succeeds, each
 * compiled form alone (no reference behind it) gives the same value: the answers are the
 * compiled forms' own, not the fallback's.
 */
function expectSame(
  template: unknown,
  vars: Record<string, unknown>,
  label: string,
  forms = formsOf(template),
) {
  const expected = outcome(() => evaluateTemplate(template, vars));
  expect(
    outcome(() => compileTemplate(template)(vars)),
    label,
  ).toEqual(expected);
  if (expected.error !== undefined) return;
  for (const [form, strict] of forms)
    expect(
      outcome(() => strict(vars)),
      `${label} (${form} form alone)`,
    ).toEqual(expected);
}

/** Each compiled form alone that the template has (none when it is left to JSON-e or does not parse). */
function formsOf(template: unknown): [string, Strict][] {
  const out: [string, Strict][] = [];
  for (const form of FORMS) {
    try {
      const strict = compileStrict(template, form);
      if (strict !== null) out.push([form, strict]);
    } catch {
      // does not parse: the reference's error is the answer
    }
  }
  return out;
}

describe('compiled templates equal JSON-e on every shipped template', () => {
  const random = prng(20261124);
  for (const tool of ir.tools) {
    const templates = templatesOf(tool);
    if (templates.length === 0) continue;
    it(tool.name, () => {
      for (const [where, template] of templates) {
        const forms = formsOf(template);
        expect(
          forms.map(([form]) => form),
          `${tool.name} ${where} compiles to both forms`,
        ).toEqual([...FORMS]);
        for (const ex of tool.examples) {
          const base: Record<string, unknown> = {
            ...ex.input,
            body: ex.response.body,
            status: ex.response.status,
            headers: ex.response.headers,
          };
          for (const vars of [base, ...Array.from({ length: 8 }, () => vary(base, random))])
            expectSame(template, vars, `${tool.name} ${where} with ${JSON.stringify(vars)}`, forms);
        }
      }
    });
  }
});

describe('compiled templates: operators and edge cases', () => {
  const cases: [string, unknown, Record<string, unknown>][] = [
    ['interpolation', { s: `a ${interp('x')} b $${interp('y')} c ${interp('n')}` }, { x: 'X', n: null }],
    ['interpolation of an object (error)', { s: interp('o') }, { o: { a: 1 } }],
    [
      '$map over an object without index',
      { $map: { $eval: 'o' }, 'each(e)': { k: { $eval: 'e.key' } } },
      { o: { a: 1 } },
    ],
    [
      '$map over an object with index',
      { $map: { $eval: 'o' }, 'each(v, k)': { [`${interp('k')}x`]: { $eval: 'v' } } },
      { o: { a: 1 } },
    ],
    ['$map with index', { $map: [1, 2], 'each(x, i)': { $eval: 'x + i' } }, {}],
    [
      '$map binding a name that is a variable, then reading it after',
      [{ $map: [1, 2], 'each(x)': { $eval: 'x + y' } }, { $eval: 'x' }, { $eval: 'defined("i")' }],
      { x: 10, y: 1 },
    ],
    [
      'nested $map binding the same names',
      { $map: [1, 2], 'each(x, i)': { $map: [3], 'each(x, i)': { $eval: '[x, i]' } } },
      {},
    ],
    [
      'three nested $maps binding the same names; the middle one reads its own after the innermost',
      {
        $map: [1, 2],
        'each(x, i)': {
          $map: [3, 4],
          'each(x, i)': [{ $map: [5], 'each(x, i)': { $eval: '[x, i]' } }, { $eval: '[x, i]' }],
        },
      },
      {},
    ],
    [
      '$map whose each fails half way (error), then the context is untouched',
      { $map: [1, 'a'], 'each(x)': { $eval: 'x + 1' } },
      { x: 5 },
    ],
    ['$map with the same name twice', { $map: [7, 8], 'each(a, a)': { $eval: 'a' } }, {}],
    ['$flatten', { $flatten: [[1], [2, [3]], 4] }, {}],
    ['$flatten of a non-array (error)', { $flatten: { $eval: 'x' } }, { x: 1 }],
    ['$$ escape', { $$and: [{ $eval: 'x' }] }, { x: 1 }],
    ['reserved key (error)', { $and: 1 }, {}],
    ['two operators (error)', { $eval: 'x', $if: 'x' }, { x: 1 }],
    ['unknown variable (error)', { $eval: 'nope' }, {}],
    ['a builtin as a value (error)', { $eval: 'lowercase' }, {}],
    ['a builtin inside a value (error)', { $eval: '[lowercase]' }, {}],
    ['a variable shadowed by a helper', { $eval: 'rich_text' }, { rich_text: 'mine' }],
    ['a variable shadowing a builtin', { $eval: 'len' }, { len: 3 }],
    [
      'a variable named defined hides the builtin (error), twice in one template',
      [{ $eval: 'defined("x")' }, { $eval: 'defined("y")' }],
      { defined: 5, x: 1 },
    ],
    ['a variable shadowing a called builtin (error)', { $eval: 'lowercase(x)' }, { lowercase: 3, x: 'A' }],
    [
      'a call of a builtin in a $map',
      { $map: ['A', ' b '], 'each(x)': { $eval: 'lowercase(strip(x))' } },
      {},
    ],
    ['now', { $eval: 'len(now) > 10' }, {}],
    ['$let (left to JSON-e)', { $let: { a: 1 }, in: { $eval: 'a' } }, {}],
    ['__proto__ key', JSON.parse('{"__proto__": {"$eval": "x"}}'), { x: 1 }],
    ['non-identifier variables are not in the context', { $eval: 'defined("$top")' }, { $top: 1 }],
    [
      '$if without else in arrays and in $flatten',
      [iff('x', 1), { $flatten: [iff('y', [2, 3]), iff('x', [4], 5), 6, [7]] }],
      { x: true, y: 0 },
    ],
    ['$if inside $if, the inner without its branch', { a: iff('x', iff('y', 1)), b: 2 }, { x: 1 }],
    ['a root $if without its branch', iff('x == 2', 1), { x: 1 }],
    ['conditions of every kind of value', [iff('a', 1, 0), iff('o', 1, 0)], { a: [], o: {} }],
    ['$if on an unknown variable (error)', iff('nope', 1), {}],
    ['$flatten of a $map', { $flatten: { $map: [1, 2], 'each(x)': [{ $eval: 'x' }] } }, {}],
    ['$if in a $flatten in a $map', { $map: [1], 'each(x)': { $flatten: [iff('x', [{ $eval: 'x' }])] } }, {}],
    [
      'keys and strings that are not identifiers stay values',
      {
        '"); throw new Error("x"); ("': { $eval: 'x' },
        "'; K = null; '": "\u2028'); X(); //",
        [`\`${interp('1')}\``]: [iff('defined("K")', '*/ D', '\\')],
      },
      { x: 1, K: 2 },
    ],
  ];
  for (const [name, template, vars] of cases) {
    it(name, () => expectSame(template, vars, name));
  }
});

describe('generated templates hold no text of the spec', () => {
  const templates: [string, unknown][] = [];
  for (const tool of ir.tools)
    for (const [where, t] of templatesOf(tool)) templates.push([`${tool.name} ${where}`, t]);
  templates.push([
    'hostile keys',
    { '"); X(); ("': { $eval: 'x' }, "'\u2028": [`\`${interp('1')}\``, iff('y', '*/')] },
  ]);

  it(`${templates.length} templates, every one of them generated`, () => {
    for (const [name, t] of templates) {
      const generated = generateTemplate(t);
      expect(generated, name).not.toBeNull();
      expect(generated?.source, name).toMatch(NAMES_AND_OPERATORS);
    }
  });
});

describe('where the platform refuses to create functions', () => {
  it('templates compile to closures and give the same answers', () => {
    const script = `
      import { compileStrict, compileTemplate } from '${REPO}language/template-compile.ts';
      import { generateTemplate } from '${REPO}language/template-codegen.ts';
      const t = { a: { $eval: 'x + 1' }, b: { $if: 'defined("y")', then: { $eval: 'y' } } };
      console.log(JSON.stringify([generateTemplate(t), compileStrict(t)({ x: 1 }), compileTemplate(t)({ x: 2, y: 0 })]));`;
    const run = spawnSync(
      process.execPath,
      [
        '--disallow-code-generation-from-strings',
        '--conditions=@toolspec/source',
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        script,
      ],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([null, { a: 2 }, { a: 3, b: 0 }]);
  });
});

describe('compiled expressions equal JSON-e on every operator and value kind', () => {
  /** Operand values of every JSON-e kind, including the awkward ones (non-ASCII, negative, -0). */
  const VALUES: Record<string, unknown> = {
    n: 3,
    z: 0,
    m: -2,
    f: 1.5,
    s: 'abc',
    u: 'é✓x',
    e: '',
    t: true,
    b: false,
    nil: null,
    a: [1, 'abc', [2]],
    ea: [],
    o: { abc: 1, k: { q: 2 } },
    eo: {},
  };
  const NAMES = [...Object.keys(VALUES), '"abc"', '1', '-1', '0.5'];
  const BINARY = ['+', '-', '*', '/', '**', '>', '<', '>=', '<=', '==', '!=', '&&', '||', 'in'];
  const expressions: string[] = [];
  for (const op of BINARY) for (const l of NAMES) for (const r of NAMES) expressions.push(`${l} ${op} ${r}`);
  for (const x of NAMES) {
    expressions.push(`!${x}`, `-${x}`, `+${x}`, `${x}.k`, `${x}.abc`, `${x}["abc"]`, `${x}[k]`);
    for (const i of ['0', '1', '-1', '5', '-5', '1.5', '"abc"', 'nil']) {
      expressions.push(`${x}[${i}]`, `${x}[${i}:]`, `${x}[:${i}]`, `${x}[${i}:-1]`, `${x}[1:${i}]`);
    }
    expressions.push(`[${x}, 1]`, `{a: ${x}, "b c": [${x}]}`, `len(${x})`, `defined("${x}")`, `str(${x})`);
    // The builtins called without JSON-e's wrapper, on every kind of argument and with too many.
    for (const f of ['lowercase', 'uppercase', 'strip', 'number', 'typeof'])
      expressions.push(`${f}(${x})`, `${f}(${x}, ${x})`);
    expressions.push(
      `split(${x}, "b")`,
      `split("a-b", ${x})`,
      `split(${x})`,
      `join(${x}, "-")`,
      `join(a, ${x})`,
    );
  }
  expressions.push(
    'o.k.q + 1',
    '2 ** 3 ** 2',
    'split("a-b-c", "-")[1]',
    'number(split("2025-03-10", "-")[2])',
    'lowercase(s) + uppercase(u)',
    'min(n, f, m)',
    'defined(s)',
    'defined("n") && n > 2 || nil',
    'typeof(o) == "object" && !("zz" in o)',
    '"ab" in s',
    'n in [1, 3, "x"]',
    's in ["abc", null]',
    'nil in [null]',
    'a in [1, "abc"]',
    'o in [true, false, 0]',
    'f in []',
    'number("x") in [0, 1]',
    'm * 0 in [0]',
    '[1] == [1]',
    'o == {abc: 1, k: {q: 2}}',
    'nil == nil',
    '1 in a',
    '[2] in a',
    'nope + 1',
    'n()',
    'range(1, 4)',
    'len(u[1:])',
  );

  it(`${expressions.length} expressions over ${Object.keys(VALUES).length} values`, () => {
    for (const expr of expressions) expectSame({ $eval: expr }, VALUES, expr);
  });
});
