/**
 * The language's shorthands add no meaning: one spec written in the core form and with every
 * shorthand (shared schemas and inputs by $ref, the set's response map, inferred `in: none`,
 * examples inheriting method and headers, output defaulting to the body or its plain unwrap)
 * builds the same IR.
 */
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, loadSpecTexts } from '../../language/index.js';

const HEAD = `toolspec: 1
set: demo
title: Demo
description: A demo set.
server: { url: https://api.example.com }
headers: { Api-Version: "2025-01-01" }
auth: { type: bearer }
`;

const CORE = `${HEAD}
tools:
  - name: demo_item_get
    title: Get an item
    description: Returns one item.
    effects: read
    method: GET
    path: /v1/items/{item_id}
    inputs:
      item_id: { required: true, type: string, format: uuid, description: The item id. }
    response:
      map: { $eval: body.data }
      schema: { type: object, required: [id], properties: { id: { type: string } } }
    examples:
      - name: basic
        input: { item_id: 59833787-2cf9-4fdf-8782-e53db20768a5 }
        request:
          method: GET
          path: /v1/items/59833787-2cf9-4fdf-8782-e53db20768a5
          headers: { Api-Version: "2025-01-01" }
        response: { status: 200, body: { data: { id: "59833787-2cf9-4fdf-8782-e53db20768a5" } } }
        output: { id: "59833787-2cf9-4fdf-8782-e53db20768a5" }
  - name: demo_item_rename
    title: Rename an item
    description: Renames one item.
    effects: update
    method: PATCH
    path: /v1/items/{item_id}
    inputs:
      item_id: { required: true, type: string, format: uuid, description: The renamed item. }
      name: { in: none, required: true, type: string, description: The new name. }
    body:
      attributes: { title: { $eval: name } }
    response:
      schema: { type: object, required: [id], properties: { id: { type: string } } }
    examples:
      - name: basic
        input: { item_id: 59833787-2cf9-4fdf-8782-e53db20768a5, name: Plans }
        request:
          method: PATCH
          path: /v1/items/59833787-2cf9-4fdf-8782-e53db20768a5
          headers: { Api-Version: "2025-01-01" }
          body: { attributes: { title: Plans } }
        response: { status: 200, body: { id: "59833787-2cf9-4fdf-8782-e53db20768a5", title: Plans } }
        output: { id: "59833787-2cf9-4fdf-8782-e53db20768a5", title: Plans }
`;

const SHORT = `${HEAD}
schemas:
  item: { type: object, required: [id], properties: { id: { type: string } } }
inputs:
  item_id: { required: true, type: string, format: uuid }
response:
  map: { $eval: body.data }
tools:
  - name: demo_item_get
    title: Get an item
    description: Returns one item.
    effects: read
    method: GET
    path: /v1/items/{item_id}
    inputs:
      item_id: { $ref: '#/inputs/item_id', description: The item id. }
    response:
      schema: { $ref: '#/schemas/item' }
    examples:
      - name: basic
        input: { item_id: 59833787-2cf9-4fdf-8782-e53db20768a5 }
        request: { path: /v1/items/59833787-2cf9-4fdf-8782-e53db20768a5 }
        response: { body: { data: { id: "59833787-2cf9-4fdf-8782-e53db20768a5" } } }
  - name: demo_item_rename
    title: Rename an item
    description: Renames one item.
    effects: update
    method: PATCH
    path: /v1/items/{item_id}
    inputs:
      item_id: { $ref: '#/inputs/item_id', description: The renamed item. }
      name: { required: true, type: string, description: The new name. }
    body:
      attributes: { title: { $eval: name } }
    response:
      map: null
      schema: { $ref: '#/schemas/item' }
    examples:
      - name: basic
        input: { item_id: 59833787-2cf9-4fdf-8782-e53db20768a5, name: Plans }
        request:
          path: /v1/items/59833787-2cf9-4fdf-8782-e53db20768a5
          body: { attributes: { title: Plans } }
        response: { body: { id: "59833787-2cf9-4fdf-8782-e53db20768a5", title: Plans } }
`;

/** The IR as data, without source positions and hashes. */
function irOf(text: string): unknown {
  const { ir, diagnostics } = loadSpecTexts([{ file: 'demo.yaml', text }]);
  expect(diagnostics.map(formatDiagnostic)).toEqual([]);
  return JSON.parse(JSON.stringify(ir?.sets, (k, v) => (k === 'loc' || k === 'sourceHash' ? undefined : v)));
}

describe('shorthands', () => {
  it('build the same IR as the core form', () => {
    expect(irOf(SHORT)).toEqual(irOf(CORE));
  });

  it('report a $ref to no definition at its line', () => {
    const { diagnostics } = loadSpecTexts([
      {
        file: 'demo.yaml',
        text: SHORT.replace(
          "$ref: '#/schemas/item' }\n    examples:",
          "$ref: '#/schemas/nothing' }\n    examples:",
        ),
      },
    ]);
    expect(diagnostics.filter((d) => d.code === 'unknown_ref').map((d) => d.message)).toEqual([
      'demo_item_get response.schema: "$ref: #/schemas/nothing" names no definition (declare it under the set\'s schemas:)',
    ]);
  });
});

