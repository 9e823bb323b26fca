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

  it('has no default when the map reshapes the answer', () => {
    const text = spec(
      tool('demo_thing_get', '    response: { map: { id: { $eval: body.id } } }', '{ id: "1", x: 2 }'),
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
