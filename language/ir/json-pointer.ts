/** RFC 6901 JSON pointers: the one place tokens are escaped and unescaped; reading and writing parsed JSON. */

function unescapeToken(token: string): string {
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** One reference token, escaped (`b/c` -> `b~1c`). */
export function escapeToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The pointer of a path of keys (`['a', 'b/c']` -> `/a/b~1c`). */
export function pointerOf(path: readonly (string | number)[]): string {
  return path.map((p) => `/${escapeToken(p)}`).join('');
}

const cache = new Map<string, readonly string[]>();

/** The reference tokens of a pointer (`/a/b~1c` -> ['a', 'b/c']); cached, pointers come from specs. */
export function pointerTokens(pointer: string): readonly string[] {
  let tokens = cache.get(pointer);
  if (!tokens) {
    tokens = pointer === '' ? [] : pointer.replace(/^\//, '').split('/').map(unescapeToken);
    cache.set(pointer, tokens);
  }
  return tokens;
}

/** The value at `pointer`, or undefined when any step is missing. */
export function getPointer(value: unknown, pointer: string, wildcard = false): unknown {
  let cur = value;
  for (const token of pointerTokens(pointer)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    // With `wildcard` (error pointers), `*` is the first member: `/errors/*/0` of `{"errors": {"title": [...]}}`.
    if (wildcard && token === '*') cur = Array.isArray(cur) ? cur[0] : Object.values(cur)[0];
    else cur = Array.isArray(cur) ? cur[Number(token)] : (cur as Record<string, unknown>)[token];
  }
  return cur;
}

const dotCache = new Map<string, readonly string[]>();

/**
 * `obj[key] = value` as an own data property, `__proto__` included (an assignment would set the
 * prototype): what JSON-e's setProp does, and what dot paths and compiled templates set keys with.
 */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/**
 * Set `value` at a dot path (`message.subject`, or the path already split), creating objects on the
 * way (a non-object in the way is replaced). Every segment names an own key: `__proto__` is a key
 * like any other, never the prototype. Mutates `target`.
 */
export function setDotPath(
  target: Record<string, unknown>,
  path: string | readonly string[],
  value: unknown,
): void {
  let parts = typeof path === 'string' ? dotCache.get(path) : path; // split once per path: paths come from specs
  if (!parts) {
    parts = (path as string).split('.');
    dotCache.set(path as string, parts);
  }
  let cur = target;
  const last = parts.length - 1;
  for (let i = 0; i < last; i++) {
    const key = parts[i] as string;
    const next = key === '__proto__' && !Object.hasOwn(cur, key) ? undefined : cur[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) {
      const created: Record<string, unknown> = {};
      setOwn(cur, key, created);
      cur = created;
    } else {
      cur = next as Record<string, unknown>;
    }
  }
  setOwn(cur, parts[last] as string, value);
}

const isMergeable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Deep-merge `over` into `base` (objects merge key by key; anything else replaces). Returns a new value. */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (!isMergeable(base) || !isMergeable(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = Object.assign({}, base); // a spread copy takes new keys slowly on Node 20
  for (const k of Object.keys(over)) {
    const v = over[k];
    if (v === undefined) continue;
    out[k] = k in out ? deepMerge(out[k], v) : v;
  }
  return out;
}

/** A copy of `root` with `value` at `pointer` (objects created on the way; the input is not mutated). */
export function withPointer(root: unknown, pointer: string, value: unknown): unknown {
  const tokens = pointerTokens(pointer);
  const put = (node: unknown, i: number): unknown => {
    if (i === tokens.length) return value;
    const key = tokens[i] as string;
    if (Array.isArray(node)) {
      const copy = [...node];
      copy[Number(key)] = put(node[Number(key)], i + 1);
      return copy;
    }
    const obj = node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : {};
    return { ...obj, [key]: put(obj[key], i + 1) };
  };
  return put(root, 0);
}
