/** Templates evaluated by the runtime give exactly JSON-e's results and errors. */
import { describe, expect, it } from 'vitest';
import { HELPERS } from '../../language/helpers/index.js';
import { evaluateTemplate } from '../../language/template/template.js';
import { evaluate } from '../../runtime/request/template.js';

const vars = {
  body: { id: 'a1', list: [1, 2, { x: 'y' }], 'odata.next': 'u', nested: { deep: { v: null } }, zero: 0 },
  status: 200,
  headers: { 'x-id': 'h' },
  name: 'n',
  empty: '',
};

/** As JSON text: the spec language's `then` keys are plain data here. */
const templates = JSON.parse(`[
  {"$eval": "body"},
  {"$eval": "body.id"},
  {"$eval": "body.list[2].x"},
  {"$eval": "body[\\"odata.next\\"]"},
  {"$eval": "body.nested.deep.v"},
  {"$eval": "body.zero"},
  {"id": {"$eval": "body.id"}, "fixed": [1, "two", null, true], "n": {"$eval": "name"}},
  {"a": {"$if": "defined(\\"name\\")", "then": {"$eval": "name"}}, "b": {"$if": "defined(\\"nope\\")", "then": 1}},
  {"a": {"$if": "!(defined(\\"nope\\"))", "then": "yes", "else": "no"}},
  {"a": {"$if": "!(defined(\\"name\\"))", "then": "yes", "else": "no"}},
  {"a": {"$if": "!defined(\\"nope\\")", "then": "yes", "else": "no"}},
  [{"$if": "defined(\\"nope\\")", "then": 1}, 2],
  {"$if": "defined(\\"nope\\")", "then": 1},
  {"$eval": "body.missing"},
  {"$eval": "body.list.length"},
  {"$eval": "len(body.list)"},
  {"$eval": "status == 200"},
  {"s": "id=$\\u007bbody.id}"},
  {"$if": "empty", "then": 1, "else": 2},
  {"$map": {"$eval": "body.list"}, "each(x)": {"v": {"$eval": "x"}}},
  {"$eval": "rich_text(name)"}
]`) as unknown[];

describe('compiled templates (runtime evaluate)', () => {
  for (const t of templates) {
    it(JSON.stringify(t), () => {
      let expected: unknown;
      let expectedError: string | null = null;
      try {
        expected = evaluateTemplate(t, vars);
      } catch (e) {
        expectedError = (e as Error).message;
      }
      if (expectedError !== null) {
        expect(() => evaluate(t, vars, HELPERS)).toThrow(expectedError);
      } else {
        expect(evaluate(t, vars, HELPERS)).toEqual(expected);
        expect(evaluate(t, vars, HELPERS)).toEqual(expected);
      }
    });
  }
});
