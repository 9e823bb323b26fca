/**
 * `toolspec call <tool> --input '<json>'|@file [--all] [--max-items N] [--dry-run] ...`: run one
 * tool and print its mapped output as JSON. A failure prints the typed error as JSON on stderr
 * and exits 1. `toolspec call --dry-run` without a tool reads JSON lines {"tool","input"} from
 * stdin and prints one request (or {"error": ...}) per line.
 */
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { SpecIR } from '@toolspec/language';
import type { CallOptions, ConnectionOptions, ToolError, Toolkit } from '@toolspec/runtime';
import { commandArgs, usageError } from '../args.js';
import { checkJsonFile, JsonTextError, parseJsonText } from '../json-text.js';

const HELP = `toolspec call <tool> [--input '<json>' | --input-file F] [options]
toolspec call --dry-run < requests.jsonl

Runs one tool and prints its output as JSON (list tools: {items, next_cursor, has_more}).
  --input J          the tool input: JSON text, @file, or - for stdin (default {})
  --input-file F     the tool input from file F (the same as --input @F)
  --all              follow every page (bounded by --max-items, --max-pages, --max-bytes)
  --max-items N      collect at most N items (with --all)
  --max-pages N      fetch at most N pages (with --all)
  --max-bytes N      collect at most N bytes of items (with --all)
  --cursor C         continue from the next_cursor of an earlier page of the same tool (cursors
                     are signed per process: both calls need the same TOOLSPEC_CURSOR_KEY)
  --dry-run          send nothing; print {"method","url","headers","body"} of the first request
                     (secrets redacted). Without a tool: JSON lines {"tool","input"} from stdin,
                     one request or {"error": {...}} per line.
  --read-only        refuse tools that are not read-only
  --connections F    connections file (default: TOOLSPEC_CONNECTIONS)
  --store <url>      the store shared with running replicas: redis://host:port/db (default:
                     TOOLSPEC_REDIS_URL): its tokens, refresh lock and rate-limit buckets
  --caller <id>      call as this caller, with its connection from the store
  --specs F          use these spec files (repeatable); default: ./specs/*.yaml when the working
                     directory has them, else the shipped sets
  --shipped          use the shipped sets even where ./specs/*.yaml exists
  --sandbox          answer from the built-in offline sandbox (the specs' examples; no account, no network)
Credentials come from TOOLSPEC_<SET>_TOKEN, _BASE_URL, _REFRESH_TOKEN, _CLIENT_ID, _CLIENT_SECRET,
_TOKEN_URL, _API_KEY, _USERNAME, _PASSWORD, server variables (TOOLSPEC_DATASTORE_ACCOUNT), or the
connections file. Errors go to stderr as JSON
({"error": {"code", "message", ...}}), exit status 1; usage errors exit 2.`;

interface Flags {
  input?: string;
  'input-file'?: string;
  all?: boolean;
  'max-items'?: string;
  'max-pages'?: string;
  'max-bytes'?: string;
  cursor?: string;
  'dry-run'?: boolean;
  'read-only'?: boolean;
  connections?: string;
  store?: string;
  caller?: string;
  specs?: string[];
  shipped?: boolean;
  sandbox?: boolean;
  help?: boolean;
}

class UsageError extends Error {}

function positiveInt(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--${flag} expects a positive integer, got "${value}"`);
  return n;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The tool input: from --input (JSON text, @file, - for stdin) or --input-file, else {}. */
async function readInput(flags: Flags): Promise<unknown> {
  if (flags.input !== undefined && flags['input-file'] !== undefined)
    throw new UsageError('give --input or --input-file, not both');
  const spec = flags['input-file'] === undefined ? flags.input : `@${flags['input-file']}`;
  if (spec === undefined) return {};
  if (spec === '-') return parseJsonText(await readStdin(), 'the input on stdin');
  if (!spec.startsWith('@')) return parseJsonText(spec, '--input');
  const file = spec.slice(1);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`input file ${file}: not readable`);
  }
  return parseJsonText(text, `input file ${file}`);
}

function errorJson(e: unknown): unknown {
  const err = e as ToolError;
  if (typeof err?.toJSON === 'function') return { error: err.toJSON() };
  return {
    error: { code: 'invalid_input', message: e instanceof Error ? e.message : String(e), retryable: false },
  };
}

async function makeToolkit(
  flags: Flags,
  ir: SpecIR,
): Promise<{ toolkit: Toolkit; close: () => Promise<void> }> {
  const { createToolkit, loadConnections, openTokenStore } = await import('@toolspec/runtime');
  if (flags.sandbox) {
    // The sandbox-wired toolkit also names each call's tool to the sandbox (tools can share a path).
    const { createSandboxToolkit } = await import('@toolspec/sandbox');
    const { sandbox, toolkit } = await createSandboxToolkit({ ir, readOnly: flags['read-only'] });
    process.stderr.write(
      `toolspec call: SANDBOX MODE (offline emulator at ${sandbox.origin} answering from the specs' examples; fake token)\n`,
    );
    return { toolkit, close: () => toolkit.close() };
  }
  let connections: Record<string, ConnectionOptions>;
  try {
    const file = flags.connections ?? process.env.TOOLSPEC_CONNECTIONS;
    if (file) await checkJsonFile(file, `connections file ${file}`);
    connections = await loadConnections({ sets: ir.sets, file: flags.connections });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const store = await openTokenStore({ store: flags.store });
  const toolkit = createToolkit({
    specs: ir,
    connections,
    readOnly: flags['read-only'],
    tokenStore: store,
  });
  return {
    toolkit,
    close: async () => {
      await toolkit.close();
      await (store as { close?: () => Promise<void> } | undefined)?.close?.();
    },
  };
}

