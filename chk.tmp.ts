import { loadSpecs } from '@toolspec/language';

const ir = loadSpecs(['specs/crm.yaml', 'specs/datastore.yaml', 'specs/mail.yaml', 'specs/notes.yaml']);
const paged = ir.tools.filter((t) => t.paging);
console.log(
  'paged',
  paged.length,
  'with schema',
  paged.filter((t) => t.response.schema).length,
  'poll',
  ir.tools
    .filter((t) => t.poll)
    .map((t) => t.name)
    .join(','),
);
for (const t of paged.filter((t) => t.response.schema).slice(0, 3))
  console.log(
    t.name,
    JSON.stringify(t.response.schema).slice(0, 300),
    JSON.stringify(t.examples[0]?.output).slice(0, 200),
  );
const types = new Map();
for (const t of ir.tools) {
  const s = t.response.schema;
  const k = s ? JSON.stringify(s.type) : 'none';
  types.set(k, (types.get(k) || 0) + 1);
}
console.log(types);
