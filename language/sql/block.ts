/**
 * The typed shape of a tool's `sql` block (spec language: `$defs/sqlBlock` in
 * specs/toolspec.schema.json). The spec schema validates the raw data before the IR is
 * built, so the IR keeps it as JSON (`RequestIR.encodingSpec`) and consumers view it
 * through these types. Identifiers written in the spec are static names
 * (`INFORMATION_SCHEMA.COLUMNS`, `rc.CONSTRAINT_NAME`); every value comes from an input.
 */
import type { JsonValue } from '../ir/ir.js';

/** Comparison operators a `where` condition may use (emitted verbatim, upper-cased). */
export const SQL_OPERATORS = ['=', '<>', '<', '<=', '>', '>=', 'like', 'ilike'] as const;
export type SqlOperator = (typeof SQL_OPERATORS)[number];

/** A static, dotted name from the spec (`INFORMATION_SCHEMA.TABLES`, `tc.TABLE_NAME`). */
export type SqlName = string;

export interface SqlTableRef {
  readonly table: SqlName;
  /** Alias, quoted like any identifier. */
  readonly as?: string;
}

export interface SqlJoin extends SqlTableRef {
  /** Equality pairs `[left, right]` joined with AND. */
  readonly on: readonly (readonly [SqlName, SqlName])[];
  /** JSON-e condition over the inputs; the join is emitted only when it holds. */
  readonly when?: string;
}

export interface SqlCondition {
  readonly column: SqlName;
  readonly op: SqlOperator;
  /** Input whose value is bound; the condition is dropped when the input is absent. */
  readonly input?: string;
  /** A constant bound value (instead of `input`). */
  readonly value?: string | number | boolean;
  readonly when?: string;
}

export interface SqlSelect {
  readonly select: readonly SqlName[];
  readonly from: SqlName | SqlTableRef;
  readonly join?: readonly SqlJoin[];
  readonly where?: readonly SqlCondition[];
  readonly order_by?: readonly SqlName[];
  /** Input holding the row limit, bound as an integer; no LIMIT when absent. */
  readonly limit?: string;
}

/** One clause of a SHOW command: fixed keywords plus at most one operand taken from inputs. */
export interface SqlShowClause {
  /** Upper-case keywords, e.g. `SCHEMAS`, `IN DATABASE`, `LIKE`. */
  readonly text?: string;
  /** Input -> one quoted identifier. */
  readonly ident?: string;
  /** Inputs -> dotted quoted name of the present parts; needs the last part. */
  readonly qualified?: readonly string[];
  /** Input holding a dotted name (`db.schema."My.Table"`) -> each part quoted. */
  readonly name?: string;
  /** Input -> escaped single-quoted string literal (SHOW cannot take bind variables). */
  readonly literal?: string;
  /** Input holding SQL keywords (letters, `_` and spaces) -> upper-cased keywords. */
  readonly keyword?: string;
  readonly when?: string;
}

export interface SqlShow {
  readonly show: readonly SqlShowClause[];
}

export type SqlBlock = SqlSelect | SqlShow;

export function isShow(block: SqlBlock): block is SqlShow {
  return 'show' in block;
}

/** View validated IR data as a SQL block. */
export function asSqlBlock(spec: JsonValue): SqlBlock {
  return spec as unknown as SqlBlock;
}

/** Every input a block refers to (operands, conditions, limit), for lint. */
export function referencedInputs(block: SqlBlock): string[] {
  const names: string[] = [];
  if (isShow(block)) {
    for (const c of block.show) {
      for (const n of [c.ident, c.name, c.literal, c.keyword, ...(c.qualified ?? [])]) if (n) names.push(n);
    }
  } else {
    for (const w of block.where ?? []) if (w.input) names.push(w.input);
    if (block.limit) names.push(block.limit);
  }
  return [...new Set(names)];
}

/** Every `when` expression of a block, for lint. */
export function conditions(block: SqlBlock): string[] {
  const parts: readonly { readonly when?: string }[] = isShow(block)
    ? block.show
    : [...(block.join ?? []), ...(block.where ?? [])];
  return parts.map((p) => p.when).filter((w): w is string => typeof w === 'string');
}
