// Opening a log for commands that append to it (exec, append): the log is read as `replay` reads it, the part a
// verification mark of this build vouches for on the fast path (./log-replay.ts), and the engine resumes
// from that replay, so that a fresh process on a large verified log does not check every line again. A torn end
// is left as it is: the first append repairs it under the lock (src/store/file/tail-repair.ts), naming the writer.
import { SurrenderEngine } from '../engine.js';
import type { Mismatch } from '../../engine/replay.js';
import type { RepairWriter } from '../../store/repair.js';
import { JsonlFileStore } from '../../store/file/jsonl-file.js';
import { findCutAppend } from '../cut-append.js';
import { replayLog } from './log-replay.js';

export interface OpenedLog {
  readonly engine: SurrenderEngine;
  readonly store: JsonlFileStore;
  /** Rule decisions of the log that the rules no longer produce (the engine appends after them all the same). */
  readonly mismatches: readonly Mismatch[];
  /** The line number of a torn last line (the first append repairs it), or null. */
  readonly tornLine: number | null;
}

/** Throws what the log commands throw for a log that cannot be used (src/cli/log-guard.ts reports it). */
export async function openLogEngine(
  path: string,
  options: { readonly create: boolean; readonly engineId: string | null; readonly writer: RepairWriter },
): Promise<OpenedLog> {
  const store = await JsonlFileStore.open(path, { create: options.create, writer: options.writer, findCutAppend });
  try {
    const { replayer, scan } = await replayLog(path, false, {
      full: false,
      engineId: options.engineId,
      allTimelines: true,
    });
    // An append is tied to this hash: if another writer appended since the log was read, the engine reads again.
    const engine = SurrenderEngine.resume(store, { replayer, hash: scan.lastHash });
    return { engine, store, mismatches: replayer.mismatches, tornLine: scan.fragment?.line ?? null };
  } catch (error) {
    await store.close();
    throw error;
  }
}
