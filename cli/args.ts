/** What every sub-command does with its arguments before its own work: parse, or explain. */
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** A command's help text, or a function giving it (when it costs something to write). */
export type Help = string | (() => string | Promise<string>);

/**
 * A usage error in one line, with where the help is (`toolspec call: … ; see toolspec call
 * --help`), on stderr; gives exit code 2. `command` is empty for the top level.
 */
export function usageError(command: string, why: string): number {
  const who = command === '' ? 'toolspec' : `toolspec ${command}`;
  process.stderr.write(`${who}: ${why}; see ${who} --help\n`);
  return 2;
}

/**
 * Parse a sub-command's arguments (`--help`/`-h` is always an option). Arguments it refuses get
 * one line naming what is wrong (an unknown option with the nearest known one) and exit code 2;
 * `--help` prints the help to stdout and gives 0; otherwise the parsed arguments.
 */
export async function commandArgs<const T extends ParseArgsConfig>(
  command: string,
  help: Help,
  config: T,
): Promise<ReturnType<typeof parseArgs<T>> | number> {
  const full = { ...config, options: { ...config.options, help: { type: 'boolean', short: 'h' } } } as const;
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(full) as ReturnType<typeof parseArgs<T>>;
  } catch (e) {
    return usageError(command, await refusal(full, e));
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${typeof help === 'string' ? help : await help()}\n`);
    return 0;
  }
  return parsed;
}

/** What is wrong with arguments that parseArgs refused, read from its tokens (else its own message). */
async function refusal(config: ParseArgsConfig, error: unknown): Promise<string> {
  const options = config.options ?? {};
  const { tokens } = parseArgs({ ...config, strict: false, allowPositionals: true, tokens: true });
  for (const t of tokens) {
    if (t.kind === 'positional' && !config.allowPositionals) return `unexpected argument "${t.value}"`;
    if (t.kind !== 'option') continue;
    const option = Object.hasOwn(options, t.name) ? options[t.name] : undefined;
    if (option === undefined) {
      const near = t.rawName.startsWith('--') ? await nearestName(t.name, Object.keys(options)) : undefined;
      return `unknown option ${t.rawName}${near ? ` (did you mean --${near}?)` : ''}`;
    }
    if (option.type === 'boolean' && t.inlineValue) return `--${t.name} takes no value`;
    if (option.type === 'string' && t.value === undefined) return `--${t.name} needs a value`;
    if (option.type === 'string' && !t.inlineValue && t.value?.startsWith('-') && t.value !== '-')
      return `--${t.name} needs a value (one that starts with "-" is written --${t.name}=<value>)`;
  }
  return (error as Error).message.split('\n')[0] as string;
}

/** The known name nearest to a mistyped one (the language's `nearest`, loaded only for a mistake), if any. */
export async function nearestName(wrong: string, names: Iterable<string>): Promise<string | undefined> {
  const { nearest } = await import('@toolspec/language/light');
  return nearest(wrong, names)[0];
}

/**
 * What `--set` and `--sets` gave (both spellings are accepted wherever a command filters by set,
 * each repeatable), to be split at commas by `splitList` of @toolspec/mcp.
 */
export function setFilter(values: { set?: string[] | undefined; sets?: string[] | undefined }): string[] {
  return [...(values.set ?? []), ...(values.sets ?? [])];
}

/** The options `setFilter` reads, for a command's parseArgs configuration. */
export const SET_OPTIONS = {
  set: { type: 'string', multiple: true },
  sets: { type: 'string', multiple: true },
} as const;
