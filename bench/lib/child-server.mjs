/**
 * Loopback HTTP servers in a separate process, so server work never shares the event loop (or
 * the heap) of the client being measured. A server script calls `listenForParent(server)`; the
 * parent calls `startChildServer(script)` and gets the origin back over IPC.
 */
import { fork } from 'node:child_process';

/** In the child: listen on an ephemeral loopback port and tell the parent; exit with the parent. */
export function listenForParent(server) {
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
  process.on('disconnect', () => process.exit(0));
}

/** In the parent: start `script` (a path) and resolve once it listens. */
export function startChildServer(script, args = []) {
  const child = fork(script, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited early (${code})`)));
    child.once('message', (m) => {
      const exited = new Promise((r) => child.once('exit', r));
      resolve({
        origin: `http://127.0.0.1:${m.port}`,
        async close() {
          child.kill();
          await exited;
        },
      });
    });
  });
}
