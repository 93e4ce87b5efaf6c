// `verify --repair`, the rules' half. Every append of the engine is one batch: a host report or player
// decision followed by the rule decisions decide made of it, written in one write. A crash can cut that
// write between two lines; the store's repair keeps the whole lines (docs/log-format.md), which would leave
// a report whose rule decisions are missing (a game turn ended, but no resistance level and no offer).
// Such a batch was never acknowledged to the host, so it is removed whole, as though the append had not
// happened, and the host reports the command again.
import type { FileHandle } from 'node:fs/promises';
import type { StoredEvent } from '../../events/index.js';
import { decide, isOrigin, type OriginEvent } from '../engine/decide.js';
import { Replayer } from '../engine/replay.js';
import { withLogLock } from '../store/file/file-lock.js';
import { openLogFile } from '../store/file/log-file.js';
import { readLog } from '../store/file/verify.js';

export interface CutBatch {
  /** The line of the batch's first event, the host report or player decision. */
  readonly line: number;
  readonly seq: number;
  readonly game: string;
  readonly type: string;
  /** How many events of the batch the log holds, and how many decide makes of the command. */
  readonly present: number;
  readonly expected: number;
  /** The types of the rule decisions that are missing. */
  readonly missing: readonly string[];
}

async function lastOriginSeq(path: string): Promise<number | null> {
  let last: number | null = null;
  for await (const batch of readLog(path, { validate: true }))
    for (const event of batch) if (isOrigin(event)) last = event.seq;
  return last;
}

const sameEvent = (have: StoredEvent, want: { type: string; data: unknown }): boolean =>
  have.type === want.type && JSON.stringify(have.data) === JSON.stringify(want.data);

/**
 * The log's last batch, if it holds only the first events of what decide makes of its command (the same
 * events, in order, with the rest missing). Null when the last batch is complete or is wrong in another way
 * (replay reports that as a mismatch).
 */
export async function findCutBatch(path: string): Promise<CutBatch | null> {
  const seq = await lastOriginSeq(path);
  if (seq === null) return null;
  const replayer = new Replayer({ checkDecisions: false });
  const tail: StoredEvent[] = [];
  for await (const batch of readLog(path, { validate: true })) {
    replayer.applyAll(batch.filter((e) => e.seq < seq));
    tail.push(...batch.filter((e) => e.seq >= seq));
  }
  const origin = tail[0];
  if (origin === undefined) return null;
  const decision = decide(replayer.view(origin.game), { type: origin.type, data: origin.data } as OriginEvent);
  if (!decision.ok || decision.events.length <= tail.length) return null;
  const prefix = tail.every((event, i) => {
    const want = decision.events[i];
    return want !== undefined && event.game === origin.game && sameEvent(event, want);
  });
  if (!prefix) return null;
  return {
    line: seq + 1,
    seq,
    game: origin.game,
    type: origin.type,
    present: tail.length,
    expected: decision.events.length,
    missing: decision.events.slice(tail.length).map((e) => e.type),
  };
}

/** Byte offset of the start of a 1-based line: just past the (line - 1)th line break. */
async function lineStart(handle: FileHandle, line: number): Promise<number> {
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  let breaks = 0;
  let position = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) throw new Error(`the log has no line ${line}`);
    for (let i = 0; i < bytesRead; i += 1) {
      if (buffer[i] === 0x0a && ++breaks === line - 1) return position + i + 1;
    }
    position += bytesRead;
  }
}

/**
 * Removes a cut last batch (see findCutBatch) under the log's append lock. Call it only once the store's
 * repair found the end of the log torn: without that evidence of a crash, a short last batch may instead
 * mean that the rules now make more of the command than they did, and replay reports it.
 */
export async function removeCutBatch(
  path: string,
  options: { readonly lockTimeoutMs?: number } = {},
): Promise<CutBatch | null> {
  return withLogLock(
    path,
    async (real) => {
      const cut = await findCutBatch(real);
      if (cut === null) return null;
      const handle = await openLogFile(real, 'r+');
      try {
        await handle.truncate(await lineStart(handle, cut.line));
        await handle.sync();
      } finally {
        await handle.close();
      }
      return cut;
    },
    { timeoutMs: options.lockTimeoutMs ?? 5000 },
  );
}
