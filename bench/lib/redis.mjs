/**
 * A throwaway redis-server on a free loopback port, without persistence (`--save '' --appendonly
 * no`), killed by `close()` or when this process exits. Used by the team benchmark and tests.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** The redis-server binary, or null when it is not installed (Debian: apt-get install redis-server). */
export function redisBinary() {
  const r = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = r.stdout.trim();
  return r.status === 0 && path !== '' ? path : null;
}

async function freePort() {
  const srv = createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(() => r()));
  return port;
}

/**
 * Start redis-server (on `port`, else a free one); resolves `{ url, port, child, close() }` once it
 * accepts connections (`child` lets a test pause, kill and restart it on the same port).
 */
export async function startRedis({ port: given } = {}) {
  const bin = redisBinary();
  if (bin === null) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
  const port = given ?? (await freePort());
  const child = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stop = () => child.kill('SIGKILL');
  process.once('exit', stop);
  let out = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`redis-server did not start (killed):\n${out}`));
    }, 15_000);
    child.stdout.on('data', (d) => {
      out += d.toString('utf8');
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${out}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    child,
    async close() {
      process.removeListener('exit', stop);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