/** What is wrong with a JSON text, as parseJsonText words it. */
function jsonFault(text: string, what: string): string {
  try {
    parseJsonText(text, what);
    return `${what} is not JSON`;
  } catch (e) {
    return (e as Error).message;
  }
}

async function dryRunLines(toolkit: Toolkit): Promise<number> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let failures = 0;
  let n = 0;
  for await (const line of rl) {
    n++;
    if (line.trim() === '') continue;
    let out: unknown;
    try {
      let req: { tool?: unknown; input?: unknown };
      try {
        req = JSON.parse(line) as typeof req;
      } catch {
        throw new Error(`${jsonFault(line, `line ${n}`)} (expected {"tool": "...", "input": {...}})`);
      }
      if (req === null || typeof req !== 'object' || typeof req.tool !== 'string') {
        throw new Error(`line ${n}: expected {"tool": "<name>", "input": {...}}`);
      }
      out = await toolkit.dryRun(req.tool, req.input ?? {});
    } catch (e) {
      failures++;
      out = errorJson(e);
    }
    process.stdout.write(`${JSON.stringify(out)}\n`);
  }
  return failures > 0 ? 1 : 0;
}

export async function run(args: string[]): Promise<number> {
  // A closed pipe (`toolspec list | head`) ends the command quietly.
  process.stdout.once('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  const parsed = await commandArgs('call', HELP, {
    args,
    allowPositionals: true,
    options: {
      input: { type: 'string', short: 'i' },
      'input-file': { type: 'string' },
      all: { type: 'boolean' },
      'max-items': { type: 'string' },
      'max-pages': { type: 'string' },
      'max-bytes': { type: 'string' },
      cursor: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'read-only': { type: 'boolean' },
      connections: { type: 'string' },
      store: { type: 'string' },
      caller: { type: 'string' },
      specs: { type: 'string', multiple: true },
      shipped: { type: 'boolean' },
      sandbox: { type: 'boolean' },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values: flags, positionals } = parsed;
  const tool = positionals[0];
  if (positionals.length > 1) return usageError('call', `name one tool (got ${positionals.length})`);
  if (tool === undefined && !flags['dry-run'])
    return usageError('call', 'name a tool (or give --dry-run with JSON lines on stdin)');
  let close: (() => Promise<void>) | undefined;
  try {
    const { chooseSpecs, loadChosenSpecs } = await import('../shipped.js');
    const ir = await loadChosenSpecs(chooseSpecs(flags.specs, flags.shipped));
    const opts: CallOptions = {
      all: flags.all,
      maxItems: positiveInt('max-items', flags['max-items']),
      maxPages: positiveInt('max-pages', flags['max-pages']),
      maxBytes: positiveInt('max-bytes', flags['max-bytes']),
      cursor: flags.cursor,
      caller: flags.caller,
    };
    const input = tool === undefined ? undefined : await readInput(flags);
    const made = await makeToolkit(flags, ir);
    close = made.close;
    if (tool === undefined) return await dryRunLines(made.toolkit);
    const output = flags['dry-run']
      ? await made.toolkit.dryRun(tool, input)
      : await made.toolkit.call(tool, input, opts);
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof JsonTextError) {
      process.stderr.write(`toolspec call: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`${JSON.stringify(errorJson(e), null, 2)}\n`);
    return 1;
  } finally {
    await close?.();
  }
}
