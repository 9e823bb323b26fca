#!/usr/bin/env node
/** toolspec command line: a typed registry of sub-commands, each loaded on demand. */
import { nearestName, usageError } from './args.js';
import { COMMANDS } from './commands/index.js';

const WIDTH = Math.max(...['--version, -v', ...Object.keys(COMMANDS)].map((n) => n.length)) + 1;

const USAGE = `toolspec <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(WIDTH)} ${c.summary}`)
  .join('\n')}

Options:
  ${'--version, -v'.padEnd(WIDTH)} print the version
  ${'--help, -h'.padEnd(WIDTH)} print this help

Run "toolspec <command> --help" for a command's options.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    const { packageVersion } = await import('./paths.js');
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    const kind = name.startsWith('-') ? 'option' : 'command';
    const near = name.startsWith('-') ? undefined : await nearestName(name, Object.keys(COMMANDS));
    return usageError('', `unknown ${kind} ${name}${near ? ` (did you mean ${near}?)` : ''}`);
  }
  const mod = await command.load();
  return mod.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`toolspec: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
