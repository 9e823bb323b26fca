/**
 * What paging reads from an answer beside pointers: JSON-e expressions over
 * `{body, headers, last_item}` (a cursor from the last item, a has-more test), and the error a
 * style raises instead of stopping early when the vendor says there is more but no next
 * position can be read.
 */
import { evaluateTemplate, type Helpers, type JsonValue } from '@toolspec/language';
import { ToolError } from '../errors.js';

export interface PageView {
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
  readonly items: readonly unknown[];
}

export function evalPagingExpr(
  tool: string,
  what: string,
  template: JsonValue,
  view: PageView,
  helpers: Helpers,
): unknown {
  try {
    return evaluateTemplate(
      template,
      {
        body: view.body ?? null,
        headers: view.headers,
        last_item: view.items.length > 0 ? (view.items[view.items.length - 1] ?? null) : null,
      },
      helpers,
    );
  } catch (e) {
    throw new ToolError({
      code: 'invalid_response',
      tool,
      message: `${tool}: could not read the paging ${what} from the answer (${(e as Error).message})`,
      hint: 'The vendor answer did not have the shape the paging declaration expects; report it with the tool name.',
    });
  }
}

/** The vendor says there are more pages but the engine cannot tell where they start. */
export function cannotFollow(tool: string, why: string): ToolError {
  return new ToolError({
    code: 'invalid_response',
    tool,
    message: `${tool}: the vendor says more pages exist but ${why}; stopping here would lose items`,
    hint: 'The answer does not carry a usable next position; check the paging declaration or report it.',
    retryable: false,
  });
}
