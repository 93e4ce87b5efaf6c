// Whether the process named in a lock file is still the writer that took the lock. `kill(pid, 0)` alone is not
// enough: a zombie (killed, not yet reaped by its parent) still passes it, and so does an unrelated process that
// was given the same pid later. Where /proc exists (Linux), a lock records its holder's start time (field 22 of
// /proc/PID/stat, in clock ticks since boot), and a process whose start time differs is not the holder; a zombie's
// state is `Z`. Elsewhere `kill(pid, 0)` is the fallback.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

interface ProcessStat {
  /** `R`, `S`, `D`, `T`, `Z` (zombie), `X` (dead) ... */
  readonly state: string;
  /** Clock ticks after boot at which the process started: with the pid, it names one process. */
  readonly startTime: string;
}

/** Field 3 (state) and field 22 (starttime) of /proc/PID/stat; the name (field 2) may hold spaces and parentheses. */
export function parseProcStat(text: string): ProcessStat | null {
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  const fields = text.slice(close + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19];
  return state === undefined || startTime === undefined || !/^\d+$/.test(startTime) ? null : { state, startTime };
}

function ownStartTime(): string | null {
  try {
    return parseProcStat(readFileSync('/proc/self/stat', 'latin1'))?.startTime ?? null;
  } catch {
    return null; // no /proc: locks carry `-` and liveness falls back to kill(pid, 0)
  }
}

/** This process's start time, or null where /proc is missing. */
export const selfStartTime: string | null = ownStartTime();

/** The holder's stat; null when there is no such process; undefined when /proc cannot tell. */
async function statOf(pid: number): Promise<ProcessStat | null | undefined> {
  if (selfStartTime === null) return undefined;
  try {
    return parseProcStat(await readFile(`/proc/${pid}/stat`, 'latin1')) ?? undefined;
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    return code === 'ENOENT' || code === 'ESRCH' ? null : undefined;
  }
}

/**
 * Whether process `pid`, started at `startTime` (null: not recorded), is alive and is that process: not gone, not a
 * zombie, and not another process that was given the same pid since.
 */
export async function isSameLiveProcess(pid: number, startTime: string | null): Promise<boolean> {
  const stat = await statOf(pid);
  if (stat === null) return false;
  if (stat === undefined) return isAlive(pid);
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return startTime === null || stat.startTime === startTime;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM';
  }
}
