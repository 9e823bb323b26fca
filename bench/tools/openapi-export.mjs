/**
 * The IR as an OpenAPI 3.1 document, for comparing `toolspec generate` with openapi-typescript
 * on the same operations: one operation per tool (operationId = tool name, under a path unique
 * to the tool), its path/query/header inputs as parameters, its body inputs as a JSON request
 * body, and its declared output schema (if any) as the 200 response.
 */
const PARAM_PLACES = new Set(['path', 'query', 'header']);

function operation(tool) {
  const publicInputs = tool.inputs.filter((i) => i.kind !== 'computed');
  const parameters = publicInputs
    .filter((i) => PARAM_PLACES.has(i.in))
    .map((i) => ({
      name: i.as,
      in: i.in,
      required: i.in === 'path' || i.required,
      ...(i.schema.description ? { description: i.schema.description } : {}),
      schema: i.schema,
    }));
  const body = publicInputs.filter((i) => i.in === 'body' || i.in === 'none');
  const op = {
    operationId: tool.name,
    summary: tool.title,
    description: tool.description,
    parameters,
    responses: {
      200: {
        description: 'The mapped output',
        content: { 'application/json': { schema: tool.response.schema ?? {} } },
      },
    },
  };
  if (body.length > 0) {
    op.requestBody = {
      required: body.some((i) => i.required),
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: Object.fromEntries(body.map((i) => [i.name, i.schema])),
            required: body.filter((i) => i.required).map((i) => i.name),
            additionalProperties: false,
          },
        },
      },
    };
  }
  return op;
}

export function openApiFromIR(ir) {
  const paths = {};
  for (const tool of ir.tools) {
    paths[`/${tool.name}${tool.request.path}`] = { [tool.request.method.toLowerCase()]: operation(tool) };
  }
  return {
    openapi: '3.1.0',
    info: { title: `toolspec sets ${ir.sets.map((s) => s.name).join(', ')}`, version: '1.0.0' },
    paths,
  };
}
