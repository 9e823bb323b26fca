/**
 * Types for the json-e 4.8.4 modules language/template-compile.ts uses: its own tokenizer, parser,
 * interpreter and builtins, so compiled templates evaluate exactly as JSON-e does.
 */
declare module 'json-e/src/tokenizer.js' {
  class Tokenizer {
    constructor(options: {
      ignore: string;
      patterns: Record<string, string>;
      tokens: readonly string[];
    });
  }
  export default Tokenizer;
}
declare module 'json-e/src/parser.js' {
  const parser: {
    Parser: new (
      tokenizer: unknown,
      source: string,
      offset?: number,
    ) => { parse(): unknown; current_token: { kind: string; start: number; end: number } | null };
  };
  export default parser;
}
declare module 'json-e/src/interpreter.js' {
  const interpreter: {
    Interpreter: new (context: Record<string, unknown>) => { interpret(tree: unknown): unknown };
  };
  export default interpreter;
}
declare module 'json-e/src/builtins.js' {
  const addBuiltins: (context: Record<string, unknown>) => Record<string, unknown>;
  export default addBuiltins;
}
declare module 'json-e/src/type-utils.js' {
  const typeUtils: {
    hasOwn(obj: unknown, prop: string): boolean;
    setProp(obj: object, key: string, value: unknown): object;
    isString(v: unknown): v is string;
    isNumber(v: unknown): v is number;
    isInteger(v: unknown): v is number;
    isArray(v: unknown): v is unknown[];
    isObject(v: unknown): v is Record<string, unknown>;
    isFunction(v: unknown): v is (...args: unknown[]) => unknown;
    isTruthy(v: unknown): boolean;
  };
  export default typeUtils;
}
