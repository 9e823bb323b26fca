/**
 * What a newcomer types first, as real processes: `--version`, a mistyped option or command
 * (one line naming the nearest, exit 2), `--set` and `--sets`, and JSON input that does not
 * parse (its line and column, and never the text itself).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonText } from '../../cli/json-text.js';
import { type Ran, runChild } from '../support/children.js';
import { CLI_FROM_SOURCES, REPO } from '../support/paths.js';

const MINI = join(REPO, 'test/fixtures/specs/mini.yaml');
const SECRET = 's3cret-token-value-0042';

function toolspec(args: readonly string[], stdin?: string): Promise<Ran> {
  return runChild(process.execPath, [...CLI_FROM_SOURCES, ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' },
    stdin,
    timeoutMs: 60_000,
  });
}

describe('toolspec --version', () => {
  it('prints the version of the package, as --version and as -v', async () => {
    const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    const [long, short] = await Promise.all([toolspec(['--version']), toolspec(['-v'])]);
    for (const r of [long, short]) {
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
  });
});

describe('a mistyped option or command', () => {
  it('is answered in one line with the nearest option and where the help is, exit 2', async () => {
    const [option, far, value, extra] = await Promise.all([
      toolspec(['call', 'mini_item_get', '--dryrun']),
      toolspec(['list', '--zzzzzz']),
      toolspec(['call', 'mini_item_get', '--input']),
      toolspec(['list', 'extra']),
    ]);
    expect(option.stderr).toBe(
      'toolspec call: unknown option --dryrun (did you mean --dry-run?); see toolspec call --help\n',
    );
    expect(far.stderr).toBe('toolspec list: unknown option --zzzzzz; see toolspec list --help\n');
    expect(value.stderr).toBe('toolspec call: --input needs a value; see toolspec call --help\n');
    expect(extra.stderr).toBe('toolspec list: unexpected argument "extra"; see toolspec list --help\n');
    for (const r of [option, far, value, extra]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
    }
  });

  it('names the nearest command, exit 2', async () => {
    const [command, option] = await Promise.all([toolspec(['serv']), toolspec(['--verbose'])]);
    expect(command.stderr).toBe(
      'toolspec: unknown command serv (did you mean serve?); see toolspec --help\n',
    );
    expect(option.stderr).toBe('toolspec: unknown option --verbose; see toolspec --help\n');
    for (const r of [command, option]) expect(r.code).toBe(2);
  });
});

describe('--set and --sets', () => {
  it('are the same filter for list (repeatable, comma-separated), and an unknown set names the nearest', async () => {
    const [set, sets, both, wrong] = await Promise.all([
      toolspec(['list', '--json', '--set', 'notes']),
      toolspec(['list', '--json', '--sets', 'notes,crm']),
      toolspec(['list', '--json', '--set', 'notes', '--sets', 'mail']),
      toolspec(['list', '--set', 'note']),
    ]);
    const setsOf = (r: Ran) => [...new Set((JSON.parse(r.stdout) as { set: string }[]).map((t) => t.set))];
    expect(setsOf(set)).toEqual(['notes']);
    expect(setsOf(sets).sort()).toEqual(['crm', 'notes']);
    expect(setsOf(both).sort()).toEqual(['mail', 'notes']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^toolspec list: unknown set "note" \(did you mean notes\? known: /);
  });

  it('are both in the help of list, serve and demo', async () => {
    const helps = await Promise.all(['list', 'serve', 'demo'].map((c) => toolspec([c, '--help'])));
    for (const h of helps) {
      expect(h.code).toBe(0);
      expect(h.stdout).toMatch(/--sets?\b[^\n]*\n?[^\n]*--sets? is the same/);
    }
  });
});

describe('JSON input that does not parse', () => {
  it('--input, --input-file and stdin: the line and column of the fault, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolspec-json-'));
    const file = join(dir, 'input.json');
    writeFileSync(file, '{\n  "item_id": "a1",\n  "extra": tru\n}\n');
    const base = ['call', 'mini_item_get', '--specs', MINI, '--dry-run'];
    const [inline, fromFile, atFile, stdin] = await Promise.all([
      toolspec([...base, '--input', '{bad']),
      toolspec([...base, '--input-file', file]),
      toolspec([...base, '--input', `@${file}`]),
      toolspec([...base, '--input', '-'], '[1, 2'),
    ]);
    expect(inline.stderr).toBe(
      "toolspec call: --input is not valid JSON at line 1, column 2: expected property name or '}'\n",
    );
    const inFile = `toolspec call: input file ${file} is not valid JSON at line 3, column 12: unexpected character\n`;
    expect(fromFile.stderr).toBe(inFile);
    expect(atFile.stderr).toBe(inFile);
    expect(stdin.stderr).toBe(
      "toolspec call: the input on stdin is not valid JSON at line 1, column 6: expected ',' or ']' after array element\n",
    );
    for (const r of [inline, fromFile, atFile, stdin]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
    }
  });

  it('a connections file: the line and column, and never its text (it holds secrets)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolspec-json-'));
    const file = join(dir, 'connections.json');
    writeFileSync(file, `{\n  "mini": { "token": ${SECRET} }\n}\n`);
    const r = await toolspec([
      'call',
      'mini_item_get',
      '--specs',
      MINI,
      '--dry-run',
      '--input',
      '{"item_id": "a1"}',
      '--connections',
      file,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `toolspec call: connections file ${file} is not valid JSON at line 2, column 22: unexpected character\n`,
    );
    expect(r.stdout + r.stderr).not.toContain(SECRET);
  });

  it('a JSON line of call --dry-run: the column of the fault', async () => {
    const r = await toolspec(
      ['call', '--dry-run', '--specs', MINI],
      '{"tool": "mini_item_get", "input": {,}}\n',
    );
    expect(r.code).toBe(1);
    const line = JSON.parse(r.stdout) as { error: { message: string } };
    expect(line.error.message).toBe(
      'line 1 is not valid JSON at line 1, column 37: expected property name or \'}\' (expected {"tool": "...", "input": {...}})',
    );
  });

  it('never quotes the text, even where Node would (an unexpected token)', () => {
    const text = `{"token": ${SECRET}}`;
    let message = '';
    try {
      JSON.parse(text);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain(SECRET.slice(0, 10)); // what Node alone would print: the text around the fault
    expect(() => parseJsonText(text, 'the connection')).toThrow(
      'the connection is not valid JSON at line 1, column 11: unexpected character',
    );
    try {
      parseJsonText(text, 'the connection');
    } catch (e) {
      expect((e as Error).message).not.toContain(SECRET.slice(0, 6));
    }
  });

  it('counts lines after \\r\\n and \\r as editors do', () => {
    expect(() => parseJsonText('{\r\n"a": 1,\r\n}', 'x')).toThrow(/at line 3, column 1:/);
    expect(() => parseJsonText('{\r"a": ]', 'x')).toThrow(/at line 2, column 6:/);
  });
});
