/**
 * The TypeScript declarations code mode's search answers: printed from the IR's schemas, they
 * compile (strict), a typical program written against them type-checks, and a program that gets an
 * input wrong does not — so they are precise enough to catch mistakes, not just `any`.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import { typeOf } from '../../code/declarations.js';
import { toolDeclarations } from '../../code/index.js';

const ir = loadShippedSpecs();

/** The compiler's errors for `program` (the body of an async function) under `declarations`. */
function typeErrors(declarations: string, program: string): string[] {
  const file = 'program.ts';
  const text = `${declarations}\nexport async function main() {\n${program}\n}\n`;
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) =>
    name === file ? ts.createSourceFile(file, text, version) : read(name, version);
  const prog = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(prog).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const tools = (...names: string[]) => names.map((n) => ir.byName.get(n)!);

describe('toolDeclarations', () => {
  const decls = toolDeclarations(tools('crm_list_records', 'notes_page_create', 'notes_page_get'));

  it('type-checks the code-mode program of the README', () => {
    const program = `
      const people = await tools.crm_list_records({ object: 'people', limit: 100 }, { all: true });
      const ids: string[] = [];
      for (const p of people.items) {
        const name: string = p.values.name[0].full_name;
        if (!/lovelace/i.test(name)) continue;
        const page = await tools.notes_page_create({
          parent_page_id: '5c6a2821-6bb1-4a7e-b6e1-c50111515c3d',
          properties: { title: { title: [{ text: { content: name } }] } },
        });
        ids.push(page.id);
      }
      return ids;`;
    expect(typeErrors(decls, program)).toEqual([]);
  });

  it('refuses a missing required input, a wrong type and an unknown tool', () => {
    expect(typeErrors(decls, 'await tools.crm_list_records({ limit: 10 });').join('\n')).toMatch(/object/);
    expect(
      typeErrors(decls, "await tools.crm_list_records({ object: 'people', limit: '10' });").join('\n'),
    ).toMatch(/string.*number|number/);
    expect(typeErrors(decls, 'await tools.crm_list_recordz({});').join('\n')).toMatch(/crm_list_recordz/);
    expect(
      typeErrors(decls, "await tools.crm_list_records({ object: 'people' }, { every: true });").join('\n'),
    ).toMatch(/every/);
  });

  it('documents each tool with its title, description and effects', () => {
    expect(decls).toMatch(/\/\*\*\n {3}\* List records of an object\.\n[\s\S]*Effects: read\. Paged/);
    expect(decls).toContain('notes_page_create(input: NotesPageCreateInput, options?: CallOptions)');
  });

  it('prints every tool of the shipped sets as TypeScript that compiles', () => {
    expect(typeErrors(toolDeclarations(ir.tools), 'return 1;')).toEqual([]);
  });

  it('prints schemas as types: unions, enums, nullable, open maps, a comment terminator in a description', () => {
    expect(typeOf({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeOf({ enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(typeOf({ type: 'array', items: { type: 'integer' } })).toBe('number[]');
    expect(typeOf({ type: 'object', additionalProperties: { type: 'string' } })).toBe(
      '{\n  [key: string]: string;\n}',
    );
    expect(typeOf({ type: 'object', properties: { 'a-b': { type: 'string', description: 'x */ y' } } })).toBe(
      '{\n  /** x *\\/ y */\n  "a-b"?: string;\n}',
    );
    expect(typeOf({})).toBe('unknown');
    expect(typeOf({}, '', 0, 'any')).toBe('any');
  });
});
