/**
 * A tool's body-placed inputs as one function, made once per tool: each input given (transformed
 * when it declares a transform) lands at its dot path (`body.content`), intermediate objects
 * created as needed (a non-object in the way replaced), in declaration order. The function is
 * generated, so each tool's stores happen at sites of its own instead of one loop every tool
 * shares; its source holds no spec text (every name, key and transform is an element of the
 * constants array `K`). Where the platform refuses `new Function`, the same loop runs instead.
 */
import { setDotPath } from '@toolspec/language';
import type { PlacedInput } from './plan.js';

type Vars = Readonly<Record<string, unknown>>;

/** Whether a value on the way of a dot path is replaced by an object (as setDotPath replaces it). */
const notAnObject = (v: unknown): boolean => v === null || typeof v !== 'object' || Array.isArray(v);
export type PlaceBody = (vars: Vars) => Record<string, unknown>;

/** The loop the generated function unrolls (and what runs where functions cannot be generated). */
export function placeInLoop(placed: readonly PlacedInput[]): PlaceBody {
  return (vars) => {
    const obj: Record<string, unknown> = {};
    for (const b of placed) {
      const v = vars[b.name];
      if (v !== undefined) setDotPath(obj, b.asPath, b.transform === null ? v : b.transform(v));
    }
    return obj;
  };
}

/** The statements placing one input's value `x` (already read and given) at its path in `o`. */
function placement(b: PlacedInput, k: (value: unknown) => string): string {
  const value = b.transform === null ? 'x' : `${k(b.transform)}(x)`;
  // `__proto__` on the way: setDotPath's own assignments, exactly.
  if (b.asPath.includes('__proto__')) return `S(o, ${k(b.asPath)}, ${value});`;
  const lines: string[] = [];
  let parent = 'o';
  b.asPath.slice(0, -1).forEach((segment, i) => {
    const key = k(segment);
    lines.push(`let c${i} = ${parent}[${key}];`, `if (B(c${i})) { c${i} = {}; ${parent}[${key}] = c${i}; }`);
    parent = `c${i}`;
  });
  lines.push(`${parent}[${k(b.asPath[b.asPath.length - 1])}] = ${value};`);
  return lines.join('\n');
}

/** The generated source and its constants (exported for the test that holds the source to names and operators). */
export function bodyPlacementSource(placed: readonly PlacedInput[]): {
  source: string;
  constants: unknown[];
} {
  const constants: unknown[] = [];
  const k = (value: unknown): string => {
    let i = constants.indexOf(value);
    if (i === -1) i = constants.push(value) - 1;
    return `K[${i}]`;
  };
  const lines = ['const o = {};', 'let x;'];
  for (const b of placed) lines.push(`x = v[${k(b.name)}];`, 'if (x !== undefined) {', placement(b, k), '}');
  lines.push('return o;');
  return { source: lines.join('\n'), constants };
}

/** The body-placed inputs' object builder of a tool (null when it places none in the body). */
export function bodyPlacement(placed: readonly PlacedInput[]): PlaceBody | null {
  if (placed.length === 0) return null;
  const { source, constants } = bodyPlacementSource(placed);
  try {
    const make = new Function('K', 'S', 'B', `return (v) => {\n${source}\n};`);
    return make(Object.freeze(constants), setDotPath, notAnObject) as PlaceBody;
  } catch {
    return placeInLoop(placed); // a platform without `new Function` (a strict content security policy)
  }
}
