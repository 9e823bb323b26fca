/** Tool families: one declaration with `{{param}}` placeholders, instantiated per instance. */
import { escapeToken } from '../ir/json-pointer.js';

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export interface FamilyProblem {
  readonly pointer: string;
  readonly param: string;
}

/** Deep-substitute `{{param}}` in every string (keys included); unknown params are reported. */
export function instantiate(
  template: unknown,
  params: Readonly<Record<string, string>>,
  pointer: string,
  problems: FamilyProblem[],
): unknown {
  const sub = (s: string, at: string) =>
    s.replace(PLACEHOLDER, (whole, name: string) => {
      const v = params[name];
      if (v === undefined) {
        problems.push({ pointer: at, param: name });
        return whole;
      }
      return v;
    });
  const visit = (node: unknown, at: string): unknown => {
    if (typeof node === 'string') return sub(node, at);
    if (Array.isArray(node)) return node.map((v, i) => visit(v, `${at}/${i}`));
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [sub(k, at), visit(v, `${at}/${escapeToken(k)}`)]),
      );
    }
    return node;
  };
  return visit(template, pointer);
}
