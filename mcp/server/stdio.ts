/**
 * The stdio wire under the SDK's `serveStdio` (which picks the protocol era from the opening
 * message), answering everything it reads: a line that is not JSON gets -32700 (id null), a value
 * that is not a JSON-RPC message -32600 with its id when readable (jsonrpc.ts), a line over
 * MAX_LINE_BYTES -32600 (id null) while the rest of it is dropped as it streams (lines.ts) and
 * reading goes on. A batch is split into its messages and answered as one array on a connection
 * that negotiated a version whose JSON-RPC has batches (jsonrpc.ts), with -32600 elsewhere.
 * Valid messages go to the SDK unchanged; its answers go out as they are, unless they belong to a batch.
 */
import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  type JSONRPCMessage,
  ProtocolErrorCode,
  type RequestId,
  type Transport,
} from '@modelcontextprotocol/server';
import { batchRefusal, checkMessage, errorAnswer, PARSE_ERROR } from './jsonrpc.js';
import { type LineSplitter, splitLines } from './lines.js';

/** The longest line read from stdin (the SDK's own stdio bound). */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

export interface StdioOptions {
  readonly stdin?: NodeJS.ReadableStream | undefined;
  readonly stdout?: NodeJS.WritableStream | undefined;
  readonly maxLineBytes?: number | undefined;
  /** Operator messages (stderr): what was dropped and why; never a message's content. */
  readonly log?: ((line: string) => void) | undefined;
}

interface Batch {
  readonly answers: unknown[];
  /** Ids of the batch's requests not answered yet. */
  readonly waiting: Set<RequestId>;
  /** Every message of the batch has been handed on. */
  sealed: boolean;
}

export class AnsweringStdioTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;
  private readonly stdin: NodeJS.ReadableStream;
  private readonly stdout: NodeJS.WritableStream;
  private readonly maxLineBytes: number;
  private readonly feed: LineSplitter;
  /** The version the 2025-era `initialize` negotiated (the SDK sets it). */
  private version: string | undefined;
  /** The batch each request id in flight belongs to. */
  private readonly batches = new Map<RequestId, Batch>();
  private closed = false;

  constructor(private readonly options: StdioOptions = {}) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
    this.feed = splitLines(this.maxLineBytes, {
      line: (text) => this.receive(text),
      oversized: () => this.oversized(),
    });
  }

  setProtocolVersion = (version: string): void => {
    this.version = version;
  };

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('close', this.onEnd);
    this.stdout.on('error', this.onStdoutError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const id = isJSONRPCResponse(message) ? message.id : undefined;
    const batch = id === undefined ? undefined : this.batches.get(id);
    if (id === undefined || batch === undefined) return this.write(message);
    this.settle(id, batch);
    batch.answers.push(message);
    return this.flush(batch);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onError);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('close', this.onEnd);
    // onStdoutError stays: it swallows the failures of writes still in flight (an 'error' without a listener throws).
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.batches.clear();
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    this.feed(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  };
  private readonly onError = (error: Error): void => this.onerror?.(error);
  private readonly onEnd = (): void => void this.close();
  private readonly onStdoutError = (error: Error): void => {
    if (this.closed) return;
    this.onerror?.(error);
    void this.close();
  };

  private oversized(): void {
    const mib = this.maxLineBytes / (1024 * 1024);
    this.options.log?.(
      `toolspec serve: dropped a message longer than ${mib} MiB on stdin (answered -32600 with id null); still serving`,
    );
    this.answer(
      errorAnswer(
        null,
        ProtocolErrorCode.InvalidRequest,
        `Invalid Request: a message longer than ${mib} MiB (the stdio line limit) was dropped`,
      ),
    );
  }

  private receive(text: string): void {
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.answer(PARSE_ERROR);
      return;
    }
    if (!Array.isArray(value) || value.length === 0) {
      this.deliver(value, undefined);
      return;
    }
    const refused = batchRefusal(this.version);
    if (refused !== null) {
      this.answer(refused);
      return;
    }
    const batch: Batch = { answers: [], waiting: new Set(), sealed: false };
    for (const item of value) this.deliver(item, batch);
    batch.sealed = true;
    this.settled(batch);
  }

  /** One message on to the SDK (its request's answer kept for `batch`), or its error answer. */
  private deliver(value: unknown, batch: Batch | undefined): void {
    const checked = checkMessage(value);
    if (!checked.ok) {
      if (batch) batch.answers.push(checked.answer);
      else this.answer(checked.answer);
      return;
    }
    const message = checked.message;
    if (batch && isJSONRPCRequest(message)) {
      if (this.batches.has(message.id)) {
        batch.answers.push(
          errorAnswer(
            message.id,
            ProtocolErrorCode.InvalidRequest,
            'Invalid Request: this id is already used by a batched request in flight',
          ),
        );
        return;
      }
      batch.waiting.add(message.id);
      this.batches.set(message.id, batch);
    }
    if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled') {
      // A cancelled request is not answered: its batch stops waiting for it.
      const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      const owner = id === undefined ? undefined : this.batches.get(id);
      if (owner && id !== undefined) {
        this.settle(id, owner);
        this.settled(owner);
      }
    }
    this.onmessage?.(message);
  }

  private settle(id: RequestId, batch: Batch): void {
    this.batches.delete(id);
    batch.waiting.delete(id);
  }

  /** Writes a batch's answers once all are in (nothing when it held only notifications and responses). */
  private flush(batch: Batch): Promise<void> {
    if (!batch.sealed || batch.waiting.size > 0 || batch.answers.length === 0) return Promise.resolve();
    return this.write(batch.answers.splice(0));
  }

  /** Writes an answer of this wire's own (a failed write is reported; stdout's error closes the wire). */
  private answer(payload: unknown): void {
    this.write(payload).catch((error: Error) => this.onerror?.(error));
  }

  private settled(batch: Batch): void {
    this.flush(batch).catch((error: Error) => this.onerror?.(error));
  }

  private write(payload: unknown): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.stdout.write(`${JSON.stringify(payload)}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }
}
