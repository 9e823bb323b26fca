/**
 * Lint of a tool's `sql` block (encoding `sql`): what the spec schema cannot see. Input
 * references must name inputs, a SHOW clause carries at most one operand, `when`
 * conditions call only known functions, and the limit input is an integer.
 */

import type { SourceLoc, ToolIR } from '../ir/ir.js';
import { asSqlBlock, conditions, isShow, referencedInputs } from '../sql/block.js';
import { unknownFunctions } from '../template/template.js';
import type { Severity } from './diagnostics.js';

type Report = (loc: SourceLoc, code: string, message: string, severity?: Severity) => void;

const OPERANDS = ['ident', 'qualified', 'name', 'literal', 'keyword'] as const;

export function lintSqlBlock(tool: ToolIR, at: (suffix: string) => SourceLoc, report: Report): void {
  const spec = tool.request.encodingSpec;
  if (tool.request.encoding !== 'sql' || spec === null) return;
  const t = tool.name;
  const block = asSqlBlock(spec);
  const byName = new Map(tool.inputs.map((i) => [i.name, i]));

  for (const name of referencedInputs(block)) {
    const input = byName.get(name);
    if (!input) {
      report(
        at('/sql'),
        'sql_unknown_input',
        `${t}: the sql block uses input "${name}", which is not an input`,
      );
    } else if (input.in !== 'none') {
      report(
        input.loc,
        'sql_input_placed',
        `${t}.${name}: used by the sql block, so it should be "in: none" (it is also sent as ${input.in} "${input.as}")`,
        'warning',
      );
    }
  }
  for (const when of conditions(block)) {
    for (const fn of unknownFunctions({ $if: when })) {
      report(at('/sql'), 'unknown_helper', `${t}: sql condition "${when}" calls unknown function "${fn}"`);
    }
  }
  if (isShow(block)) {
    block.show.forEach((clause, i) => {
      const operands = OPERANDS.filter((k) => clause[k] !== undefined);
      if (operands.length > 1) {
        report(
          at(`/sql/show/${i}`),
          'sql_clause_operands',
          `${t}: sql.show[${i}] has ${operands.join(' and ')}; a clause takes at most one operand`,
        );
      }
      const kw = clause.keyword === undefined ? undefined : byName.get(clause.keyword);
      if (kw && kw.schema.enum === undefined && kw.schema.pattern === undefined) {
        report(
          kw.loc,
          'sql_keyword_unconstrained',
          `${t}.${kw.name}: used as SQL keywords by sql.show[${i}], so give it an enum or a pattern (it is refused at call time otherwise)`,
          'warning',
        );
      }
      if (operands.length === 0 && !clause.text) {
        report(
          at(`/sql/show/${i}`),
          'sql_empty_clause',
          `${t}: sql.show[${i}] has neither text nor an operand`,
        );
      }
    });
  } else if (block.limit) {
    const type = byName.get(block.limit)?.schema.type;
    if (type !== undefined && type !== 'integer') {
      report(
        at('/sql/limit'),
        'sql_limit_not_integer',
        `${t}: sql.limit names "${block.limit}", whose type is ${JSON.stringify(type)}; expected "integer"`,
      );
    }
  }
}
