/**
 * `createToolkit(options)`: the library entry. Options are resolved once into a context; each
 * call runs the pipeline: look up -> validate -> build -> auth -> send -> retry -> map -> page -> budget.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { JsonValue, ToolIR } from '@toolspec/language';
import { shownCredentials, withShownQuery } from './auth/shown.js';
import {
  collect,
  DEFAULT_ITERATE_PAGES,
  fetchPage,
  PageLoopGuard,
  pageEnvelope,
  readContext,
  requestAtPosition,
} from './call/pager.js';
import { send } from './call/send.js';
import { missingCredentialsError } from './connections/missing.js';
import { connectionForCall, resolvesPerCall } from './connections/resolve.js';
import {
  type Connection,
  resolveContext,
  runtimeFor,
  type ToolkitContext,
  type ToolRuntime,
  unknownTool,
} from './context.js';
import { ToolError } from './errors.js';
import { decodeCursor, isEngineCursor } from './paging/cursor-codec.js';
import type { EnginePosition } from './paging/index.js';
import type { Secrets } from './redact.js';
import { buildRequest } from './request/build.js';
import { budgetValue } from './response/budget.js';
import { mapResponse } from './response/map.js';
import { type CallTrace, endCall, startCall } from './telemetry/trace.js';
import type {
  CallOptions,
  DryRunRequest,
  Page,
  ToolInfo,
  Toolkit,
  ToolkitOptions,
  ToolMapBase,
  UntypedTools,
} from './types.js';
import { prepareInput } from './validate/prepare.js';

function forbiddenReadOnly(tool: string): ToolError {
  return new ToolError({
    code: 'forbidden',
    tool,
    message: `${tool}: refused in read-only mode (the tool is not read-only)`,
    hint: 'Use a read-only tool, or create the toolkit without readOnly.',
  });
}

/**
 * Every error leaving the toolkit is a ToolError with secrets redacted: with the call's
 * connection's secrets (`s`) once it is known, else the deployment's.
 */
function outgoing(s: Secrets, tool: string, e: unknown): ToolError {
  if (e instanceof ToolError) {
    const j = e.toJSON();
    return new ToolError({
      code: j.code,
      message: s.redactText(j.message),
      tool: e.tool ?? tool,
      field: j.field,
      expected: j.expected,
      status: j.status,
      vendorCode: j.vendor_code === undefined ? undefined : s.redactText(j.vendor_code),
      vendorMessage: j.vendor_message === undefined ? undefined : s.redactText(j.vendor_message),
      hint: j.hint,
      retryable: j.retryable,
      retryAfter: j.retry_after,
      details: j.details === undefined ? undefined : s.redactValue(j.details),
      issues: j.issues === undefined ? undefined : s.redactValue(j.issues),
    });
  }
  return new ToolError({
    code: 'upstream_error',
    tool,
    message: `${tool}: internal error: ${s.redactText(e instanceof Error ? e.message : String(e))}`,
    retryable: false,
  });
}

function toolInfo(t: ToolIR): ToolInfo {
  return {
    name: t.name,
    set: t.set,
    title: t.title,
    description: t.description,
    effects: t.effects,
    idempotent: t.idempotent,
    destructive: t.destructive,
    inputSchema: t.inputSchema,
  };
}

interface Prepared {
  readonly rt: ToolRuntime;
  readonly values: Record<string, unknown>;
  /** Where a paged call starts (from CallOptions.cursor or the tool's cursor input). */
  readonly at: EnginePosition | null;
  /** The idempotency key was made here (not given by the caller): replicas may share it. */
  readonly madeKey: boolean;
}

function prepare(
  ctx: ToolkitContext,
  name: string,
  input: unknown,
  opts: CallOptions | undefined,
  conn?: Connection,
): Prepared {
  const rt = runtimeFor(ctx, name, conn);
  const { plan } = rt;
  if (ctx.readOnly && !plan.tool.facts.readOnly) throw forbiddenReadOnly(name);
  let at: EnginePosition | null = null;
  let raw = input;
  if (plan.paging) {
    if (opts?.cursor !== undefined) at = decodeCursor(name, 'cursor', opts.cursor, rt.cursorKey);
    const ci = plan.cursorInput;
    if (ci && raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
      const v = (raw as Record<string, unknown>)[ci.name];
      if (isEngineCursor(v) || (v !== undefined && ci.in === 'none')) {
        at ??= decodeCursor(name, ci.name, typeof v === 'string' ? v : '', rt.cursorKey);
        const copy = { ...(raw as Record<string, unknown>) };
        delete copy[ci.name];
        raw = copy;
      }
    }
  }
  let values = prepareInput(plan, rt.validate, raw);
  const idem = plan.tool.idempotency;
  const madeKey = idem !== null && values[idem.keyInput] === undefined;
  if (madeKey) values = Object.assign({}, values, { [idem.keyInput]: randomUUID() });
  return { rt, values, at, madeKey };
}

