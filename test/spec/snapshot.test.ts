/** The generated IR snapshot is the shipped specs' IR, used only while it matches them byte for byte. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { specs as setsSpecs } from '@toolspec/sets';
import { snapshotJson } from '@toolspec/sets/ir';
import { describe, expect, it } from 'vitest';
import { loadShippedSpecs, packageRoot, shippedSpecFiles } from '../../cli/shipped.js';
import { snapshotJsonOf } from '../../generator/emitters/ir-snapshot.js';
import { type loadSpecs, loadSpecTexts } from '../../language/load/load.js';
import { readSnapshot, serializeSnapshot, specFromSnapshot } from '../../language/load/snapshot.js';
import { readSpecTexts } from '../../language/load/spec-texts.js';
import { GENERATED_DIR } from '../support/paths.js';

const texts = readSpecTexts(shippedSpecFiles(), packageRoot());
const full = loadSpecTexts(texts).ir;
const snapshot = JSON.parse(snapshotJson) as unknown;

/** Plain data of an IR (the by-name index rebuilt as an object) for deep comparison. */
function data(ir: ReturnType<typeof loadSpecs> | null) {
  return ir && { sets: ir.sets, tools: ir.tools, byName: Object.fromEntries(ir.byName) };
}

describe('IR snapshot (generated/ir.ts)', () => {
  it('is current for the shipped specs and equals the fully loaded IR', () => {
    expect(full).not.toBeNull();
    const snap = readSnapshot(texts, snapshot);
    expect(snap, 'generated/ir.ts is stale: run npm run generate').not.toBeNull();
    expect(data(snap)).toEqual(data(full));
    expect(Object.isFrozen(snap?.tools[0]?.inputs)).toBe(true);
  });

  it('is what the CLI loads for the shipped specs, and what @toolspec/sets serves without YAML', () => {
    expect(data(loadShippedSpecs())).toEqual(data(full));
    expect(data(setsSpecs())).toEqual(data(full));
    expect(data(specFromSnapshot(snapshot))).toEqual(data(full));
  });

  it('is the JSON text the generator reads back from the module it wrote', () => {
    const source = readFileSync(join(GENERATED_DIR, 'ir.ts'), 'utf8');
    expect(snapshotJsonOf(source)).toBe(snapshotJson);
    expect(snapshotJsonOf('export const other = 1;\n')).toBeNull();
  });

  it('is ignored when any spec text differs from the one it was built from', () => {
    const edited = texts.map((t, i) => (i === 0 ? { ...t, text: `${t.text}\n# edited\n` } : t));
    expect(readSnapshot(edited, snapshot)).toBeNull();
    expect(readSnapshot(texts.slice(1), snapshot)).toBeNull();
  });

  it('is ignored when missing or of another format', () => {
    expect(readSnapshot(texts, undefined)).toBeNull();
    expect(readSnapshot(texts, null)).toBeNull();
    expect(readSnapshot(texts, { format: 99, sets: [] })).toBeNull();
    expect(() => specFromSnapshot({ format: 99, sets: [] })).toThrow(/not a toolspec IR snapshot/);
  });

  it('round-trips through serialization without losing anything', () => {
    if (!full) throw new Error('shipped specs do not load');
    expect(data(readSnapshot(texts, JSON.parse(serializeSnapshot(full))))).toEqual(data(full));
  });
});
