/**
 * Compile a tool's `sql` block and its inputs into a Snowflake SQL API statement with
 * positional bindings. The safety rules are structural, not best-effort:
 *
 * - every identifier, static or from an input, is emitted double-quoted with inner `"` doubled;
 * - in SELECT statements every input value travels in `bindings` (`?` placeholders), never in the text;
 * - SHOW commands cannot take bind variables, so LIKE patterns are single-quoted literals with
 *   `'` doubled and `\` escaped, and keyword operands must be plain words;
 * - the only text the spec itself contributes is schema-checked keywords and names.
 */

import {
  evaluateTemplates,
  HELPERS,
  type Helpers,
  isShow,
  sqlIdent as quoteIdent,
  sqlLiteral as quoteLiteral,
  type SqlBlock,
  type SqlSelect,
  type SqlShow,
  type SqlTableRef,
} from '@toolspec/language';
import { ToolError } from '../errors.js';

export interface SqlBinding {
  readonly type: 'TEXT' | 'FIXED' | 'REAL' | 'BOOLEAN';
  readonly value: string;
}

export interface CompiledSql {
  readonly statement: string;
  /** Keyed by 1-based position as a string, as the SQL API wants; empty when nothing is bound. */
  readonly bindings: Readonly<Record<string, SqlBinding>>;
}

type Inputs = Readonly<Record<string, unknown>>;

const quotedNames = new Map<string, string>();

/**
 * A static dotted spec name (`INFORMATION_SCHEMA.TABLES`) -> `"INFORMATION_SCHEMA"."TABLES"`;
 * quoted once per name (the names come from specs, so the cache is bounded by them).
 */
function staticName(name: string): string {
  let quoted = quotedNames.get(name);
  if (quoted === undefined) {
    quoted = name.split('.').map(quoteIdent).join('.');
    quotedNames.set(name, quoted);
  }
  return quoted;
}

/**
 * Parse a caller's dotted object name: parts separated by `.`; a part in double quotes may
 * contain dots and doubled quotes. Returns the parts unquoted, or null when malformed.
 */
export function parseDottedName(text: string): string[] | null {
  const parts: string[] = [];
  let i = 0;
  while (i <= text.length) {
    let part = '';
    if (text[i] === '"') {
      let j = i + 1;
      for (;;) {
        if (j >= text.length) return null;
        if (text[j] === '"') {
          if (text[j + 1] === '"') {
            part += '"';
            j += 2;
            continue;
          }
          break;
        }
        part += text[j];
        j++;
      }
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && text[j] !== '.' && text[j] !== '"') j++;
      part = text.slice(i, j).trim();
      i = j;
      if (text[i] === '"') return null;
    }
    if (part === '') return null;
    parts.push(part);
    if (i >= text.length) break;
    if (text[i] !== '.') return null;
    i++;
    if (i >= text.length) return null;
  }
  return parts;
}

const KEYWORDS = /^[A-Za-z_]+( [A-Za-z_]+)*$/;

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** The templates of each set of conditions asked so far, by their expressions (`conditionTemplates`). */
const asked = new Map<string, readonly unknown[]>();
const MAX_ASKED = 1024;

/**
 * The `{$eval}` templates of `whens`, the same array (and objects) each time the same conditions
 * are asked: what the template evaluator keeps per template (the names it reads, its presence
 * folding) is then worked out once, not on every call.
 */
function conditionTemplates(whens: readonly string[]): readonly unknown[] {
  const key = whens.join('\u0000');
  let templates = asked.get(key);
  if (!templates) {
    if (asked.size >= MAX_ASKED) asked.clear();
    templates = Object.freeze(whens.map((w) => Object.freeze({ $eval: w })));
    asked.set(key, templates);
  }
  return templates;
}

/**
 * Whether each condition holds (no condition: it does), all evaluated in one JSON-e render. JSON-e
 * truthiness: false, null, 0, '', [] and {} are false.
 */
function truths(
  whens: readonly (string | undefined)[],
  inputs: Inputs,
  tool: string,
  helpers: Helpers,
): boolean[] {
  const out = whens.map(() => true);
  const indices = whens.flatMap((w, i) => (w === undefined ? [] : [i]));
  if (indices.length === 0) return out;
  const values = evaluateTemplates(
    conditionTemplates(indices.map((i) => whens[i] as string)),
    inputs,
    helpers,
    (k, e) =>
      new ToolError({
        code: 'invalid_input',
        tool,
        field: 'sql',
        expected: 'inputs the sql block conditions can evaluate',
        message: `${tool}: the sql condition "${whens[indices[k] as number]}" could not be evaluated: ${e.message}`,
      }),
  );
  indices.forEach((i, k) => {
    const v = values[k];
    out[i] = Array.isArray(v)
      ? v.length > 0
      : v !== null && typeof v === 'object'
        ? Object.keys(v).length > 0
        : Boolean(v);
  });
  return out;
}

function bindingOf(value: unknown): SqlBinding {
  if (typeof value === 'boolean') return { type: 'BOOLEAN', value: String(value) };
  if (typeof value === 'number') {
    return Number.isInteger(value)
      ? { type: 'FIXED', value: String(value) }
      : { type: 'REAL', value: String(value) };
  }
  return { type: 'TEXT', value: String(value) };
}

function tableRef(ref: string | SqlTableRef): string {
  const r = typeof ref === 'string' ? { table: ref } : ref;
  return r.as ? `${staticName(r.table)} AS ${quoteIdent(r.as)}` : staticName(r.table);
}

