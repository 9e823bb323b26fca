/**
 * A 2025-era session's SDK transport as a Node request handler (http.ts), wired to Node as the
 * SDK's own Node adapter wires it (@hono/node-server: headers of an event stream sent at once, a
 * stream cancelled when its client goes away), with one change: the JSON-RPC errors the transport
 * writes itself with `id: null` (406 Accept, 415, an unsupported MCP-Protocol-Version, "Server
 * already initialized") carry the request's id once its body was parsed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type {
  AuthInfo,
  RequestId,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { readableId } from './jsonrpc.js';

export type SessionHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  parsedBody?: unknown,
) => Promise<void>;

/** `response` with the request's id in place of the `id: null` of a JSON-RPC error. */
async function withRequestId(response: Response, id: RequestId | null): Promise<Response> {
  if (id === null || response.status < 400 || !response.headers.get('content-type')?.includes('json'))
    return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { id?: unknown; error?: unknown } | null;
  if (body === null || body.id !== null || body.error === undefined) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, id }), { status: response.status, headers });
}

export function sessionHandler(transport: WebStandardStreamableHTTPServerTransport): SessionHandler {
  return (req, res, parsedBody) => {
    const authInfo = (req as IncomingMessage & { auth?: AuthInfo }).auth;
    return getRequestListener(
      async (request) =>
        withRequestId(
          await transport.handleRequest(request, { authInfo, parsedBody }),
          readableId(parsedBody),
        ),
      { overrideGlobalObjects: false },
    )(req, res);
  };
}
