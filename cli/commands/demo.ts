/**
 * `toolspec demo`: the main job, offline, with no account. Starts the sandbox (an emulator of
 * the vendor APIs that answers from the specs' examples), connects an MCP client to the toolspec
 * MCP server in-process, and runs a short scripted session — per set a read, a list (following
 * one more page when there is one) and a write — printing each tool call with the effects its tool
 * declares and the example it comes from, every request the sandbox received (method, URL,
 * redacted headers, body), the result, and the `toolspec call … --sandbox` line that repeats the
 * step on its own. Exit 0 when every step succeeded.
 */

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { JsonValue, SpecIR, ToolIR } from '@toolspec/language';
import type { SandboxExchange } from '@toolspec/sandbox';
import { commandArgs, SET_OPTIONS, setFilter } from '../args.js';

const HELP = `toolspec demo [--sets a,b] [--width N]

Runs a short scripted MCP session against the built-in offline SANDBOX (no account, no network):
per shipped tool set a read, a list (with paging) and a write, printing each tool's declared
effects, each request the sandbox received, each result, and the "toolspec call" line that
repeats the step on its own. Nothing real is read or changed.
  --sets <a,b>   only these sets (default: every shipped set); repeatable; --set is the same
  --width N      cut printed bodies and results to N characters (default 400; 0 = no cut)`;

/** Preferred tools per step; any set falls back to the first tool that fits the step. */
const PREFERRED: Readonly<Record<Step, readonly string[]>> = {
  read: ['notes_page_get', 'crm_get_company', 'mail_get_message', 'datastore_get_query_status'],
  list: ['notes_user_list', 'crm_list_records', 'mail_list_messages', 'datastore_get_tables'],
  write: ['notes_page_create', 'crm_create_company', 'mail_todo_lists_create', 'datastore_execute_query'],
};

type Step = 'read' | 'list' | 'write';

interface Planned {
  readonly set: string;
  readonly step: Step;
  readonly tool: ToolIR;
  readonly example: string;
  readonly input: JsonValue;
}

const isRead = (t: ToolIR) => t.facts.readOnly;
const hasMore = (v: JsonValue) =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && v.has_more === true;

const FITS: Readonly<Record<Step, (t: ToolIR) => boolean>> = {
  read: (t) => isRead(t) && t.paging === null,
  list: (t) => isRead(t) && t.paging !== null,
  write: (t) => t.effects.includes('create'),
};

function pick(tools: readonly ToolIR[], step: Step): ToolIR | undefined {
  const usable = tools.filter((t) => t.examples.length > 0 && FITS[step](t));
  return (
    PREFERRED[step].map((n) => usable.find((t) => t.name === n)).find((t) => t !== undefined) ??
    (step === 'list' ? usable.find((t) => t.examples.some((e) => hasMore(e.output))) : undefined) ??
    usable[0]
  );
}

export function planDemo(ir: SpecIR, sets: readonly string[]): Planned[] {
  const plan: Planned[] = [];
  for (const set of ir.sets) {
    if (sets.length > 0 && !sets.includes(set.name)) continue;
    for (const step of ['read', 'list', 'write'] as const) {
      const tool = pick(set.tools, step);
      if (!tool) continue;
      const example = tool.examples.find((e) => step !== 'list' || hasMore(e.output)) ?? tool.examples[0];
      if (example) plan.push({ set: set.name, step, tool, example: example.name, input: example.input });
    }
  }
  return plan;
}

/**
 * What a step is called: a write step whose tool also reads (a SQL runner, say) is a query, as
 * its example may well be; the tool's declared effects are printed beside it.
 */
function stepName(p: Planned): string {
  return p.step === 'write' && p.tool.effects.includes('read') ? 'query' : p.step;
}

