/** A test's node:http server on a free loopback port. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Stops listening and drops open keep-alive connections, so close resolves at once. */
  close(): Promise<void>;
}

/** Start `server` on 127.0.0.1 at a free port. */
export async function listenOnLoopback(server: Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