/** A call that would send: refused before anything leaves when its connection lacks a credential. */
function sendable(p: Prepared): Prepared {
  if (p.rt.conn.missing.length > 0) throw missingCredentialsError(p.rt.plan.tool.name, p.rt.conn);
  return p;
}

/** A call whose connection is resolved for it (a caller, a given connection, a resolver). */
async function preparePerCall(
  ctx: ToolkitContext,
  name: string,
  input: unknown,
  opts: CallOptions | undefined,
): Promise<Prepared> {
  const tool = ctx.ir.byName.get(name);
  if (!tool) throw unknownTool(name, ctx.ir.byName.keys());
  if (ctx.readOnly && !tool.facts.readOnly) throw forbiddenReadOnly(name);
  return prepare(ctx, name, input, opts, await connectionForCall(ctx, tool, opts));
}

/** How long an in-flight write's idempotency key is kept for a retry landing on any replica. */
const IDEMPOTENCY_TTL_MS = 10 * 60_000;

function stableJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .filter((k) => o[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
    .join(',')}}`;
}

/**
 * With a shared store, the key of a keyed write is kept while the write is in flight (and after a
 * failure, for a while): the same request retried, on any replica, reuses it (as a resubmission).
 * Resolves the store key to forget once the write succeeded.
 */
async function shareKey(
  ctx: ToolkitContext,
  p: Prepared,
  opts: CallOptions | undefined,
): Promise<{ prepared: Prepared; key: string }> {
  const caller = opts?.caller;
  const store = ctx.shared as NonNullable<ToolkitContext['shared']>;
  const idem = p.rt.plan.tool.idempotency as NonNullable<ToolRuntime['plan']['tool']['idempotency']>;
  const made = p.values[idem.keyInput] as string;
  const rest = Object.assign({}, p.values, { [idem.keyInput]: undefined });
  const digest = createHash('sha256')
    .update(stableJson([caller ?? '', p.rt.conn.id, p.rt.plan.tool.name, rest]))
    .digest('base64url');
  const key = `idem/${digest}`;
  const kept = await store.claim(key, made, IDEMPOTENCY_TTL_MS, {
    signal: opts?.signal,
    timeoutMs: p.rt.plan.tool.timeoutMs,
  });
  if (kept === made) return { prepared: p, key };
  const values: Record<string, unknown> = Object.assign({}, p.values, { [idem.keyInput]: kept });
  if (idem.retryFlagInput !== null) values[idem.retryFlagInput] = true;
  return { prepared: { ...p, values }, key };
}

function budgetHint(rt: ToolRuntime): string {
  return `The output was larger than ${rt.plan.tool.maxOutputBytes} bytes; narrow the request (filters, fields, page size) to get the rest.`;
}

export function createToolkit<M extends ToolMapBase = UntypedTools>(options: ToolkitOptions): Toolkit<M> {
  const ctx = resolveContext(options);

  const callPrepared = async (
    { rt, values, at }: Prepared,
    opts: CallOptions | undefined,
    trace: CallTrace | undefined,
  ): Promise<JsonValue> => {
    // Every output leaves with its connection's secrets redacted, in every encoding.
    const { secrets } = rt.conn;
    if (rt.plan.paging) {
      if (opts?.all)
        return secrets.redactOutput(
          (await collect(ctx, rt, values, at, opts, trace)) as unknown as JsonValue,
        );
      const page = await fetchPage(ctx, rt, values, at, opts, trace);
      const shown = page.pending ?? (pageEnvelope(rt, page) as unknown as JsonValue);
      return page.clean ? shown : secrets.redactOutput(shown);
    }
    const res = await send(ctx, rt, values, opts, undefined, trace);
    const tool = rt.plan.tool;
    // Redacted before a budget may cut a string: no half of a secret is left behind. A mapped
    // output is made of the body and the headers: when neither holds a secret, nothing is walked.
    const wire =
      tool.response.map === null ? res.text : `${res.text}\n${Object.values(res.headers).join('\n')}`;
    const out = secrets.redactOutput(
      mapResponse(tool, res.status, res.headers, res.body, rt.plan.helpers),
      wire,
    );
    // An unmapped answer is no larger than its JSON on the wire: skip measuring when that fits.
    if (tool.response.map === null && res.bytes <= tool.maxOutputBytes) return out;
    return budgetValue(out, tool.maxOutputBytes, budgetHint(rt));
  };

  const toolkit: Toolkit = {
    ir: ctx.ir,
    list(filter) {
      const readOnly = filter?.readOnly ?? ctx.readOnly;
      return ctx.ir.tools
        .filter((t) => filter?.set === undefined || t.set === filter.set)
        .filter((t) => !readOnly || t.facts.readOnly)
        .map(toolInfo);
    },

    async call(name, input, opts) {
      const tool = ctx.ir.byName.get(name);
      const trace = tool === undefined ? undefined : startCall(tool);
      let secrets = ctx.secrets;
      try {
        let prepared = sendable(
          resolvesPerCall(ctx, opts)
            ? await preparePerCall(ctx, name, input, opts)
            : prepare(ctx, name, input, opts),
        );
        secrets = prepared.rt.conn.secrets;
        let shared: string | null = null;
        if (prepared.madeKey && ctx.shared !== null) {
          ({ prepared, key: shared } = await shareKey(ctx, prepared, opts));
        }
        const out = await callPrepared(prepared, opts, trace);
        if (trace !== undefined) endCall(trace, 'ok');
        // Not awaited: the answer is in; a store that stalls now must not hold it back.
        if (shared !== null) ctx.shared?.forget(shared).catch(() => {});
        return out;
      } catch (e) {
        const err = outgoing(secrets, name, e);
        if (trace !== undefined) endCall(trace, err.code);
        throw err;
      }
    },

    pages(name, input, opts): AsyncIterable<Page> {
      return {
        async *[Symbol.asyncIterator]() {
          let prepared: Prepared;
          try {
            prepared = sendable(
              resolvesPerCall(ctx, opts)
                ? await preparePerCall(ctx, name, input, opts)
                : prepare(ctx, name, input, opts),
            );
          } catch (e) {
            throw outgoing(ctx.secrets, name, e);
          }
          const { rt, values } = prepared;
          const secrets = rt.conn.secrets;
          if (!rt.plan.paging) {
            const out = await toolkit.call(name, input, opts);
            yield { items: [out], next_cursor: null, has_more: false };
            return;
          }
          let at = prepared.at;
          const maxPages = opts?.maxPages ?? DEFAULT_ITERATE_PAGES;
          let maxItems = opts?.maxItems ?? Number.POSITIVE_INFINITY;
          const loop = new PageLoopGuard(name);
          for (let n = 0; n < maxPages && maxItems > 0; n++) {
            let page: Page;
            try {
              loop.visit(at?.pos ?? null, at?.skip ?? 0);
              const fetched = await fetchPage(ctx, rt, values, at, opts);
              const shown = <T>(v: T): T => (fetched.clean ? v : secrets.redactOutput(v));
              if (fetched.pending !== undefined) {
                yield { items: [shown(fetched.pending)], next_cursor: null, has_more: false };
                return;
              }
              page = shown(pageEnvelope(rt, fetched));
            } catch (e) {
              throw outgoing(secrets, name, e);
            }
            maxItems -= page.items.length;
            yield page;
            if (!page.next_cursor) return;
            at = decodeCursor(name, 'cursor', page.next_cursor, rt.cursorKey);
          }
        },
      };
    },

    async dryRun(name, input): Promise<DryRunRequest> {
      let secrets = ctx.secrets;
      try {
        const { rt, values, at } = prepare(ctx, name, input, undefined);
        secrets = rt.conn.secrets;
        let req = buildRequest(rt.plan, rt.base, values);
        if (at?.pos) req = requestAtPosition(rt, req, at.pos, readContext(rt, values, at.pos));
        const credentials = shownCredentials(rt.conn);
        return {
          method: req.method,
          url: withShownQuery(secrets.redactUrl(`${req.origin}${req.path}`), credentials),
          headers: Object.assign(secrets.redactHeaders(req.headers), credentials.headers),
          body: req.json === null ? null : secrets.redactValue(req.json),
        };
      } catch (e) {
        throw outgoing(secrets, name, e);
      }
    },

    async close() {
      if (ctx.ownsDispatcher) await ctx.dispatcher.close();
    },
  };
  // One implementation serves every tool map: the map only types the caller's view.
  return toolkit as unknown as Toolkit<M>;
}
