/**
 * The JavaScript the guest engine evaluates before the program: it takes the one host function
 * (`host(name, inputText, optionsText)`, answering a promise of JSON text), the log function and
 * the longest log line, builds `tools` and
 * `console` from it and returns `run(fn)`, which awaits the program and answers its result as
 * JSON text. Only strings cross the boundary, in both directions: the host never reads a guest
 * object (no getter, proxy or prototype of the program's ever runs on the host), and the guest
 * never holds a host object. The helpers are captured here, before the program can replace
 * `JSON` or any prototype.
 */
export const PRELUDE = `(function (host, log, maxLog) {
  'use strict';
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const freeze = Object.freeze;
  const ErrorCtor = Error;
  const StringCtor = String;
  const toText = (value, what) => {
    const text = stringify(value === undefined ? null : value);
    if (typeof text !== 'string') throw new TypeError(what + ' must be a JSON value');
    return text;
  };
  const toolError = (e) => {
    const err = new ErrorCtor(e.message);
    err.name = 'ToolError';
    for (const k of ['code', 'tool', 'field', 'expected', 'status', 'vendor_message', 'hint', 'retryable', 'issues']) {
      if (e[k] !== undefined) err[k] = e[k];
    }
    return err;
  };
  const call = (name) => async (input, options) => {
    const answer = parse(await host(name, toText(input === undefined ? {} : input, name + ' input'),
      toText(options === undefined ? {} : options, name + ' options')));
    if (answer.ok) return answer.value;
    throw toolError(answer.error);
  };
  const cache = Object.create(null);
  const tools = new Proxy(freeze({}), {
    get(_t, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      if (!cache[name]) cache[name] = freeze(call(name));
      return cache[name];
    },
    set() { return false; },
    defineProperty() { return false; },
    deleteProperty() { return false; },
  });
  const show = (v) => {
    if (typeof v === 'string') return v;
    try { const t = stringify(v); return t === undefined ? StringCtor(v) : t; } catch (e) { return StringCtor(v); }
  };
  // Each line is cut here, so a huge one is never copied out of the engine whole.
  const line = (level) => (...args) => { const text = args.map(show).join(' '); log(level, text.length > maxLog ? text.slice(0, maxLog) : text); };
  const console = freeze({ log: line('log'), info: line('info'), warn: line('warn'), error: line('error'), debug: line('debug') });
  Object.defineProperty(globalThis, 'tools', { value: tools, enumerable: false, writable: false, configurable: false });
  Object.defineProperty(globalThis, 'console', { value: console, enumerable: false, writable: false, configurable: false });
  return async function run(program, maxChars) {
    const value = await program();
    const text = stringify(value === undefined ? null : value);
    if (typeof text !== 'string') throw new TypeError('the program must return a JSON value');
    if (text.length > maxChars) {
      const err = new ErrorCtor("the program's result is " + text.length + ' characters of JSON, more than the limit of ' + maxChars);
      err.name = 'OutputLimit';
      throw err;
    }
    return text;
  };
})`;

/** The program as the body of an async function (so it may `await` and `return`). */
export const wrapProgram = (code: string): string => `(async () => {\n${code}\n})`;

/** What the guest's host function answers: the tool's output or its typed error, as JSON text. */
export type HostAnswer = { ok: true; value: unknown } | { ok: false; error: Record<string, unknown> };
