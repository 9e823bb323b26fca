/**
 * Newline-delimited framing with a bound: chunks in, whole lines out. A line longer than the
 * bound is reported once, as soon as it crosses the bound, and the rest of it is dropped as it
 * streams in (nothing of it is kept), so one oversized line costs neither memory nor the lines after it.
 */

export interface LineSink {
  /** One complete line, without its `\n` (nor a `\r` before it). */
  line(text: string): void;
  /** A line crossed `maxBytes`; what follows of it up to its `\n` is dropped. */
  oversized(): void;
}

export type LineSplitter = (chunk: Buffer) => void;

const NEWLINE = 0x0a;

export function splitLines(maxBytes: number, sink: LineSink): LineSplitter {
  let pending: Buffer[] = [];
  let size = 0;
  let dropping = false;
  const emit = (tail: Buffer): void => {
    const whole = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
    pending = [];
    size = 0;
    sink.line(whole.toString('utf8').replace(/\r$/, ''));
  };
  return (chunk) => {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(NEWLINE, start);
      const stop = end === -1 ? chunk.length : end;
      if (dropping) {
        if (end !== -1) dropping = false;
      } else if (size + (stop - start) > maxBytes) {
        pending = [];
        size = 0;
        dropping = end === -1;
        sink.oversized();
      } else if (end === -1) {
        pending.push(chunk.subarray(start));
        size += chunk.length - start;
      } else {
        emit(chunk.subarray(start, end));
      }
      if (end === -1) return;
      start = end + 1;
    }
  };
}
