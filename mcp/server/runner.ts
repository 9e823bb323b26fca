/**
 * The toolkit behind tools/call, created on first use (or warmed in the background after the
 * first tools/list answer) so that loading YAML, compiling validators and starting the sandbox
 * never delay the server's first answers.
 */
import type { JsonValue, SpecIR } from '@toolspec/language';
import type { CallOptions, Toolkit } from '@toolspec/runtime';

export interface Backend {
  readonly toolkit: Toolkit;
  close(): Promise<void>;
}

export type BackendFactory = () => Promise<Backend>;

export class LazyRunner {
  private pending: Promise<Backend> | null = null;
  private closed = false;
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(private readonly factory: BackendFactory) {}

  private backend(): Promise<Backend> {
    if (this.closed) return Promise.reject(new Error('the server is shutting down'));
    if (!this.pending) {
      const p = this.factory();
      this.pending = p;
      // A failed start (bad spec, unusable connections file) is retried by the next call.
      p.catch(() => {
        if (this.pending === p) this.pending = null;
      });
    }
    return this.pending;
  }

  /** Start loading without waiting; failures surface on the next call. */
  warm(): void {
    this.backend().catch(() => {});
  }

  async ir(): Promise<SpecIR> {
    return (await this.backend()).toolkit.ir;
  }

  call(name: string, input: unknown, options?: CallOptions): Promise<JsonValue> {
    const p = this.backend().then(({ toolkit }) => toolkit.call(name, input, options));
    this.inflight.add(p);
    const done = () => this.inflight.delete(p);
    p.then(done, done);
    return p;
  }

  /** Wait (at most `ms`) for the calls in flight to settle, so a closing client still gets its answers. */
  async drain(ms: number): Promise<void> {
    if (this.inflight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inflight]),
      new Promise((r) => {
        timer = setTimeout(r, ms);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Close the backend; one still starting is closed when it is ready, without waiting for it. */
  async close(): Promise<void> {
    this.closed = true;
    const p = this.pending;
    this.pending = null;
    if (!p) return;
    let ready: Backend | null | undefined;
    p.then(
      (b) => {
        ready = b;
      },
      () => {
        ready = null;
      },
    );
    await Promise.resolve();
    if (ready === undefined) {
      p.then((b) => b.close()).catch(() => {});
      return;
    }
    await ready?.close();
  }
}
