/** Vendor answer -> tool output: the declared JSON-e map over {body, status, headers}, or `empty`. */
import { ToolError } from './errors.js';
import type { JsonValue, ToolIR } from './spec/ir.js';
import { evaluateTemplate } from './spec/template.js';

export function mapResponse(
  tool: ToolIR,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
): JsonValue {
  const { map, empty } = tool.response;
  if (body === undefined) return empty;
  if (map === null) return body as JsonValue;
  try {
    return evaluateTemplate(map, { body: body ?? null, status, headers }) as JsonValue;
  } catch (e) {
    throw new ToolError({
      code: 'invalid_response',
      tool: tool.name,
      status,
      message: `${tool.name}: the vendor answer did not have the expected shape (${(e as Error).message})`,
      hint: 'The vendor may have changed its response; report this with the tool name.',
    });
  }
}

/** For paged tools the map applies to each item, with `item` beside `body`, `status` and `headers`. */
export function mapItem(
  tool: ToolIR,
  map: JsonValue,
  item: unknown,
  res: { status: number; headers: Readonly<Record<string, string>>; body: unknown },
): JsonValue {
  try {
    return evaluateTemplate(map, {
      item,
      body: res.body ?? null,
      status: res.status,
      headers: res.headers,
    }) as JsonValue;
  } catch (e) {
    throw new ToolError({
      code: 'invalid_response',
      tool: tool.name,
      status: res.status,
      message: `${tool.name}: an item of the vendor answer did not have the expected shape (${(e as Error).message})`,
    });
  }
}
