/**
 * Task ids that carry their task, so any replica can answer for it (MCP 2026-07-28 holds no
 * per-client state): `tt1.` + base64url(iv | tag | AES-256-GCM(deflate(JSON {tool, handle,
 * input, caller, created}))). Sealed, not just signed: the input (SQL text, bound values) stays
 * unreadable to intermediaries that see the id (it travels in the `Mcp-Name` header), and an
 * altered or forged id does not open. The key is derived (HKDF-SHA256) from TOOLSPEC_CURSOR_KEY,
 * which every replica shares; without one, from a random key of this process.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

const PREFIX = 'tt1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Longest id issued: it rides in an HTTP header. A call whose input would not fit runs without a task. */
export const MAX_TASK_ID_LENGTH = 6000;
/** Room kept for the vendor's handle when checking whether a call fits before submitting it. */
const HANDLE_ROOM = 256;

/** What a task id carries. */
export interface SealedTask {
  readonly tool: string;
  /** The vendor's handle of the submitted statement (poll `handle`). */
  readonly handle: string;
  /** The tool input as the client sent it. */
  readonly input: unknown;
  /** The authenticated caller it belongs to (undefined: the deployment, or stdio). */
  readonly caller: string | undefined;
  /** When the task was created (ms since the epoch). */
  readonly created: number;
}

export class TaskIds {
  private readonly key: Buffer;

  /** `secret`: TOOLSPEC_CURSOR_KEY (shared by every replica); absent = a random key of this process. */
  constructor(secret?: string | undefined) {
    this.key = secret
      ? Buffer.from(hkdfSync('sha256', secret, 'toolspec', 'toolspec task id v1', 32))
      : randomBytes(32);
  }

  seal(task: SealedTask): string {
    const json = JSON.stringify({
      t: task.tool,
      h: task.handle,
      i: task.input,
      c: task.caller ?? null,
      at: task.created,
    });
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(PREFIX));
    const body = Buffer.concat([cipher.update(deflateRawSync(json)), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** Whether a task for this call would get an id short enough to be issued. */
  fits(tool: string, input: unknown, caller: string | undefined): boolean {
    const id = this.seal({ tool, handle: 'x'.repeat(HANDLE_ROOM), input, caller, created: Date.now() });
    return id.length <= MAX_TASK_ID_LENGTH;
  }

  /** The task an id carries, or null when it is not one this server sealed (or was altered). */
  open(id: unknown): SealedTask | null {
    if (typeof id !== 'string' || !id.startsWith(PREFIX) || id.length > MAX_TASK_ID_LENGTH) return null;
    try {
      const raw = Buffer.from(id.slice(PREFIX.length), 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(PREFIX));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const packed = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      const d = JSON.parse(inflateRawSync(packed).toString('utf8')) as Record<string, unknown>;
      if (typeof d.t !== 'string' || typeof d.h !== 'string' || typeof d.at !== 'number') return null;
      return {
        tool: d.t,
        handle: d.h,
        input: d.i,
        caller: typeof d.c === 'string' ? d.c : undefined,
        created: d.at,
      };
    } catch {
      return null;
    }
  }
}

let shared: { secret: string | undefined; ids: TaskIds } | null = null;

/**
 * The process's task ids for TOOLSPEC_CURSOR_KEY (or its random key): one instance for every
 * server the process creates, since under MCP 2026-07-28 each HTTP request gets a fresh server.
 */
export function processTaskIds(secret: string | undefined = process.env.TOOLSPEC_CURSOR_KEY): TaskIds {
  if (shared === null || shared.secret !== secret) shared = { secret, ids: new TaskIds(secret) };
  return shared.ids;
}
