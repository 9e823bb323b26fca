/** The generated IR snapshot is the shipped specs' IR, used only while it matches them byte for byte. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { specs as setsSpecs } from '@toolspec/sets';
import { describe, expect, it } from 'vitest';
import { loadShippedSpecs, packageRoot, shippedSpecFiles } from '../../cli/shipped.js';
import { type loadSpecs, loadSpecTexts } from '../../language/load.js';
import { loadSnapshot, readSnapshot, serializeSnapshot } from '../../language/snapshot.js';
import { readSpecTexts } from '../../language/spec-texts.js';
import { GENERATED_DIR } from '../support/paths.js';

const SNAPSHOT_PATH = join(GENERATED_DIR, 'ir.json');
const texts = readSpecTexts(shippedSpecFiles(), packageRoot());
const full = loadSpecTexts(texts).ir;

/** Plain data of an IR (the by-name index rebuilt as an object) for deep comparison. */
function data(ir: ReturnType<typeof loadSpecs> | null) {
  return ir && { sets: ir.sets, tools: ir.tools, byName: Object.fromEntries(ir.byName) };
}

describe('IR snapshot (generated/ir.json)', () => {
  it('is current for the shipped specs and equals the fully loaded IR', () => {
    expect(full).not.toBeNull();
    const snap = readSnapshot(texts, SNAPSHOT_PATH);
    expect(snap, 'generated/ir.json is stale: run npm run generate').not.toBeNull();
    expect(data(snap)).toEqual(data(full));
    expect(Object.isFrozen(snap?.tools[0]?.inputs)).toBe(true);
  });

  it('is what the CLI loads for the shipped specs, and what @toolspec/sets serves without YAML', () => {
    expect(data(loadShippedSpecs())).toEqual(data(full));
    expect(data(setsSpecs())).toEqual(data(full));
    expect(data(loadSnapshot(SNAPSHOT_PATH))).toEqual(data(full));
  });

  it('is ignored when any spec text differs from the one it was built from', () => {
    const edited = texts.map((t, i) => (i === 0 ? { ...t, text: `${t.text}\n# edited\n` } : t));
    expect(readSnapshot(edited, SNAPSHOT_PATH)).toBeNull();
    expect(readSnapshot(texts.slice(1), SNAPSHOT_PATH)).toBeNull();
  });

  it('is ignored when missing, unreadable or of another format', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolspec-snapshot-'));
    expect(readSnapshot(texts, join(dir, 'absent.json'))).toBeNull();
    writeFileSync(join(dir, 'broken.json'), '{"format": 1, "sets": [');
    expect(readSnapshot(texts, join(dir, 'broken.json'))).toBeNull();
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ format: 99, sets: [] }));
    expect(readSnapshot(texts, join(dir, 'other.json'))).toBeNull();
  });

  it('round-trips through serialization without losing anything', () => {
    if (!full) throw new Error('shipped specs do not load');
    const dir = mkdtempSync(join(tmpdir(), 'toolspec-snapshot-'));
    const path = join(dir, 'ir.json');
    writeFileSync(path, serializeSnapshot(full, 'test'));
    expect(data(readSnapshot(texts, path))).toEqual(data(full));
  });
});
