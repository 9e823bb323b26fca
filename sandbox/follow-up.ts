/**
 * Requests the runtime sends for a tool beyond its own route: a further partition (the
 * partitions paging path) and a status poll (`poll.path`). They land on other tools' routes
 * (Snowflake's GET /api/v2/statements/{handle}); the sandbox answers them for the tool that
 * asked, which the sandbox toolkit names in a header. Pure.
 */
import type { JsonValue, ToolIR } from '@toolspec/language';
import { answerBody, type Choice, chooseExample } from './answer.js';
import type { IncomingRequest } from './incoming.js';
import { sandboxPaging } from './paging.js';
import { templatePattern } from './routes.js';

export interface FollowUp {
  readonly choice: Choice;
  readonly status: number;
  readonly body: JsonValue | null;
}

export function followUp(tool: ToolIR, method: string, path: string, req: IncomingRequest): FollowUp | null {
  const paging = tool.paging;
  if (paging && sandboxPaging(paging).isFollowUp(paging, method, path, req)) {
    // A partition no example declares: an empty last page of the tool's answer shape.
    const choice = chooseExample([tool], req);
    return choice ? { choice, status: 200, body: answerBody({ ...choice, exact: false }, req, false) } : null;
  }
  const poll = tool.poll;
  if (poll && method === poll.method && templatePattern(poll.path).test(path)) {
    // The statement is done: the first example that is not still pending.
    const done = tool.examples.find((e) => !poll.whileStatus.includes(e.response.status));
    if (!done) return null;
    return {
      choice: { tool, example: done, exact: false },
      status: done.response.status,
      body: done.response.body,
    };
  }
  return null;
}
