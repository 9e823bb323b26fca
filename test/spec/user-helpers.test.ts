/**
 * A vendor helper from outside the product: a user's module with one helper (`slugify`), named by
 * a user's spec (under `helpers:`) and used in its body template and as an input
 * transform, works in `validate` (its example run), `call` (dry run and a real call to a loopback
 * vendor), `generate` and `serve` (an SDK client over stdio), and from the library
 * (`importSpecHelpers` -> `loadSpecs` -> `createToolkit`). Helpers from outside are held to what the
 * built-ins promise: names that replace nothing, a description, an arity that bounds the arguments,
 * copies of the data, and JSON results.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHelpers, HELPERS, importSpecHelpers, loadSpecs, SpecLoadError } from '../../language/index.js';
import { serializeSnapshot, specFromSnapshot } from '../../language/load/snapshot.js';
import { createToolkit } from '../../runtime/index.js';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';
import { CLI_FROM_SOURCES, REPO } from '../support/paths.js';

const HELPER_MODULE = `export default {
  slugify: {
    description: 'Text -> lower-case words joined by hyphens.',
    arity: 1,
    fn: (text) => String(text ?? '').toLowerCase().trim().split(/[^a-z0-9]+/).filter(Boolean).join('-'),
  },
};
`;

const SPEC = `toolspec: 1
set: blog
title: Blog API
description: Posts of a small blog.
server: { url: https://blog.example.test/api }
auth: { type: bearer }
helpers: [./helpers/slug.mjs]
tools:
  - name: blog_post_create
    title: Create a post
    description: Creates a blog post with a slug made from its title, and returns the post.
    effects: create
    method: POST
    path: /posts
    inputs:
      title: { type: string, required: true, description: The post title. }
      tag: { type: string, transform: slugify, description: A tag (sent as a slug). }
    body:
      title: { $eval: title }
      slug: { $eval: slugify(title) }
    examples:
      - name: basic
        input: { title: Hello Big World, tag: Release Notes }
        request: { body: { title: Hello Big World, slug: hello-big-world, tag: release-notes } }
        response: { status: 201, body: { id: p1, slug: hello-big-world } }
`;

const TOKEN = 'blog-secret-token-0123456789';
let dir: string;
let spec: string;
let vendor: Loopback;
const seen: unknown[] = [];

function toolspec(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [...CLI_FROM_SOURCES, ...args], {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolspec-helpers-'));
  mkdirSync(join(dir, 'helpers'));
  writeFileSync(join(dir, 'helpers', 'slug.mjs'), HELPER_MODULE);
  spec = join(dir, 'blog.yaml');
  writeFileSync(spec, SPEC);
  vendor = await startLoopback((r) => {
    seen.push(r.body);
    return { status: 201, body: { id: 'p9', ...(r.body as object) } };
  });
});
afterAll(async () => {
  await vendor?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ENV = () => ({ TOOLSPEC_BLOG_TOKEN: TOKEN, TOOLSPEC_BLOG_BASE_URL: vendor.url });

describe('a helper of the user, named by the spec', () => {
  it('validate: the spec and its example run pass; an unknown function is still an error', async () => {
    const ok = await toolspec(['validate', spec]);
    expect(ok.stdout + ok.stderr).toContain('ok: 1 set(s), 1 tool(s)');
    expect(ok.code).toBe(0);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(
      bad,
      SPEC.replace('set: blog', 'set: bad')
        .replaceAll('blog_', 'bad_')
        .replace('slugify(title)', 'slugged(title)'),
    );
    const r = await toolspec(['validate', bad]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('unknown_helper');
    expect(r.stdout).toContain('slugged');
  });

  it('call: the dry run and a real call use it', async () => {
    const input = JSON.stringify({ title: 'Ship It Now', tag: 'Big News' });
    const dry = await toolspec(
      ['call', 'blog_post_create', '--specs', spec, '--dry-run', '--input', input],
      ENV(),
    );
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).body).toEqual({
      title: 'Ship It Now',
      slug: 'ship-it-now',
      tag: 'big-news',
    });
    const real = await toolspec(['call', 'blog_post_create', '--specs', spec, '--input', input], ENV());
    expect(real.stderr).toBe('');
    expect(JSON.parse(real.stdout)).toMatchObject({ id: 'p9', slug: 'ship-it-now' });
    expect(seen.at(-1)).toEqual({ title: 'Ship It Now', slug: 'ship-it-now', tag: 'big-news' });
  });

  it('generate: the set generates', async () => {
    const r = await toolspec(['generate', spec, '--out', join(dir, 'gen')]);
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
  });

  it('serve: an MCP client calls the tool and the vendor receives the slug', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...CLI_FROM_SOURCES, 'serve', '--specs', spec],
      cwd: REPO,
      env: { ...getDefaultEnvironment(), NODE_NO_WARNINGS: '1', ...ENV() },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'user-helpers-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: 'blog_post_create', arguments: { title: 'From MCP' } });
      expect(result.isError ?? false).toBe(false);
      expect(seen.at(-1)).toEqual({ title: 'From MCP', slug: 'from-mcp' });
    } finally {
      await client.close();
    }
  });

  it('library: loaded with importSpecHelpers; without them loading and createToolkit refuse, naming the helper', async () => {
    const helpers = await importSpecHelpers([spec]);
    expect(Object.keys(helpers)).toEqual(['slugify']);
    const ir = loadSpecs([spec], { helpers });
    const toolkit = createToolkit({
      specs: ir,
      connections: { blog: { token: TOKEN, baseUrl: vendor.url } },
    });
    const req = await toolkit.dryRun('blog_post_create', { title: 'A B' });
    expect(req.body).toEqual({ title: 'A B', slug: 'a-b' });
    await toolkit.close();

    expect(() => loadSpecs([spec])).toThrow(SpecLoadError);
    // An IR that does not carry them (a snapshot): createToolkit names the helper and the module.
    const bare = specFromSnapshot(JSON.parse(serializeSnapshot(ir)));
    expect(() => createToolkit({ specs: bare })).toThrow(
      /blog_post_create calls helper "slugify".*\.\/helpers\/slug\.mjs/,
    );
    const given = createToolkit({ specs: bare, helpers });
    expect((await given.dryRun('blog_post_create', { title: 'C D' })).body).toEqual({
      title: 'C D',
      slug: 'c-d',
    });
    await given.close();
  });
});

describe('helpers from outside are checked like the built-ins', () => {
  const ok = { description: 'd', arity: 1, fn: (x: unknown) => x };
  it.each([
    [{ rich_text: ok }, /built-in helper has that name/],
    [{ len: ok }, /JSON-e's own/],
    [{ Slug: ok }, /lower-case letters/],
    [{ a: { ...ok, description: '' } }, /description/],
    [{ a: { ...ok, arity: 9 } }, /arity/],
    [{ a: { ...ok, arity: 1.5 } }, /arity/],
    [{ a: { ...ok, fn: 'x => x' } }, /fn must be a function/],
    [[ok], /must be an object/],
  ])('%j is refused', (helpers, message) => {
    expect(() => checkHelpers(helpers, 'test', HELPERS)).toThrow(message);
  });

  it('bounds the arguments, passes copies and wants JSON back', () => {
    const checked = checkHelpers(
      {
        mutate: { description: 'd', arity: 1, fn: (o: unknown) => Object.assign(o as object, { x: 1 }) },
        dated: { description: 'd', arity: 0, fn: () => new Date(0) },
        fnback: { description: 'd', arity: 0, fn: () => () => 1 },
      },
      'test',
      HELPERS,
    );
    const input = { a: 1 };
    expect(checked.mutate?.fn(input)).toEqual({ a: 1, x: 1 });
    expect(input).toEqual({ a: 1 });
    expect(() => checked.mutate?.fn(input, 2)).toThrow(/at most 1 argument/);
    expect(() => checked.dated?.fn()).toThrow(/instance of a class/);
    expect(() => checked.fnback?.fn()).toThrow(/not JSON/);
  });
});
