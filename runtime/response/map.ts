/** Vendor answer -> tool output: the declared JSON-e map over {body, status, headers}, or `empty`. */

import { evaluateTemplate, type Helpers, type JsonValue, type ToolIR } from '@toolspec/language';
import { ToolError } from '../errors.js';

export function mapResponse(
  tool: ToolIR,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  helpers: Helpers,
): JsonValue {
  const { map, empty } = tool.response;
  if (body === undefined) return empty;
  if (map === null) return body as JsonValue;
  try {
    return evaluateTemplate(map, { body: body ?? null, status, headers }, helpers) as JsonValue;
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

/** Evaluate a paged tool's `items` or `map` template over the answer. */
export function evalTemplate(
  tool: ToolIR,
  what: 'items' | 'map',
  template: JsonValue,
  res: { status: number; headers: Readonly<Record<string, string>>; body: unknown },
  helpers: Helpers,
): unknown {
  try {
    return evaluateTemplate(
      template,
      { body: res.body ?? null, status: res.status, headers: res.headers },
      helpers,
    );
  } catch (e) {
    throw new ToolError({
      code: 'invalid_response',
      tool: tool.name,
      status: res.status,
      message: `${tool.name}: the vendor answer did not have the expected shape for response.${what} (${(e as Error).message})`,
      hint: 'The vendor may have changed its response; report this with the tool name.',
    });
  }
}
