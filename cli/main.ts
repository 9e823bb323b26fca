#!/usr/bin/env node
/** toolspec command line: a typed registry of sub-commands, each loaded on demand. */
import { COMMANDS } from './commands/index.js';

const USAGE = `toolspec <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join('\n')}

Run "toolspec <command> --help" for a command's options.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`toolspec: unknown command "${name}"\n\n${USAGE}\n`);
    return 2;
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
