/**
 * Safe YAML parsing with source positions. Refuses alias bombs, duplicate keys and
 * prototype-polluting keys; maps any JSON pointer back to a line and column.
 */
import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { Diagnostic } from '../check/diagnostics.js';
import { pointerOf, pointerTokens } from '../ir/json-pointer.js';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Alias expansion cap: a real spec needs few aliases; billion-laughs needs many. */
export const MAX_ALIAS_COUNT = 50;

export interface YamlSource {
  readonly file: string;
  readonly data: unknown;
  /** Position of the node at `pointer`, or of its nearest existing ancestor. */
  locate(pointer: string): { line: number; column: number };
}

export function parseYamlSource(file: string, text: string, diagnostics: Diagnostic[]): YamlSource | null {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, merge: false });
  const at = (offset: number) => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const push = (code: string, message: string, offset: number, pointer = '') =>
    diagnostics.push({ file, ...at(offset), pointer, severity: 'error', code, message });

  // After the first syntax error the rest cascade from it: report it and every duplicate key.
  let syntaxReported = false;
  for (const e of doc.errors) {
    const duplicate = e.code === 'DUPLICATE_KEY';
    if (!duplicate && syntaxReported) continue;
    syntaxReported ||= !duplicate;
    push(duplicate ? 'duplicate_key' : 'yaml_syntax', e.message.split('\n')[0] ?? e.message, e.pos[0]);
  }
  if (doc.errors.length > 0) return null;

  let bad = false;
  let aliases = 0;
  let firstAlias = 0;
  const walk = (node: unknown, path: (string | number)[]) => {
    if (isAlias(node)) {
      if (aliases++ === 0) firstAlias = node.range?.[0] ?? 0;
      return;
    }
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        if (FORBIDDEN_KEYS.has(key)) {
          bad = true;
          const offset = isNode(pair.key) && pair.key.range ? pair.key.range[0] : 0;
          push(
            'forbidden_key',
            `key "${key}" is not allowed (prototype pollution)`,
            offset,
            pointerOf([...path, key]),
          );
        }
        walk(pair.value, [...path, key]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        walk(item, [...path, i]);
      });
    }
  };
  walk(doc.contents, []);
  if (bad) return null;

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    push(
      'alias_limit',
      `alias expansion refused: ${(e as Error).message} (${aliases} aliases, at most ${MAX_ALIAS_COUNT} expansions)`,
      firstAlias,
    );
    return null;
  }

  const locate = (pointer: string) => {
    const segments = pointerTokens(pointer);
    let node: unknown = doc.contents;
    let best: Node | null = isNode(node) ? node : null;
    for (const seg of segments) {
      let next: unknown;
      if (isMap(node)) {
        const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === seg);
        next = pair?.value ?? undefined;
        if (pair && next === null && isNode(pair.key)) next = pair.key;
      } else if (isSeq(node)) {
        next = node.items[Number(seg)];
      }
      if (!isNode(next)) break;
      node = next;
      best = next;
    }
    return at(best?.range?.[0] ?? 0);
  };
  return { file, data, locate };
}
