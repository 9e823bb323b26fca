/**
 * The connection of one call. Without a caller, a given connection or a resolver, a call uses
 * the deployment's connection (the fast path, no await). A call with `connection` uses that one;
 * with a resolver, what it answers; otherwise a named caller's connection comes from the shared
 * store, under that caller's own key: a caller never reaches another caller's (or the
 * deployment's) connection. A missing connection is a `configuration` error naming the set and
 * caller; a connection without a credential its set needs is one too (./missing.ts).
 */
import { createHash } from 'node:crypto';
import type { ToolIR, ToolSetIR } from '@toolspec/language';
import { type Connection, connectionFor, makeConnection, type ToolkitContext } from '../context.js';
import { ToolError } from '../errors.js';
import type { CallOptions, ConnectionOptions } from '../types.js';
import { callerConnectionId, storedConnectionId } from './ids.js';

/** Does this call resolve its connection (rather than use the deployment's)? */
export function resolvesPerCall(ctx: ToolkitContext, opts: CallOptions | undefined): boolean {
  return (
    ctx.resolver !== null ||
    (opts !== undefined && (opts.caller !== undefined || opts.connection !== undefined))
  );
}

/** A caller identity: 1 to 256 characters, none of them a control character. */
function validCaller(caller: string): boolean {
  if (caller.length === 0 || caller.length > 256) return false;
  for (let i = 0; i < caller.length; i++) {
    const c = caller.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
  }
  return true;
}

function missing(tool: string, set: string, caller: string | undefined, why: string): ToolError {
  const who = caller === undefined ? 'the deployment' : `caller "${caller}"`;
  return new ToolError({
    code: 'configuration',
    tool,
    field: 'connection',
    message: `${tool}: no "${set}" connection for ${who}${why}`,
    hint:
      caller === undefined
        ? `Configure the "${set}" connection (TOOLSPEC_${set.toUpperCase()}_* or the connections file).`
        : `An operator adds it: toolspec connections set --store <url> --caller ${JSON.stringify(caller)} --set ${set} --from-file <connection.json>`,
    retryable: false,
    details: { set, ...(caller === undefined ? {} : { caller }) },
  });
}

function checkCaller(tool: string, caller: string): void {
  if (!validCaller(caller)) {
    throw new ToolError({
      code: 'invalid_input',
      tool,
      field: 'caller',
      expected: '1 to 256 characters without control characters',
      message: `${tool}: invalid caller identity`,
    });
  }
}

/** A connection given as options (by the call or a resolver): made once per options object. */
function given(
  ctx: ToolkitContext,
  set: ToolSetIR,
  opts: ConnectionOptions,
  caller: string | undefined,
  source: 'call' | 'resolver',
): Connection {
  const cached = ctx.givenConnections.get(opts);
  if (cached && cached.caller === caller) return cached;
  // Its tokens and bucket are keyed by its caller and a digest of its credentials.
  const digest = createHash('sha256').update(JSON.stringify(opts)).digest('base64url').slice(0, 22);
  const id = `${caller === undefined ? 'given' : callerConnectionId(caller, set.name)}/${digest}`;
  const conn = makeConnection(ctx, set, opts, id, caller, source);
  ctx.givenConnections.set(opts, conn);
  return conn;
}

/**
 * A caller's connection from the shared store, rebuilt when the stored text changes; its tokens
 * are kept under a key of that text, so a connection set again never uses the old one's tokens.
 */
async function fromStore(
  ctx: ToolkitContext,
  tool: ToolIR,
  set: ToolSetIR,
  caller: string,
  call: CallOptions | undefined,
): Promise<Connection> {
  const store = ctx.shared;
  if (store === null) throw missing(tool.name, set.name, caller, ' (no shared store is configured)');
  const key = callerConnectionId(caller, set.name);
  const raw = await store.connection(caller, set.name, { signal: call?.signal, timeoutMs: tool.timeoutMs });
  if (raw === undefined) throw missing(tool.name, set.name, caller, '');
  const cached = ctx.callerConnections.get(key);
  if (cached && cached.raw === raw) return cached.conn;
  let opts: ConnectionOptions;
  try {
    opts = JSON.parse(raw) as ConnectionOptions;
  } catch {
    throw missing(tool.name, set.name, caller, ' (the stored connection is not readable)');
  }
  const conn = makeConnection(ctx, set, opts, storedConnectionId(caller, set.name, raw), caller, 'store');
  ctx.callerConnections.set(key, { raw, conn });
  return conn;
}

export async function connectionForCall(
  ctx: ToolkitContext,
  tool: ToolIR,
  opts: CallOptions | undefined,
): Promise<Connection> {
  const set = ctx.setsByName.get(tool.set) as ToolSetIR;
  const caller = opts?.caller;
  if (caller !== undefined) checkCaller(tool.name, caller);
  if (opts?.connection !== undefined) return given(ctx, set, opts.connection, caller, 'call');
  if (ctx.resolver !== null) {
    const answered = await ctx.resolver({ set: set.name, tool: tool.name, caller });
    if (answered === undefined) throw missing(tool.name, set.name, caller, '');
    return given(ctx, set, answered, caller, 'resolver');
  }
  if (caller === undefined) return connectionFor(ctx, set);
  return fromStore(ctx, tool, set, caller, opts);
}
