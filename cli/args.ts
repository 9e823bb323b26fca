/** What every sub-command does with its arguments before its own work: parse, or explain. */
import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * Parse a sub-command's arguments (`--help`/`-h` is always an option). A parse error prints the
 * message and the help to stderr and gives exit code 2; `--help` prints the help to stdout and
 * gives 0; otherwise the parsed arguments.
 */
export function commandArgs<const T extends ParseArgsConfig>(
  command: string,
  help: string,
  config: T,
): ReturnType<typeof parseArgs<T>> | number {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs({
      ...config,
      options: { ...config.options, help: { type: 'boolean', short: 'h' } },
    }) as ReturnType<typeof parseArgs<T>>;
  } catch (e) {
    process.stderr.write(`toolspec ${command}: ${(e as Error).message}\n\n${help}\n`);
    return 2;
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${help}\n`);
    return 0;
  }
  return parsed;
}
