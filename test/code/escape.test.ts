/**
 * The isolation boundary of code mode: a program in the engine reaches nothing of Node (process,
 * require, import(), fetch, the file system, the environment, timers), no credential, and none of
 * the escapes known for QuickJS embeddings work (constructor chains, Function('return this'),
 * prototype pollution, Error.prepareStackTrace, getters and proxies on the values it throws,
 * returns or passes, changing `tools`); an infinite loop, a memory bomb, deep recursion, a
 * promise-job flood and a huge result each end in a typed error, and the next program runs in a
 * fresh engine. A real toolkit against a loopback vendor stands behind `tools`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CodeRunner, createCodeRunner } from '../../code/index.js';
import type { Toolkit } from '../../runtime/types.js';
import { failure, TOKEN, testKit } from '../runtime/support/fixture.js';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';

let vendor: Loopback;
let toolkit: Toolkit;
let runner: CodeRunner;
beforeAll(async () => {
  vendor = await startLoopback(() => ({ body: { id: 'a1', name: 'First' } }));
  toolkit = testKit(vendor.url).toolkit;
  runner = createCodeRunner(toolkit, { timeoutMs: 1_500, memoryBytes: 32 * 1024 * 1024 });
});
afterAll(async () => {
  await toolkit?.close();
  await vendor?.close();
});
beforeEach(() => {
  vendor.requests.length = 0;
});

const result = async (code: string) => (await runner.execute(code)).result;

/** Every global a program sees: the engine's standard built-ins, `tools` and `console`. */
const GLOBALS = [
  'AggregateError',
  'Array',
  'ArrayBuffer',
  'BigInt',
  'BigInt64Array',
  'BigUint64Array',
  'Boolean',
  'DataView',
  'Date',
  'Error',
  'EvalError',
  'FinalizationRegistry',
  'Float16Array',
  'Float32Array',
  'Float64Array',
  'Function',
  'Infinity',
  'Int16Array',
  'Int32Array',
  'Int8Array',
  'InternalError',
  'Iterator',
  'JSON',
  'Map',
  'Math',
  'NaN',
  'Number',
  'Object',
  'Promise',
  'Proxy',
  'RangeError',
  'ReferenceError',
  'Reflect',
  'RegExp',
  'Set',
  'SharedArrayBuffer',
  'String',
  'Symbol',
  'SyntaxError',
  'TypeError',
  'URIError',
  'Uint16Array',
  'Uint32Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'WeakMap',
  'WeakRef',
  'WeakSet',
  'console',
  'decodeURI',
  'decodeURIComponent',
  'encodeURI',
  'encodeURIComponent',
  'escape',
  'eval',
  'globalThis',
  'isFinite',
  'isNaN',
  'parseFloat',
  'parseInt',
  'tools',
  'undefined',
  'unescape',
];

describe('a program reaches nothing outside the engine', () => {
  it('sees only the standard built-ins, tools and console', async () => {
    expect(await result('return Object.getOwnPropertyNames(globalThis).sort()')).toEqual(GLOBALS);
    expect(await result("return Object.getOwnPropertyNames(Function('return this')()).length")).toBe(
      GLOBALS.length,
    );
  });

  it.each([
    ['process', 'typeof process'],
    ['require', 'typeof require'],
    ['module', 'typeof module'],
    ['fetch', 'typeof fetch'],
    ['XMLHttpRequest', 'typeof XMLHttpRequest'],
    ['WebSocket', 'typeof WebSocket'],
    ['the file system (QuickJS std, os)', 'typeof std + typeof os'],
    ['the environment', 'typeof Deno + typeof Bun + typeof env'],
    ['timers', 'typeof setTimeout + typeof setInterval + typeof setImmediate + typeof queueMicrotask'],
    ['WebAssembly', 'typeof WebAssembly'],
    ['Atomics (blocking waits)', 'typeof Atomics'],
    ['the host bridge', 'typeof host + typeof log + typeof run'],
    ['process through eval', "eval('typeof process')"],
    ['process through Function', "Function('return typeof this.process')()"],
    [
      'process through a constructor chain',
      "tools.rt_item_get.constructor.constructor('return typeof process')()",
    ],
    [
      'process through an async constructor',
      "(async () => {}).constructor('return typeof globalThis.process')()",
    ],
  ])('cannot reach %s', async (_what, expression) => {
    const value = String(await result(`return ${expression}`));
    expect(value).toMatch(/^(undefined)+$/);
  });

  it.each([
    ['require()', "require('fs')", /ReferenceError/],
    ['import()', "await import('node:fs')", /could not load module/],
    ['a static import', "import fs from 'node:fs'", /does not compile/],
    ['a file through import()', "await import('/etc/passwd')", /could not load module/],
  ])('cannot load modules: %s', async (_what, code, message) => {
    const e = await failure(runner.execute(code));
    expect(e.code).toBe('program_error');
    expect(e.message).toMatch(message);
  });

  it('holds no credential: the tool functions, errors and globals show none', async () => {
    vendor.handler = () => ({ status: 401, body: { error: { code: 'auth', message: 'no' } } });
    const seen = await result(`
      const out = [];
      for (const k of Object.getOwnPropertyNames(globalThis)) { try { out.push(k, String(globalThis[k])); } catch (e) { out.push(k); } }
      try { await tools.rt_item_get({ item_id: 'a1' }); } catch (e) { out.push(String(e.stack), JSON.stringify(e), e.message); }
      out.push(String(tools.rt_item_get), JSON.stringify(Object.getOwnPropertyDescriptors(tools)));
      return out.join('\\n');`);
    vendor.handler = () => ({ body: { id: 'a1', name: 'First' } });
    expect(String(seen)).not.toContain(TOKEN);
    expect(String(seen)).not.toMatch(/Bearer/);
  });
});

