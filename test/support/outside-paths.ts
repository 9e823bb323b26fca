/**
 * Finds paths in a repository file that lead outside the repository: the names of the workplace
 * beside the checkout (its shared folder as a relative path or joined from two segments, an
 * absolute path under the workplace's root; see WORKPLACE) anywhere in the text, and relative
 * paths that climb above the repository root when resolved against the file's
 * own folder. In code (TypeScript and JavaScript, parsed with the TypeScript compiler) the
 * relative paths checked are the string literals holding `../`, except those that are relative to
 * something else: the first argument of `new URL(path, base)` whose base is not `import.meta.url`,
 * and literals inside `JSON.stringify(...)` (data written elsewhere). In JSON every string value
 * holding `../` is checked, except biome's `noRestrictedImports` patterns (import specifiers matched
 * against the importing file); in shell scripts every word holding `../`.
 */
import { dirname, posix } from 'node:path';
import ts from 'typescript';

export interface OutsidePath {
  /** Repository-relative path of the file. */
  readonly file: string;
  readonly line: number;
  /** The offending text. */
  readonly text: string;
  readonly why: string;
}

const WORKPLACE: readonly { re: RegExp; why: string }[] = [
  { re: /\.\.\/shared\b/g, why: 'names the shared folder beside the checkout' },
  { re: /['"`]\.\.['"`]\s*,\s*['"`]shared['"`]/g, why: 'joins the shared folder beside the checkout' },
  { re: /(?<![\w.-])\/work\//g, why: 'an absolute path of this workplace' },
];

const CODE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;
const JSON_FILE = /\.json$/;
const SHELL = /\.sh$|^\.ci\//;

/** Whether `file` (repository-relative, POSIX separators) is source, test, script or config this checks. */
export function isChecked(file: string): boolean {
  return CODE.test(file) || JSON_FILE.test(file) || SHELL.test(file) || /\.ya?ml$/.test(file);
}

function lineOf(text: string, index: number): number {
  let n = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** Whether `path`, resolved against the folder of `file`, leaves the repository root. */
function climbsOut(file: string, path: string): boolean {
  if (!path.includes('..') || path.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(path)) return false;
  const resolved = posix.normalize(posix.join(dirname(file), path));
  return resolved === '..' || resolved.startsWith('../');
}

function isImportMetaUrl(node: ts.Node | undefined): boolean {
  return (
    node !== undefined &&
    ts.isPropertyAccessExpression(node) &&
    node.name.text === 'url' &&
    ts.isMetaProperty(node.expression)
  );
}

/** A literal whose path is relative to something other than the file itself. */
function relativeToElsewhere(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isNewExpression(parent) && parent.arguments?.[0] === node) {
    const callee = parent.expression;
    if (ts.isIdentifier(callee) && callee.text === 'URL') return !isImportMetaUrl(parent.arguments[1]);
  }
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isCallExpression(n) && n.expression.getText() === 'JSON.stringify') return true;
  }
  return false;
}

function codeLiterals(file: string, text: string): { value: string; pos: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { value: string; pos: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      node.text.includes('../') &&
      !relativeToElsewhere(node)
    )
      found.push({ value: node.text, pos: node.getStart(source) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every string value of a parsed JSON document, but those under a `noRestrictedImports` key. */
function jsonStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) jsonStrings(v, out);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (k !== 'noRestrictedImports') jsonStrings(v, out);
  return out;
}

/** JSON, or JSON with comments (tsconfig files may have them). */
function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return ts.parseConfigFileTextToJson(file, text).config as unknown;
  }
}

/** The paths of `text` (the contents of repository file `file`) that lead outside the repository. */
export function outsidePaths(file: string, text: string): OutsidePath[] {
  const found: OutsidePath[] = [];
  for (const { re, why } of WORKPLACE) {
    for (const m of text.matchAll(re)) found.push({ file, line: lineOf(text, m.index), text: m[0], why });
  }
  const relative = (value: string, pos: number) => {
    if (climbsOut(file, value))
      found.push({ file, line: lineOf(text, pos), text: value, why: 'climbs above the repository root' });
  };
  if (CODE.test(file)) for (const { value, pos } of codeLiterals(file, text)) relative(value, pos);
  else if (JSON_FILE.test(file)) {
    for (const value of jsonStrings(parseJson(file, text)))
      if (value.includes('../')) relative(value, text.indexOf(JSON.stringify(value)));
  } else if (SHELL.test(file)) {
    for (const m of text.matchAll(/[^\s'"`;|&()<>]*\.\.\/[^\s'"`;|&()<>]*/g)) relative(m[0], m.index);
  }
  return found;
}