describe('an example without output', () => {
  const spec = (tools: string) => `${HEAD}
paging:
  cursor: { style: cursor, in: query, cursor_param: cursor, items: /results, next: /next, has_more: /more }
tools:
${tools}`;
  const tool = (name: string, extra: string, body: string) => `  - name: ${name}
    title: T
    description: D.
    effects: read
    method: GET
    path: /v1/things
${extra}
    examples:
      - name: e
        input: {}
        request: { path: /v1/things }
        response: { body: ${body} }
`;
  const outputOf = (text: string) => {
    const { ir, diagnostics } = loadSpecTexts([{ file: 'demo.yaml', text }]);
    expect(diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([]);
    return ir?.tools[0]?.examples[0]?.output;
  };

  it('expects what a projection map that drops keys returns', () => {
    const text = spec(
      tool(
        'demo_thing_get',
        `    response: { map: { $eval: 'omit(body, ["@meta"])' } }`,
        '{ "@meta": x, id: "1" }',
      ),
    );
    expect(outputOf(text)).toEqual({ id: '1' });
  });

  it('expects the last page of a paged tool that maps nothing', () => {
    const text = spec(
      tool('demo_thing_list', '    paging: cursor', '{ results: [{ id: "1" }], more: false }'),
    );
    expect(outputOf(text)).toEqual({ items: [{ id: '1' }], next_cursor: null, has_more: false });
  });

  it('expects what a map made of projections returns', () => {
    const text = spec(
      tool(
        'demo_thing_get',
        '    response: { map: { items: { $eval: body.data } } }',
        '{ data: [{ id: "1" }], x: 2 }',
      ),
    );
    expect(outputOf(text)).toEqual({ items: [{ id: '1' }] });
  });

  it('has no default when the map computes the answer', () => {
    const text = spec(
      tool(
        'demo_thing_get',
        '    response: { map: { id: { $eval: \'body.id + "!"\' } } }',
        '{ id: "1", x: 2 }',
      ),
    );
    expect(outputOf(text)).toBeNull();
  });
});

describe('an example without request', () => {
  it("takes the tool's method and its path when that path has no variables", () => {
    const text = `${HEAD}
tools:
  - name: demo_things_list
    title: T
    description: D.
    effects: read
    method: GET
    path: /v1/things
    examples:
      - name: e
        input: {}
        response: { body: [] }
`;
    const { ir, diagnostics } = loadSpecTexts([{ file: 'demo.yaml', text }]);
    expect(diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([]);
    expect(ir?.tools[0]?.examples[0]?.request).toEqual({
      method: 'GET',
      path: '/v1/things',
      query: {},
      headers: { 'Api-Version': '2025-01-01' },
      body: null,
    });
  });
});

describe('samples', () => {
  const tool = (examples: string) => `${HEAD}
tools:
  - name: demo_item_get
    title: Get an item
    description: Returns one item.
    effects: read
    method: GET
    path: /v1/items/{item_id}
    inputs:
      item_id: { required: true, type: string, description: The item id. }
    response:
      schema: { type: object, required: [id], properties: { id: { type: string } } }
    examples:
${examples}`;
  const VERBOSE = tool(`      - name: one
        input: { item_id: "1" }
        request: { path: /v1/items/1 }
        response:
          body: { id: "1", title: Plans, tags: [a, b], owner: { name: Ada, role: admin } }
      - name: two
        input: { item_id: "2" }
        request: { path: /v1/items/2 }
        response:
          body: { id: "2", title: Plans, tags: [a, b], owner: { name: Ada, role: admin } }
        output: { id: "2", title: Plans, tags: [a, b], owner: { name: Ada, role: admin }, note: kept }
`);
  const SAMPLED = `${HEAD}
samples:
  ada: { name: Ada, role: admin }
  item: { id: "1", title: Plans, tags: [a, b], owner: { $ref: '#/samples/ada' } }
${tool(`      - name: one
        input: { item_id: "1" }
        request: { path: /v1/items/1 }
        response:
          body: { $ref: '#/samples/item' }
      - name: two
        input: { item_id: "2" }
        request: { path: /v1/items/2 }
        response:
          body: { $ref: '#/samples/item', id: "2" }
        output: { $ref: '#/samples/item', id: "2", note: kept }
`).slice(HEAD.length)}`;

  it('build the same IR as the examples written out', () => {
    expect(irOf(SAMPLED)).toEqual(irOf(VERBOSE));
  });

  it('report a reference to no sample at its line', () => {
    const text = SAMPLED.replace(
      'body: { $ref: \'#/samples/item\', id: "2" }',
      'body: { $ref: \'#/samples/itme\', id: "2" }',
    );
    const { diagnostics } = loadSpecTexts([{ file: 'demo.yaml', text }]);
    const unknown = diagnostics.filter((d) => d.code === 'unknown_ref');
    expect(unknown.map((d) => d.message)).toEqual([
      'demo_item_get examples.1.response.body: "$ref: #/samples/itme" names no sample (declare it under the set\'s samples:)',
    ]);
    expect(unknown[0]?.line).toBe(text.split('\n').findIndex((l) => l.includes('#/samples/itme')) + 1);
  });

  it('leave any other $ref in example data as data', () => {
    const data = '{ $ref: \'#/components/schemas/Item\', id: "1" }';
    const text = tool(`      - name: one
        input: { item_id: "1" }
        request: { path: /v1/items/1 }
        response: { body: ${data} }
      - name: two
        input: { item_id: "1" }
        request: { path: /v1/items/1 }
        response: { body: { $ref: '#/schemas/item', id: "1" } }
`);
    const { ir, diagnostics } = loadSpecTexts([{ file: 'demo.yaml', text }]);
    expect(diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([]);
    expect(ir?.tools[0]?.examples.map((e) => e.response.body)).toEqual([
      { $ref: '#/components/schemas/Item', id: '1' },
      { $ref: '#/schemas/item', id: '1' },
    ]);
  });
});

describe('an example request path', () => {
  const tool = (path: string, inputs: string, input: string) => `${HEAD}
tools:
  - name: demo_item_get
    title: T
    description: Returns one item by its id.
    effects: read
    method: GET
    path: ${path}
    inputs:
${inputs}
    examples:
      - name: e
        input: ${input}
        response: { body: {} }
`;
  const pathOf = (text: string) =>
    loadSpecTexts([{ file: 'demo.yaml', text }]).ir?.tools[0]?.examples[0]?.request.path;

  it("fills the tool's path variables with the example's input, by name and by `as`", () => {
    const text = tool(
      '/v1/lists/{list}/items/{item_id}',
      '      list_id: { required: true, in: path, as: list, type: string }\n      item_id: { required: true, type: string }',
      '{ list_id: hiring_2024, item_id: 59833787-2cf9-4fdf-8782-e53db20768a5 }',
    );
    expect(pathOf(text)).toBe('/v1/lists/hiring_2024/items/59833787-2cf9-4fdf-8782-e53db20768a5');
  });

  it('is left to the example when a value would be percent-encoded', () => {
    const text = tool(
      '/v1/items/{item_id}',
      '      item_id: { required: true, type: string }',
      '{ item_id: "AAMk=" }',
    );
    const codes = loadSpecTexts([{ file: 'demo.yaml', text }]).diagnostics.map((d) => d.code);
    expect(codes).toEqual(['example_path_mismatch']);
    const written = text.replace(
      'response: { body: {} }',
      'request: { path: /v1/items/AAMk%3D }\n        response: { body: {} }',
    );
    expect(pathOf(written)).toBe('/v1/items/AAMk%3D');
  });
});

describe('a $ref to another tool', () => {
  const put = `  - name: demo_item_put
    title: Replace an item
    description: Replaces one item.
    effects: update
    idempotent: true
    method: PUT
    path: /v1/items/{item_id}
    inputs:
      item_id: { required: true, type: string }
      title: { required: true, type: string }
    examples:
      - name: replace
        input: { item_id: "1", title: Plans }
        request: { path: /v1/items/1, body: { title: Plans } }
        response: { body: { $ref: '#/samples/item' } }
`;
  const WRITTEN = `${HEAD}
samples:
  item: { id: "1", title: Plans }
tools:
${put}${put.replace('demo_item_put', 'demo_item_update').replace('Replace an item', 'Update an item').replace('Replaces one item.', 'Updates one item.').replace('name: replace', 'name: update')}`;
  const ALIAS = `${HEAD}
samples:
  item: { id: "1", title: Plans }
tools:
${put}  - $ref: '#/tools/demo_item_put'
    name: demo_item_update
    title: Update an item
    description: Updates one item.
    examples:
      - { $ref: '#/tools/demo_item_put/examples/0', name: update }
`;

  it('makes an alias, and shares an example, with the same IR as both written out', () => {
    expect(irOf(ALIAS)).toEqual(irOf(WRITTEN));
  });

  it('reports a reference to no tool, and to a non-example part from inside examples', () => {
    const text = ALIAS.replace("- $ref: '#/tools/demo_item_put'", "- $ref: '#/tools/demo_item_pu'").replace(
      "'#/tools/demo_item_put/examples/0'",
      "'#/tools/demo_item_put/inputs'",
    );
    const { diagnostics } = loadSpecTexts([{ file: 'demo.yaml', text }]);
    const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    expect(diagnostics.filter((d) => d.code === 'unknown_ref').map((d) => [d.pointer, d.line])).toEqual([
      ['/tools/1/$ref', lineOf("'#/tools/demo_item_pu'")],
      ['/tools/1/examples/0/$ref', lineOf("'#/tools/demo_item_put/inputs'")],
    ]);
  });
});
