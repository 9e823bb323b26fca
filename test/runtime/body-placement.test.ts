/**
 * Body placement: each given input lands at its dot path, intermediate objects created (a
 * non-object in the way replaced), in declaration order, transforms applied; `__proto__` on the
 * way is an own key of the body, never the prototype.
 */
import { describe, expect, it } from 'vitest';
import type { InputIR } from '../../language/ir/ir.js';
import { placeBody } from '../../runtime/request/build.js';
import type { PlacedInput } from '../../runtime/request/plan.js';

const placedAt = (
  name: string,
  as: string,
  transform: ((v: unknown) => unknown) | null = null,
): PlacedInput => ({
  input: { name, as } as InputIR,
  name,
  as,
  asPath: as.split('.'),
  queryKey: as,
  transform,
});

const upper = (v: unknown) => String(v).toUpperCase();
const placed = [
  placedAt('a', 'x.y'),
  placedAt('b', 'x'),
  placedAt('c', 'x.z.w'),
  placedAt('d', 'p.q.r.s', upper),
  placedAt('f', 'n'),
  placedAt('g', 'n.m'),
];

describe('body placement', () => {
  it.each([
    [
      { a: 1, b: 2, c: 3, d: 'd', f: null, g: 4 },
      { x: { z: { w: 3 } }, p: { q: { r: { s: 'D' } } }, n: { m: 4 } },
    ],
    [
      { b: [1], c: 3, f: 'text', g: { deep: true } },
      { x: { z: { w: 3 } }, n: { m: { deep: true } } },
    ],
    [
      { a: { k: 1 }, c: null, d: 0 },
      { x: { y: { k: 1 }, z: { w: null } }, p: { q: { r: { s: '0' } } } },
    ],
    [{}, {}],
  ])('%j', (vars, expected) => {
    expect(placeBody(placed, vars)).toEqual(expected);
  });

  it('keeps declaration order and leaves absent inputs out', () => {
    const body = placeBody([placedAt('b', 'b'), placedAt('a', 'a'), placedAt('c', 'c')], { a: 1, b: 2 });
    expect(JSON.stringify(body)).toBe('{"b":2,"a":1}');
  });

  it('places __proto__ as an own key, never on the prototype', () => {
    const body = placeBody([placedAt('e', '__proto__.polluted')], { e: 'e' });
    expect(JSON.stringify(body)).toBe('{"__proto__":{"polluted":"e"}}');
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
