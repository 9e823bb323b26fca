/** setDotPath: objects created on the way, a non-object in the way replaced, and `__proto__` an own key, never the prototype. */
import { describe, expect, it } from 'vitest';
import { setDotPath } from '../../language/ir/json-pointer.js';

describe('setDotPath', () => {
  it('creates objects on the way and replaces a non-object in the way', () => {
    const o: Record<string, unknown> = { a: 1, b: [2] };
    setDotPath(o, 'a.x', 1);
    setDotPath(o, ['b', 'y', 'z'], 2);
    setDotPath(o, 'c', 3);
    expect(o).toEqual({ a: { x: 1 }, b: { y: { z: 2 } }, c: 3 });
  });

  it('sets `__proto__` as an own key at any depth and never touches a prototype', () => {
    const o: Record<string, unknown> = {};
    setDotPath(o, '__proto__.polluted', 'yes');
    setDotPath(o, 'x.__proto__', { polluted: 'yes' });
    setDotPath(o, '__proto__.other', 1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(JSON.stringify(o)).toBe(
      '{"__proto__":{"polluted":"yes","other":1},"x":{"__proto__":{"polluted":"yes"}}}',
    );
  });
});
