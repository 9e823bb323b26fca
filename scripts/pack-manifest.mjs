/**
 * The packed `toolspec` carries no install script. The root package.json keeps `prepare` (in a
 * checkout, `npm ci` builds the CLI with it), which npm would otherwise ship in the tarball, where
 * users' installers warn about it. npm pack (and publish) runs `prepack` before it reads the
 * manifest it packs, and `postpack` after:
 *   node scripts/pack-manifest.mjs strip    (prepack, after the build) rewrites package.json
 *                                           without its install scripts, keeping the original aside
 *   node scripts/pack-manifest.mjs restore  (postpack) puts the original back, byte for byte
 * A strip that finds an original kept aside (a pack that died before postpack) restores it first.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MANIFEST = join(ROOT, 'package.json');
const KEPT = join(ROOT, 'node_modules/.cache/toolspec-pack/package.json');
/** The lifecycle scripts npm runs when a package is installed. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare'];

function restore() {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
}

function strip() {
  restore();
  const text = readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  for (const name of INSTALL_SCRIPTS) delete manifest.scripts?.[name];
  mkdirSync(dirname(KEPT), { recursive: true });
  writeFileSync(KEPT, text);
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

const command = process.argv[2];
if (command === 'strip') strip();
else if (command === 'restore') restore();
else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore');
  process.exit(2);
}