describe('known escape techniques', () => {
  it('`tools` cannot be changed, and names of Object.prototype are not tools', async () => {
    const e = await failure(runner.execute("tools.rt_item_get = () => ({ id: 'fake' }); return 1"));
    expect(e.code).toBe('program_error');
    expect(
      await result("try { Object.defineProperty(tools, 'x', { value: 1 }); } catch (e) { return e.name; }"),
    ).toBe('TypeError');
    const refused = await result(
      'try { await tools.constructor({}); return "called"; } catch (e) { return [e.code, e.field]; }',
    );
    expect(refused).toEqual(['invalid_input', 'name']);
    expect(await result('return typeof tools.then')).toBe('undefined');
    expect(vendor.requests).toEqual([]);
  });

  it('prototype pollution and replaced JSON stay in the program: the call sends the real input', async () => {
    const r = await result(`
      Object.prototype.polluted = 'yes';
      Object.prototype.toJSON = function () { return 'evil'; };
      delete Object.prototype.toJSON;
      JSON.stringify = () => '{"item_id":"evil"}';
      JSON.parse = () => ({ forged: true });
      Array.prototype.map = null;
      return await tools.rt_item_get({ item_id: 'a1' });`);
    expect(r).toEqual({ id: 'a1', name: 'First' });
    expect(vendor.requests.map((q) => q.path)).toEqual(['/api/items/a1']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The next program runs in a fresh engine: nothing of the last one is left.
    expect(
      await result('return [typeof ({}).polluted, typeof globalThis.leak, typeof JSON.stringify({a: 1})]'),
    ).toEqual(['undefined', 'undefined', 'string']);
  });

  it('Error.prepareStackTrace and getters on a thrown error never run on the host', async () => {
    const stack = await failure(
      runner.execute("Error.prepareStackTrace = () => { for (;;) {} }; throw new Error('boom')"),
    );
    expect(stack.code).toBe('program_error');
    expect(stack.message).toMatch(/Error: boom/);
    const getter = await failure(
      runner.execute(
        "const e = new Error('x'); Object.defineProperty(e, 'message', { get() { throw new Error('getter ran') } }); throw e;",
      ),
    );
    expect(getter.code).toBe('program_error');
    const looping = await failure(
      runner.execute(
        "const e = new Error('x'); Object.defineProperty(e, 'message', { get() { for (;;) {} } }); throw e;",
      ),
    );
    expect(looping.code).toBe('limit_exceeded');
    const proxy = await failure(
      runner.execute('throw new Proxy({}, { get() { throw 1 }, ownKeys() { throw 2 } })'),
    );
    expect(proxy.code).toBe('program_error');
  });

  it('a returned value crosses as JSON text: getters run in the engine, proxies and functions fail there', async () => {
    expect(await result('return { get x() { return 1 }, y: undefined, z: () => 1 }')).toEqual({ x: 1 });
    const proxy = await failure(
      runner.execute("return new Proxy({}, { ownKeys() { throw new Error('keys') } })"),
    );
    expect(proxy.message).toMatch(/keys/);
    const fn = await failure(runner.execute('return () => 1'));
    expect(fn.message).toMatch(/must return a JSON value/);
    expect(await result('return { toJSON() { return "j" } }')).toBe('j');
  });

  it('an input with getters or proxies is read in the engine; one that throws sends nothing', async () => {
    expect(await result("return await tools.rt_item_get({ get item_id() { return 'a1' } })")).toEqual({
      id: 'a1',
      name: 'First',
    });
    const e = await failure(
      runner.execute("await tools.rt_item_get(new Proxy({}, { ownKeys() { throw new Error('trap') } }))"),
    );
    expect(e.message).toMatch(/trap/);
    expect(vendor.requests.map((q) => q.path)).toEqual(['/api/items/a1']);
  });

  it('a replaced Promise.prototype.then breaks only the program', async () => {
    await runner
      .execute(
        "Promise.prototype.then = function () { return 'x'; }; return await tools.rt_item_get({ item_id: 'a1' })",
      )
      .catch(() => {});
    expect(await result('return 1 + 1')).toBe(2);
  });
});

describe('limits', () => {
  it.each([
    ['an infinite loop', 'for (;;) {}', 'time'],
    ['an infinite loop of awaits', 'for (;;) await null;', 'time'],
    ['a promise-job flood', 'for (;;) Promise.resolve().then(() => {});', 'memory'],
    [
      // Each job adopts the next one's promise, so the chain grows too: time or memory, whichever ends first.
      'a self-feeding job queue',
      'const f = () => Promise.resolve().then(f); f(); await new Promise(() => {});',
      'time|memory',
    ],
    ['a memory bomb', 'const a = []; for (;;) a.push("x".repeat(1e5) + a.length);', 'memory'],
    ['a memory bomb of objects', 'const a = []; for (let i = 0; ; i++) a.push({ i, s: "y" + i });', 'memory'],
    ['a huge string', 'return "x".repeat(100 * 1024 * 1024);', 'memory'],
    ['deep recursion', 'const f = () => f() + 1; return f();', 'stack'],
    [
      'recursion through a proxy',
      'return JSON.stringify(new Proxy({}, { get(t, k, r) { return r[k]; } }));',
      'stack',
    ],
    ['a large result', 'return "x".repeat(2 * 1024 * 1024);', 'output'],
  ])('%s ends in limit_exceeded, and the next program runs', async (_what, code, limit) => {
    const e = await failure(runner.execute(code));
    expect(e.code).toBe('limit_exceeded');
    expect(limit.split('|')).toContain((e.details as { limit: string }).limit);
    expect(e.retryable).toBe(false);
    expect(await result('return 6 * 7')).toBe(42);
  });

  it('a program that awaits what nothing settles ends at once with a typed error', async () => {
    const e = await failure(runner.execute('await new Promise(() => {});'));
    expect(e.code).toBe('program_error');
    expect(e.message).toMatch(/nothing will settle/);
  });

  it('a program that throws or does not compile names the line', async () => {
    const thrown = await failure(runner.execute("const a = 1;\nthrow new TypeError('bad ' + a);"));
    expect(thrown).toMatchObject({ code: 'program_error', field: 'code' });
    expect(thrown.message).toBe('execute: the program threw (line 2): TypeError: bad 1');
    const syntax = await failure(runner.execute('return (;'));
    expect(syntax.message).toMatch(/^execute: the program does not compile/);
    expect(await result('throw null').catch((e) => e.message)).toMatch(/threw/);
  });

  it('logs are captured and bounded', async () => {
    const small = createCodeRunner(toolkit, { logChars: 20 });
    const run = await small.execute(
      "console.log('a', { b: 1 }); console.warn('w'); for (let i = 0; i < 100; i++) console.log('x'.repeat(10)); return 1",
    );
    expect(run.logs[0]).toBe('a {"b":1}');
    expect(run.logs[1]).toBe('[warn] w');
    expect(run.logs.at(-1)).toMatch(/logs cut at 20 characters/);
    expect(run.logs.join('').length).toBeLessThan(100);
  });
});
