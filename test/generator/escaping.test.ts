/**
 * Spec text is data in every generated context: a spec whose titles, descriptions, enum values,
 * defaults and examples carry `*\/`, backticks, `${…}`, `{{…}}`, `</script>` and Markdown fences
 * generates, the TypeScript compiles, and no such text becomes code (no PWNED_* identifier
 * outside comments and string literals; no raw HTML or template braces in Markdown prose).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { jsonLiteral, jsonOfLiteral } from '../../generator/json.js';
import { loadSpecFiles } from '../../language/load/load.js';
import { ROOT, tempDir } from './support.js';

const SPEC = join(ROOT, 'test', 'fixtures', 'specs', 'hostile-text.yaml');

/** Identifiers of the code (comments, strings and template text excluded). */
function codeIdentifiers(text: string, jsx = false): string[] {
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    true,
    jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard,
    text,
  );
  const out: string[] = [];
  for (let k = scanner.scan(); k !== ts.SyntaxKind.EndOfFileToken; k = scanner.scan()) {
    if (k === ts.SyntaxKind.Identifier) out.push(scanner.getTokenText());
  }
  return out;
}

describe('spec text in generated code', () => {
  it('generates, compiles, and no text becomes code', async () => {
    const { ir, diagnostics } = loadSpecFiles([SPEC.slice(ROOT.length)]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    if (!ir) throw new Error('hostile spec does not load');
    const files = await generate(ir, {
      only: [
        'types',
        'schemas',
        'validators',
        'handlers',
        'custom-handlers',
        'barrel',
        'catalog',
        'docs',
        'ir',
      ],
    });
    expect(files.length).toBeGreaterThan(5);

    const dir = tempDir('hostile');
    writeFileSync(join(dir, 'package.json'), '{"type": "module"}\n');
    for (const f of files) {
      const path = join(dir, f.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, f.contents);
    }
    const sources = files.filter((f) => /\.(ts|js)$/.test(f.path));
    expect(sources.map((f) => f.path)).toEqual(
      expect.arrayContaining(['hostile/handlers.ts', 'hostile/types.ts']),
    );
    for (const f of sources) {
      const ids = codeIdentifiers(f.contents);
      expect(
        ids.filter((i) => i.startsWith('PWNED')),
        f.path,
      ).toEqual([]);
      // The file parses as it is: nothing closed a comment or a string early.
      const parsed = ts.createSourceFile(f.path, f.contents, ts.ScriptTarget.Latest, true);
      const diags = (parsed as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
      expect(
        diags.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
        f.path,
      ).toEqual([]);
    }

    // Type-check the handlers, types, catalogs and the barrel (with the IR and the validators) against the runtime's sources.
    const program = ts.createProgram(
      ['hostile/handlers.ts', 'hostile/types.ts', 'catalog.ts', 'index.ts'].map((f) => join(dir, f)),
      {
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        skipLibCheck: true,
        customConditions: ['@toolspec/source'],
        baseUrl: ROOT,
        paths: { '@toolspec/runtime': [join(ROOT, 'runtime', 'index.ts')] },
        types: [],
      },
    );
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName.startsWith(dir))
      .map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(errors).toEqual([]);

    for (const f of files.filter((x) => x.path.endsWith('.md'))) {
      // Outside fenced blocks, no raw HTML and no template braces; fences are never closed by spec text.
      const parts = f.contents.split(/^(`{3,}).*$/m);
      let inFence: string | null = null;
      let prose = '';
      for (let i = 0; i < parts.length; i++) {
        const p = parts[i] as string;
        if (i % 2 === 1) {
          if (inFence === null) inFence = p;
          else if (p.length >= inFence.length) inFence = null;
          continue;
        }
        if (inFence === null) prose += p;
      }
      expect(inFence, `${f.path}: a fence is left open`).toBeNull();
      expect(prose, f.path).not.toMatch(/<\/?script/i);
      expect(prose, f.path).not.toContain('{{');
      expect(prose, f.path).not.toContain('PWNED_FENCE ```');
    }
  }, 60_000);

  it('JSON text in a generated module is a string literal that holds exactly that text', () => {
    const value = {
      quote: "it's",
      backslash: "a\\b \\u2028 \\'",
      separators: 'line\u2028para\u2029end',
      code: '$' + '{x} `y` */ </script> \\n',
      nested: [{ '': 'x\ny', "k'": ['\\'] }],
    };
    for (const json of [JSON.stringify(value, null, 1), JSON.stringify(value)]) {
      const literal = jsonLiteral(json);
      const parsed = ts.createSourceFile(
        'x.ts',
        `export const j: string =\n${literal};\n`,
        ts.ScriptTarget.Latest,
      );
      const diags = (parsed as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
      expect(diags).toEqual([]);
      // The engine reads back the text without its indentation and line breaks: the same value.
      const text = new Function(`return ${literal};`)() as string;
      expect(JSON.parse(text)).toEqual(value);
      expect(jsonOfLiteral(literal)).toBe(text);
      expect(codeIdentifiers(literal)).toEqual([]);
    }
  });
});