/** A word for a POSIX shell: single-quoted, a single quote written '\''. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

function cut(text: string, width: number): string {
  return width > 0 && text.length > width ? `${text.slice(0, width)}… (${text.length} chars)` : text;
}

function printExchange(x: SandboxExchange, origin: string, width: number, out: (s: string) => void): void {
  out(`    request  ${x.method} ${origin}${x.url}`);
  for (const [k, v] of Object.entries(x.headers)) {
    if (['host', 'connection', 'content-length', 'accept-encoding', 'user-agent'].includes(k)) continue;
    if (k.startsWith('x-toolspec-sandbox')) continue;
    out(`             ${k}: ${v}`);
  }
  if (x.body !== null) out(`             body ${cut(JSON.stringify(x.body), width)}`);
  out(
    `    sandbox  ${x.status}${x.refused ? ` REFUSED: ${x.refused}` : x.example ? ` (answered from example "${x.example}" of ${x.tool})` : ''}`,
  );
}

interface CallResult {
  content?: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export async function run(args: string[]): Promise<number> {
  const parsed = await commandArgs('demo', HELP, {
    args,
    options: { ...SET_OPTIONS, width: { type: 'string' } },
  });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const width = values.width === undefined ? 400 : Number(values.width);
  if (!Number.isInteger(width) || width < 0) {
    process.stderr.write(`toolspec demo: --width expects a whole number, got "${values.width}"\n`);
    return 2;
  }
  const out = (s: string) => process.stdout.write(`${s}\n`);

  const [{ loadShippedSpecs }, { projectSpecFiles }, { createMcpServer, splitList }] = await Promise.all([
    import('../shipped.js'),
    import('../paths.js'),
    import('@toolspec/mcp'),
  ]);
  const ir = loadShippedSpecs();
  const sets = splitList(setFilter(values));
  const plan = planDemo(ir, sets);
  // Where ./specs holds a project's own specs, `toolspec call` needs --shipped for the shipped sets.
  const repeatFlags = projectSpecFiles() ? '--sandbox --shipped' : '--sandbox';

  const [{ createSandboxToolkit }, { Client }, { InMemoryTransport }] = await Promise.all([
    import('@toolspec/sandbox'),
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/inMemory.js'),
  ]);
  const exchanges: SandboxExchange[] = [];
  const { sandbox, toolkit } = await createSandboxToolkit({
    ir,
    onExchange: (x) => exchanges.push(x),
    toolkit: { retry: { maxRetries: 0 } },
  });
  const server = createMcpServer(toolkit, { sets, version: 'demo' });
  const client: Client = new Client({ name: 'toolspec-demo', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();

  let failures = 0;
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    out('toolspec demo: SANDBOX MODE. An offline emulator of the vendor APIs answers every request from');
    out("the specs' examples, with a fake token. No account, no network; nothing real is read or changed.");
    out(
      `  MCP client -> toolspec MCP server (in-process, ${tools.length} tools) -> toolkit -> sandbox ${sandbox.origin}`,
    );

    const callTool = async (
      tool: ToolIR,
      input: JsonValue,
      label: string,
      from: string,
    ): Promise<CallResult> => {
      const name = tool.name;
      exchanges.length = 0;
      out('');
      out(`[${label}] tools/call ${name}`);
      out(`    effects  ${tool.effects.join(', ')} (as ${name} declares them)`);
      out(`    input    ${cut(JSON.stringify(input), width)}  (${from})`);
      const result = (await client.callTool({
        name,
        arguments: input as Record<string, unknown>,
      })) as CallResult;
      for (const x of exchanges) printExchange(x, sandbox.origin, width, out);
      const text = (result.content ?? []).map((c) => c.text ?? '').join('\n');
      out(
        `    ${result.isError ? 'ERROR ' : 'result '}  ${cut(text.replace(/\n/g, '\n             '), width)}`,
      );
      out(`    repeat   toolspec call ${name} ${repeatFlags} --input ${shellQuote(JSON.stringify(input))}`);
      if (result.isError) failures++;
      return result;
    };

    for (const p of plan) {
      const result = await callTool(p.tool, p.input, `${p.set} ${stepName(p)}`, `example "${p.example}"`);
      const output = result.structuredContent;
      const next = output?.next_cursor;
      if (p.step === 'list' && !result.isError && output?.has_more === true && typeof next === 'string') {
        const cursorInput = p.tool.facts.cursorInput;
        if (cursorInput && p.input && typeof p.input === 'object' && !Array.isArray(p.input)) {
          await callTool(
            p.tool,
            { ...p.input, [cursorInput]: next },
            `${p.set} list, next page`,
            `the same input with ${cursorInput} from next_cursor`,
          );
        }
      }
    }
    out('');
    out(
      failures === 0
        ? `toolspec demo: ${plan.length} scripted calls answered by the sandbox. Next: "toolspec serve --sandbox" for an MCP client, or set credentials and drop --sandbox.`
        : `toolspec demo: ${failures} call(s) failed (see ERROR above).`,
    );
  } finally {
    await client.close().catch(() => {});
    await server.close().catch(() => {});
    await toolkit.close();
  }
  return failures === 0 ? 0 : 1;
}
