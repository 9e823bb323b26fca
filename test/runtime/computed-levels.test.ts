import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadSpecTexts } from '../../language/load/load.js';
import { evaluateTemplate, evaluateTemplates, mentions } from '../../language/template/template.js';
import { createToolkit } from '../../runtime/index.js';
import { planTool } from '../../runtime/request/plan.js';
import { failure } from './support/fixture.js';

const SPEC = `
toolspec: 1
set: lv
title: Levels
description: Computed inputs evaluated in levels.
server: { url: 'https://lv.example' }
auth: { type: none }
tools:
  - name: lv_list
    title: List things
    description: Lists things filtered by a window and a label.
    effects: read
    method: GET
    path: /things
    inputs:
      label: { type: string, description: A label. }
      days: { type: integer, description: Days back. }
      _label: { kind: computed, as: label, type: string, compute: { $if: 'defined("label")', then: { $eval: 'uppercase(label)' } } }
      _days: { kind: computed, as: days, type: integer, compute: { $if: 'defined("days")', then: { $eval: 'days * 2' } } }
      _both: { kind: computed, as: both, type: string, compute: { $if: '_label != null && _days != null', then: '\${_label}-\${_days}' } }
      _boom: { kind: computed, as: boom, type: integer, compute: { $if: 'defined("days") && days < 0', then: { $eval: 'days.nope' } } }
    examples:
      - { name: label, input: { label: red, days: 3 }, request: { method: GET, path: /things, query: { label: RED, days: '6', both: RED-6 } }, response: { status: 200, body: [] } }
`;

describe('evaluateTemplates', () => {
  const vars = { a: 2, s: 'x' };
  // Templates as a spec holds them (YAML), not as JavaScript literals.
  const templates = parse(
    `[{ $eval: 'a + 1' }, { $if: 'a > 5', then: 1 }, '\${s}!', { k: { $eval: s } }]`,
  ) as unknown[];

  it('gives what each template gives alone (nothing -> null)', () => {
    expect(evaluateTemplates(templates, vars)).toEqual(templates.map((t) => evaluateTemplate(t, vars)));
    expect(evaluateTemplates(templates, vars)).toEqual([3, null, 'x!', { k: 'x' }]);
  });

  it('names the first template that fails', () => {
    const seen: number[] = [];
    expect(() =>
      evaluateTemplates([{ $eval: 'a' }, { $eval: 'a.b' }, { $eval: 'nope' }], vars, undefined, (i, e) => {
        seen.push(i);
        return e;
      }),
    ).toThrow();
    expect(seen).toEqual([1]);
  });

  it('mentions finds a variable in expressions, defined() tests and interpolations, not in longer names', () => {
    expect(mentions(parse(`{ $if: 'defined("days")', then: 1 }`), 'days')).toBe(true);
    expect(mentions(parse(`'\${days}'`), 'days')).toBe(true);
    expect(mentions({ $eval: 'weekdays' }, 'days')).toBe(false);
    expect(mentions({ $eval: '_days' }, 'days')).toBe(false);
  });
});

describe('computed inputs in levels', () => {
  const { ir, diagnostics } = loadSpecTexts([{ file: 'lv.yaml', text: SPEC }]);
  if (!ir) throw new Error(`the spec does not load: ${JSON.stringify(diagnostics)}`);
  const tool = ir.tools[0];
  const set = ir.sets[0];
  if (!tool || !set) throw new Error('no tool');
  const toolkit = createToolkit({ specs: ir, connections: { lv: { baseUrl: 'http://127.0.0.1:9' } } });

  it('puts an input that reads an earlier one in a later level, and independent ones together', () => {
    const levels = planTool(tool, set).computedLevels.map((l) => l.inputs.map((i) => i.name));
    expect(levels).toEqual([
      ['_label', '_days'],
      ['_both', '_boom'],
    ]);
  });

  it('a later input sees the earlier ones', async () => {
    const dry = await toolkit.dryRun('lv_list', { label: 'red', days: 3 });
    expect(dry.url).toBe('http://127.0.0.1:9/things?label=RED&days=6&both=RED-6');
    expect((await toolkit.dryRun('lv_list', {})).url).toBe('http://127.0.0.1:9/things');
  });

  it('an evaluation error names the computed input that failed', async () => {
    const e = await failure(toolkit.dryRun('lv_list', { days: -1 }));
    expect(e.code).toBe('invalid_input');
    expect(e.field).toBe('computed input "_boom"');
  });
});
