/**
 * json-schema-to-typescript requires prettier when it loads, and prettier's CommonJS entry at once
 * starts importing its whole ES build (about 100 ms of CPU per thread, and a process that cannot
 * exit before that import is done), though the types emitter never formats (`format: false`).
 * Imported (for its effect) before json-schema-to-typescript, this registers for prettier's
 * CommonJS entry a stand-in whose `format` loads the real prettier on first use; when prettier is
 * already loaded (or cannot be found from here), nothing changes. Bundled with
 * json-schema-to-typescript (the CLI's `generate` bundle), both resolve prettier from the bundle,
 * whose package declares it.
 */
import { createRequire, Module } from 'node:module';

/** prettier's CommonJS entry as json-schema-to-typescript resolves it, or null when it cannot be found from here. */
function prettierEntry(): { path: string; load: NodeJS.Require } | null {
  const here = createRequire(import.meta.url);
  for (const from of [() => createRequire(here.resolve('json-schema-to-typescript')), () => here]) {
    try {
      const load = from();
      return { path: load.resolve('prettier'), load };
    } catch {
      // Not installed beside this module: in a bundle, json-schema-to-typescript sits beside it.
    }
  }
  return null;
}

const entry = prettierEntry();
if (entry && !entry.load.cache[entry.path]) {
  const { path, load } = entry;
  const standIn = new Module(path);
  standIn.filename = path;
  standIn.loaded = true;
  standIn.exports = {
    format(...args: unknown[]): unknown {
      if (load.cache[path] === standIn) delete load.cache[path];
      return (load('prettier') as { format: (...a: unknown[]) => unknown }).format(...args);
    },
  };
  load.cache[path] = standIn;
}
