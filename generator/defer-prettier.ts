/**
 * json-schema-to-typescript requires prettier when it loads, and prettier's CommonJS entry at once
 * starts importing its whole ES build (about 100 ms of CPU per thread, and a process that cannot
 * exit before that import is done), though the types emitter never formats (`format: false`).
 * Imported (for its effect) before json-schema-to-typescript, this registers for prettier's
 * CommonJS entry a stand-in whose `format` loads the real prettier on first use; when prettier is
 * already loaded, nothing changes.
 */
import { createRequire, Module } from 'node:module';

const fromTypes = createRequire(createRequire(import.meta.url).resolve('json-schema-to-typescript'));
const prettierPath = fromTypes.resolve('prettier');
const cache = fromTypes.cache;

if (!cache[prettierPath]) {
  const standIn = new Module(prettierPath);
  standIn.filename = prettierPath;
  standIn.loaded = true;
  standIn.exports = {
    format(...args: unknown[]): unknown {
      if (cache[prettierPath] === standIn) delete cache[prettierPath];
      return (fromTypes('prettier') as { format: (...a: unknown[]) => unknown }).format(...args);
    },
  };
  cache[prettierPath] = standIn;
}
