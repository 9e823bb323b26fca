/**
 * Schema conformance report for agent clients, per set (`<set>/conformance.json`): every rule
 * violation of every tool's input schema, whether a strict-mode variant was emitted, and the
 * approximate size in tokens. `conformance.md` summarises every set for people.
 */

import type { SpecIR, ToolSetIR } from '@toolspec/language';
import Handlebars from 'handlebars';
import { analyzeTool, TOKEN_METHOD } from '../conformance/analyze.js';
import { RULES } from '../conformance/rules.js';
import { jsonFile } from '../json.js';
import { markdownHeader, provenanceText } from '../provenance.js';
import { sourcesOf } from '../sets.js';
import type { EmitOptions, Emitter, GeneratedFile } from '../types.js';
import { schemaPath } from './schemas.js';

export function setReport(set: ToolSetIR) {
  const tools = set.tools.map((tool) => {
    const c = analyzeTool(tool);
    return {
      name: tool.name,
      approxTokens: c.approxTokens,
      strict: c.strictSchema ? 'variant' : 'conforms',
      strictSchema: c.strictSchema
        ? schemaPath(set.name, tool.name, 'input.strict').slice(set.name.length + 1)
        : null,
      strictApproxTokens: c.strictApproxTokens,
      strictResidue: c.strictResidue,
      violations: c.violations,
    };
  });
  const count = (severity: string) =>
    tools.reduce((n, t) => n + t.violations.filter((v) => v.severity === severity).length, 0);
  return {
    set: set.name,
    tokenMethod: TOKEN_METHOD,
    summary: {
      tools: tools.length,
      errors: count('error'),
      strictViolations: count('strict'),
      warnings: count('warning'),
      strictVariants: tools.filter((t) => t.strict === 'variant').length,
      strictVariantsNotConforming: tools.filter((t) => t.strictResidue.length > 0).length,
      approxTokensTotal: tools.reduce((n, t) => n + t.approxTokens, 0),
      approxTokensMax: tools.reduce((n, t) => Math.max(n, t.approxTokens), 0),
    },
    tools,
  };
}

const SUMMARY = Handlebars.compile(
  `{{{header}}}
# Schema conformance for agent clients

Every tool's public input schema checked against the rules strict clients enforce. Rules marked
**error** are hard limits: \`toolspec generate\` and \`generate --check\` fail on them. Rules marked
**strict** are OpenAI strict-mode requirements; where a schema breaks one, a strict variant
(\`<set>/schemas/<tool>.input.strict.json\`: optional inputs required and nullable, unsupported
keywords dropped and described) is emitted instead. Callers using a strict variant send \`null\`
for inputs they omit; drop null-valued optional inputs before validating against the plain schema.

{{tokenMethod}}

| rule | severity | profile | what it asks |
| --- | --- | --- | --- |
{{#each rules}}
| \`{{id}}\` | {{severity}} | {{profile}} | {{summary}} |
{{/each}}

| set | tools | errors | strict violations | strict variants | variants not conforming | tokens (total) | tokens (max) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
{{#each sets}}
| {{set}} | {{summary.tools}} | {{summary.errors}} | {{summary.strictViolations}} | {{summary.strictVariants}} | {{summary.strictVariantsNotConforming}} | {{summary.approxTokensTotal}} | {{summary.approxTokensMax}} |
{{/each}}
{{#each sets}}

## {{set}}

| tool | ~tokens | strict | errors |
| --- | ---: | --- | --- |
{{#each tools}}
| \`{{name}}\` | {{approxTokens}} | {{strict}}{{#if strictApproxTokens}} (~{{strictApproxTokens}}){{/if}} | {{#each errors}}{{rule}} at \`{{pointer}}\`: {{message}}<br>{{else}}none{{/each}} |
{{/each}}
{{/each}}
`,
  { noEscape: true },
);

function summary(ir: SpecIR, options: EmitOptions): string {
  const sets = ir.sets.map((set) => {
    const r = setReport(set);
    return {
      ...r,
      tools: r.tools.map((t) => ({ ...t, errors: t.violations.filter((v) => v.severity === 'error') })),
    };
  });
  return SUMMARY({
    header: markdownHeader(sourcesOf(ir), options),
    tokenMethod: TOKEN_METHOD,
    rules: RULES,
    sets,
  });
}

export const conformanceEmitter: Emitter = {
  name: 'conformance',
  summary: '<set>/conformance.json and conformance.md: agent-client schema conformance and token sizes',
  emit: (ir, options) => {
    const files: GeneratedFile[] = ir.sets.map((set) => ({
      path: `${set.name}/conformance.json`,
      contents: jsonFile(provenanceText([set.source], options), setReport(set)),
    }));
    if (ir.sets.length > 0) files.push({ path: 'conformance.md', contents: summary(ir, options) });
    return files;
  },
};
