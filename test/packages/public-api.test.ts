/**
 * Pins every package's public API: the runtime values each entry exports (by importing it) and
 * every exported name, types included (by asking the TypeScript checker about the entry module).
 * A change here is a change to what users can import: make it on purpose.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/paths.js';

interface Pinned {
  readonly entry: string;
  readonly load: () => Promise<Record<string, unknown>>;
  readonly values: readonly string[];
  readonly types: readonly string[];
}

const PACKAGES: Readonly<Record<string, Pinned>> = {
  '@toolspec/language': {
    entry: 'language/index.ts',
    load: () => import('@toolspec/language'),
    values: [
      'HELPERS',
      'HelperError',
      'SpecLoadError',
      'TemplateError',
      'advertisedInput',
      'advertisedOutput',
      'annotationsFor',
      'authCredentials',
      'applyCoercions',
      'checkHelpers',
      'asSqlBlock',
      'createAjv',
      'deepMerge',
      'displayPath',
      'escapeToken',
      'evaluateTemplate',
      'evaluateTemplates',
      'formatDiagnostic',
      'getPointer',
      'hashText',
      'importSpecHelpers',
      'inAdvertisedForm',
      'isReadOnly',
      'isShow',
      'loadSpecFiles',
      'loadSpecTexts',
      'loadSpecs',
      'nearest',
      'mentions',
      'missingHelpers',
      'pathVariables',
      'planCoercions',
      'pointerOf',
      'positionParam',
      'readSnapshot',
      'readSpecTexts',
      'schemaFingerprint',
      'SECRET_PARAMS',
      'serializeSnapshot',
      'setDotPath',
      'setOwn',
      'specFromSnapshot',
      'sqlIdent',
      'sqlLiteral',
      'withHelpers',
      'withPointer',
    ],
    types: [],
  },
  '@toolspec/runtime': {
    entry: 'runtime/index.ts',
    load: () => import('@toolspec/runtime'),
    values: [
      'ERROR_CODES',
      'FileTokenStore',
      'MemoryTokenStore',
      'REDACTED',
      'RedisStore',
      'checkConnections',
      'Secrets',
      'SpecLoadError',
      'ToolError',
      'createToolkit',
      'generatedValidatorProvider',
      'importSpecHelpers',
      'isToolError',
      'loadConnections',
      'loadSpecs',
      'openTokenStore',
      'precompiledValidatorProvider',
      'readConnectionsFile',
      'specFromSnapshot',
      'tokenStoreFromEnv',
      'unsignedCursor',
      'validatorRuntime',
    ],
    types: [
      'CallOptions',
      'CompiledValidate',
      'ConnectionOptions',
      'ConnectionRequest',
      'ConnectionResolver',
      'Diagnostic',
      'DryRunRequest',
      'ErrorCode',
      'GeneratedValidatorSets',
      'GeneratedValidators',
      'Helper',
      'Helpers',
      'InputIssue',
      'JsonValue',
      'LoadSpecsOptions',
      'LogEvent',
      'Logger',
      'OAuthOptions',
      'Page',
      'PageTruncation',
      'PollControl',
      'RedisStoreOptions',
      'RetryOptions',
      'SharedStore',
      'SpecIR',
      'StoreCallOptions',
      'StoreSources',
      'StoredTokens',
      'TokenStore',
      'ToolCaller',
      'ToolErrorJSON',
      'ToolIR',
      'ToolInfo',
      'ToolMapBase',
      'ToolSetIR',
      'Toolkit',
      'ToolkitOptions',
      'TransportOptions',
      'UntypedTools',
      'ValidatorProvider',
    ],
  },
  '@toolspec/language/light': {
    entry: 'language/light.ts',
    load: () => import('@toolspec/language/light'),
    values: [
      'advertisedInput',
      'advertisedOutput',
      'annotationsFor',
      'formatDiagnostic',
      'isReadOnly',
      'nearest',
      'readSpecTexts',
    ],
    types: ['SpecText', 'ToolAnnotations'],
  },
  '@toolspec/runtime/errors': {
    entry: 'runtime/errors.ts',
    load: () => import('@toolspec/runtime/errors'),
    values: ['ERROR_CODES', 'ToolError', 'asToolError', 'codeForStatus', 'isToolError'],
    types: ['ErrorCode', 'InputIssue', 'ToolErrorInit', 'ToolErrorJSON'],
  },
  '@toolspec/generator': {
    entry: 'generator/index.ts',
    load: () => import('@toolspec/generator'),
    values: [
      'EMITTERS',
      'REGENERATE_COMMAND',
      'RULES',
      'TOKEN_METHOD',
      'analyzeTool',
      'camelName',
      'conformanceErrors',
      'diffTree',
      'generate',
      'importOpenApi',
      'importRecordPath',
      'importRecordText',
      'inputTypeName',
      'isClean',
      'outputTypeName',
      'pascalName',
      'runGenerate',
      'strictVariant',
      'updateImport',
      'writeTree',
    ],
    types: [
      'EmitOptions',
      'Emitter',
      'GenerateRequest',
      'GeneratedFile',
      'ImportOptions',
      'ImportResult',
      'Rule',
      'RuleSeverity',
      'RunOptions',
      'RunResult',
      'ToolConformance',
      'TreeDiff',
      'UpdateOptions',
      'UpdateReport',
      'UpdateResult',
      'Violation',
    ],
  },
  '@toolspec/generator/run': {
    entry: 'generator/run.ts',
    load: () => import('@toolspec/generator/run'),
    values: ['isClean', 'runGenerate'],
    types: ['RunOptions', 'RunResult'],
  },
  '@toolspec/mcp': {
    entry: 'mcp/index.ts',
    load: () => import('@toolspec/mcp'),
    values: [
      'HttpAuthConfigError',
      'SANDBOX_NOTICE',
      'allowedOriginsFromEnv',
      'catalogFromIR',
      'createCodeRunner',
      'createMcpServer',
      'httpAuthFromEnv',
      'selectTools',
      'serve',
      'splitList',
    ],
    types: [
      'Catalog',
      'CatalogEntry',
      'GeneratedCatalog',
      'HttpAuthConfig',
      'McpServerOptions',
      'McpTool',
      'OAuthResourceConfig',
      'RunningServe',
      'Selection',
      'ServeOptions',
    ],
  },
  '@toolspec/code': {
    entry: 'code/index.ts',
    load: () => import('@toolspec/code'),
    values: ['createCodeRunner', 'toolDeclarations'],
    types: [
      'CodeCall',
      'CodeLimits',
      'CodeRunner',
      'CodeRunnerOptions',
      'CodeToolkit',
      'ExecuteOptions',
      'ExecuteResult',
    ],
  },
  '@toolspec/sandbox': {
    entry: 'sandbox/index.ts',
    load: () => import('@toolspec/sandbox'),
    values: [
      'SANDBOX_EXAMPLE_HEADER',
      'SANDBOX_HEADER',
      'SANDBOX_TOKEN',
      'SANDBOX_TOOL_HEADER',
      'createSandboxToolkit',
      'redactHeaders',
      'startSandbox',
    ],
    types: ['Sandbox', 'SandboxExchange', 'SandboxOptions', 'SandboxSession', 'SandboxToolkitOptions'],
  },
  '@toolspec/sets': {
    entry: 'generated/index.ts',
    load: () => import('@toolspec/sets'),
    values: ['crm', 'datastore', 'mail', 'notes', 'specs', 'validators'],
    types: ['ToolMap'],
  },
};

/** Every name a module exports, values and types, as the TypeScript checker sees them. */
function exportedNames(entries: readonly string[]): Map<string, string[]> {
  const files = entries.map((e) => join(REPO, e));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    customConditions: ['@toolspec/source'],
    resolveJsonModule: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const out = new Map<string, string[]>();
  entries.forEach((entry, i) => {
    const source = program.getSourceFile(files[i] as string);
    const symbol = source && checker.getSymbolAtLocation(source);
    out.set(entry, symbol ? checker.getExportsOfModule(symbol).map((s) => s.getName()) : []);
  });
  return out;
}

describe('public API of every package', () => {
  const all = exportedNames(Object.values(PACKAGES).map((p) => p.entry));

  for (const [name, pinned] of Object.entries(PACKAGES)) {
    it(`${name}: exactly these values and types`, async () => {
      const values = Object.keys(await pinned.load()).sort();
      expect(values).toEqual([...pinned.values].sort());
      const names = all.get(pinned.entry) ?? [];
      const types = names.filter((n) => !values.includes(n)).sort();
      // The language exports its IR types wholesale (`export type *`): pinned by ir.ts itself.
      if (name.startsWith('@toolspec/language')) expect(types).toContain('ToolIR');
      else expect(types).toEqual([...pinned.types].sort());
    });
  }

  it('keeps the stable error codes', async () => {
    const { ERROR_CODES } = await import('@toolspec/runtime');
    expect(ERROR_CODES).toEqual([
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
      'configuration',
      'store_unavailable',
      'program_error',
      'limit_exceeded',
    ]);
  });
});
