/** Pins the package's public runtime API (package.json "exports" "." -> runtime/index). */
import { describe, expect, it } from 'vitest';
import * as api from '../../runtime/index.js';

describe('public runtime API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'ERROR_CODES',
      'FileTokenStore',
      'MemoryTokenStore',
      'ToolError',
      'createToolkit',
      'isToolError',
      'loadConnections',
      'loadSpecs',
      'precompiledValidatorProvider',
      'tokenStoreFromEnv',
    ]);
  });

  it('keeps the stable error codes', () => {
    expect(api.ERROR_CODES).toEqual([
      'invalid_input',
      'unauthorized',
      'forbidden',
      'not_found',
      'conflict',
      'rate_limited',
      'upstream_error',
      'timeout',
      'network_error',
      'invalid_response',
      'reauthorize',
      'aborted',
    ]);
  });
});
