/** Handlebars template of a set's Markdown reference (`<set>/README.md`). Data is prepared by emitters/docs.ts. */
export const SET_DOCS_TEMPLATE = `{{{header}}}
# {{set.title}} (\`{{set.name}}\`)

{{set.description}}

- Spec: \`{{set.source}}\`
- Server: \`{{set.server.url}}\`{{#each set.server.variables}}
  - \`{{name}}\`: {{description}}{{#if default}} (default \`{{default}}\`){{/if}}{{/each}}
- Auth: {{set.auth.kind}}
- Tools: {{tools.length}}

| tool | title | effects |
| --- | --- | --- |
{{#each tools}}
| [\`{{name}}\`](#{{anchor}}) | {{title}} | {{effects}} |
{{/each}}
{{#each tools}}

## {{name}}

**{{title}}.** {{description}}

- Effects: {{effects}}; {{#if idempotent}}idempotent{{else}}not idempotent{{/if}}{{#if destructive}}; destructive{{/if}}
- Request: \`{{method}} {{path}}\`{{#if paging}}
- Paging: {{paging}}{{/if}}{{#if handler}}
- Escape-hatch handler: \`{{handler}}\` (custom-handlers.ts){{/if}}
- Types: \`{{inputType}}\`, \`{{outputType}}\`; handler \`{{fn}}(toolkit, input)\`
- Size: ~{{tokens}} tokens{{#if strict}} (strict-mode variant: ~{{strict}} tokens){{/if}}

{{#if inputs.length}}
| input | type | required | sent as | default | description |
| --- | --- | --- | --- | --- | --- |
{{#each inputs}}
| \`{{name}}\` | {{type}} | {{required}} | {{placement}} | {{default}} | {{description}} |
{{/each}}
{{else}}
No inputs.
{{/if}}
{{#if output}}

{{output.label}}:

| field | type | always present | description |
| --- | --- | --- | --- |
{{#each output.fields}}
| \`{{name}}\` | {{type}} | {{required}} | {{description}} |
{{/each}}
{{/if}}
{{#if constraints}}

Constraints over the whole input:

\`\`\`json
{{constraints}}
\`\`\`
{{/if}}
{{#each examples}}

### Example: {{name}}

Input:

\`\`\`json
{{input}}
\`\`\`

Request:

\`\`\`http
{{request}}
\`\`\`

Response:

\`\`\`http
{{response}}
\`\`\`

Mapped output:

\`\`\`json
{{output}}
\`\`\`
{{/each}}
{{/each}}
`;
