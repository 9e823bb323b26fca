/**
 * What a TypeScript (or JavaScript) module imports, read with TypeScript's parser: every module
 * specifier of its import and export declarations (type-only ones too: a declaration file keeps
 * them), of `import('…')` calls and `import type` expressions, and of `require('…')` calls.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import ts from 'typescript';

export interface ModuleImports {
  /** Specifiers of import/export declarations (`type` ones included). */
  readonly declared: readonly string[];
  /** Specifiers of `import('…')` calls and `import('…')` types. */
  readonly dynamic: readonly string[];
  /** Specifiers of `require('…')` calls. */
  readonly required: readonly string[];
}

export function moduleImports(file: string, text: string = readFileSync(file, 'utf8')): ModuleImports {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const declared: string[] = [];
  const dynamic: string[] = [];
  const required: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      declared.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.arguments.length === 1) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) {
        if (node.expression.kind === ts.SyntaxKind.ImportKeyword) dynamic.push(arg.text);
        else if (ts.isIdentifier(node.expression) && node.expression.text === 'require')
          required.push(arg.text);
      }
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      dynamic.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(src);
  return { declared, dynamic, required };
}

/** The package a bare specifier names (`@scope/name` or `name`), or null for a relative path or a Node builtin. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
  return builtinModules.includes(name) ? null : name;
}
