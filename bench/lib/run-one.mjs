/**
 * Runs one measurement (bench/measure/<name>.mjs) in this process and hands its result to the
 * parent over IPC (or prints it when run by hand): `node --expose-gc bench/lib/run-one.mjs call --quick`.
 */
const [name, ...flags] = process.argv.slice(2);
const { measure } = await import(`../measure/${name}.mjs`);
const result = await measure({ quick: flags.includes('--quick') });
// Keep-alive sockets of the clients under test would keep the process alive: exit explicitly.
if (process.send) process.send(result, () => process.exit(0));
else {
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}