/** The text of a SELECT block that does not depend on the inputs, made once per block (blocks come from the frozen IR). */
interface SelectText {
  /** `SELECT <columns> FROM <table>` */
  readonly head: string;
  readonly joins: readonly { readonly when: string | undefined; readonly text: string }[];
  /** Each condition's `<column> <OP> ` before its placeholder. */
  readonly where: readonly string[];
  /** ` ORDER BY ...`, or ''. */
  readonly orderBy: string;
}

const selectTexts = new WeakMap<SqlSelect, SelectText>();

function selectText(block: SqlSelect): SelectText {
  let t = selectTexts.get(block);
  if (!t) {
    t = {
      head: `SELECT ${block.select.map(staticName).join(', ')} FROM ${tableRef(block.from)}`,
      joins: (block.join ?? []).map((j) => ({
        when: j.when,
        text: ` JOIN ${tableRef(j)} ON ${j.on.map(([l, r]) => `${staticName(l)} = ${staticName(r)}`).join(' AND ')}`,
      })),
      where: (block.where ?? []).map((w) => `${staticName(w.column)} ${w.op.toUpperCase()} `),
      orderBy:
        block.order_by && block.order_by.length > 0
          ? ` ORDER BY ${block.order_by.map(staticName).join(', ')}`
          : '',
    };
    selectTexts.set(block, t);
  }
  return t;
}

function compileSelect(block: SqlSelect, inputs: Inputs, tool: string, helpers: Helpers): CompiledSql {
  const bindings: Record<string, SqlBinding> = {};
  let bound = 0;
  const bind = (value: unknown): string => {
    bound += 1;
    bindings[String(bound)] = bindingOf(value);
    return '?';
  };
  const text = selectText(block);
  let sql = text.head;
  const conditions = block.where ?? [];
  const values = conditions.map((w) => (w.input !== undefined ? inputs[w.input] : w.value));
  // A condition whose value is absent is left out before its `when` is asked (it may read that value).
  const holds = truths(
    [
      ...text.joins.map((j) => j.when),
      ...conditions.map((w, i) => (present(values[i]) ? w.when : undefined)),
    ],
    inputs,
    tool,
    helpers,
  );
  text.joins.forEach((j, i) => {
    if (holds[i]) sql += j.text;
  });
  let where = '';
  for (let i = 0; i < conditions.length; i++) {
    const value = values[i];
    if (!present(value) || !holds[text.joins.length + i]) continue;
    where += `${where === '' ? ' WHERE ' : ' AND '}${text.where[i]}${bind(value)}`;
  }
  sql += where + text.orderBy;
  if (block.limit !== undefined && present(inputs[block.limit])) {
    const n = inputs[block.limit];
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
      throw new ToolError({
        code: 'invalid_input',
        tool,
        field: block.limit,
        expected: 'a non-negative integer',
        message: `${tool}: ${block.limit} must be a non-negative integer`,
      });
    }
    sql += ` LIMIT ${bind(n)}`;
  }
  return { statement: sql, bindings };
}

function compileShow(block: SqlShow, inputs: Inputs, tool: string, helpers: Helpers): CompiledSql {
  const words: string[] = ['SHOW'];
  const bad = (field: string, expected: string) =>
    new ToolError({
      code: 'invalid_input',
      tool,
      field,
      expected,
      message: `${tool}: ${field} must be ${expected}`,
    });
  const holds = truths(
    block.show.map((c) => c.when),
    inputs,
    tool,
    helpers,
  );
  for (const [i, c] of block.show.entries()) {
    if (!holds[i]) continue;
    let operand: string | null = null;
    if (c.ident !== undefined) {
      const v = inputs[c.ident];
      if (!present(v)) continue;
      operand = quoteIdent(String(v));
    } else if (c.qualified !== undefined) {
      const last = c.qualified[c.qualified.length - 1];
      if (last === undefined || !present(inputs[last])) continue;
      operand = c.qualified
        .map((n) => inputs[n])
        .filter(present)
        .map((v) => quoteIdent(String(v)))
        .join('.');
    } else if (c.name !== undefined) {
      const v = inputs[c.name];
      if (!present(v)) continue;
      const parts = parseDottedName(String(v));
      if (!parts) throw bad(c.name, 'a dotted object name such as db.schema.table (quote parts with ")');
      operand = parts.map(quoteIdent).join('.');
    } else if (c.literal !== undefined) {
      const v = inputs[c.literal];
      if (!present(v)) continue;
      operand = quoteLiteral(String(v));
    } else if (c.keyword !== undefined) {
      const v = inputs[c.keyword];
      if (!present(v)) continue;
      const s = String(v).trim();
      if (!KEYWORDS.test(s)) throw bad(c.keyword, 'SQL keywords (letters, _ and single spaces)');
      operand = s.toUpperCase();
    }
    if (c.text) words.push(c.text);
    if (operand !== null) words.push(operand);
  }
  return { statement: words.join(' '), bindings: {} };
}

/** Compile a block against a tool's validated inputs (absent optional inputs are undefined). */
export function compileSql(
  block: SqlBlock,
  inputs: Inputs,
  tool: string,
  helpers: Helpers = HELPERS,
): CompiledSql {
  return isShow(block)
    ? compileShow(block, inputs, tool, helpers)
    : compileSelect(block, inputs, tool, helpers);
}
