/**
 * Redaction cost against the number of connections a toolkit serves (`node bench/redact.mjs`,
 * after `npm run build`). N connections, each with an API key and an adopted OAuth rotation
 * (access and refresh token). Per call: redacting a clean 1 KB error text and a clean 50-item
 * result with the call's connection's secrets; after a rotation of that connection: the first
 * redaction (the matcher is rebuilt). `--module <file>` loads `Secrets` from another build
 * (e.g. an older runtime/dist/redact.js): without `Secrets#child` every connection's secrets go
 * into one shared list, as before per-connection scopes.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { module: { type: 'string' } } });
const { Secrets } = values.module
  ? await import(pathToFileURL(values.module).href)
  : await import('@toolspec/runtime');

const COUNTS = [10, 100, 1000, 5000];
const key = (i) => `key-${i}-${Buffer.from(`k${i * 7919}`).toString('base64url')}abcdefghijkl`;
const access = (i, r) => `at/${i}+${r}=${Buffer.from(`a${i}`).toString('base64url')}mnopqrst`;
const refresh = (i, r) => `rt/${i}+${r}=${Buffer.from(`r${i}`).toString('base64url')}uvwxyz01`;

const text = 'the vendor answered 422: field "name" is invalid at /v1/items?limit=50&q=a%20b '.repeat(13);
const result = {
  items: Array.from({ length: 50 }, (_, i) => ({
    id: `id-${i}`,
    name: `Item ${i}`,
    url: `https://api.example.test/v1/items/${i}?view=full%2Bmeta`,
    note: 'a description of moderate length for this item',
  })),
  next_cursor: null,
  has_more: false,
};

function perCallUs(f, n, warmup = 50) {
  for (let i = 0; i < warmup; i++) f();
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) f();
  return Number(process.hrtime.bigint() - t) / n / 1000;
}

function scenario(n) {
  const deployment = new Secrets();
  deployment.add('deployment-token-0123456789');
  const scoped = typeof deployment.child === 'function';
  const conns = [];
  for (let i = 0; i < n; i++) {
    const s = scoped ? deployment.child() : deployment;
    s.add(key(i));
    // An adopted rotation: before scopes, adoption added to the permanent list.
    const rotate = scoped ? (v) => s.addRotating(v) : (v) => s.add(v);
    rotate(access(i, 0));
    rotate(refresh(i, 0));
    conns.push({ s, rotate });
  }
  const one = conns[n >> 1];
  const output = (v) => (one.s.redactOutput ? one.s.redactOutput(v) : one.s.redactValue(v));
  const textUs = perCallUs(() => one.s.redactText(text), 2000);
  const resultUs = perCallUs(() => output(result), 500);
  let r = 1;
  const rotationMs =
    perCallUs(
      () => {
        one.rotate(access(n >> 1, r++));
        one.s.redactText(text);
      },
      n >= 1000 ? 3 : 20,
      1,
    ) / 1000;
  return { n, textUs, resultUs, rotationMs, layout: scoped ? 'per connection' : 'one shared list' };
}

scenario(10); // warm-up: compile the code paths once
console.log(
  'connections | layout          | error text µs | 50-item result µs | first redaction after a rotation ms',
);
for (const n of COUNTS) {
  const s = scenario(n);
  console.log(
    `${String(s.n).padStart(11)} | ${s.layout.padEnd(15)} | ${s.textUs.toFixed(1).padStart(13)} | ${s.resultUs.toFixed(1).padStart(17)} | ${s.rotationMs.toFixed(2).padStart(10)}`,
  );
}
