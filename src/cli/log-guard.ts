// What the log commands say when a log cannot be used at all. Exit 1: a bad line; exit 2: a path that is not a
// log file (missing, a FIFO, a directory ...), a log locked by a live writer, or a file system that refuses a
// repair (a full disk, a read-only mount), named with the system's own words for it (the store's StoreError).
import { LogError } from '../store/line-format.js';
import { StoreError } from '../store/store-error.js';
import { InputError } from '../schema/validate.js';
import { oneLine, reportInputError } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';

/**
 * Runs a log command: a bad line is exit 1; a path that is not a log file, a live writer's lock, or a system error
 * is exit 2 with one line naming it (`cannot read LOG (ENOENT)`, `cannot repair LOG: read-only file system ...`).
 */
export async function guarded(
  path: string,
  json: boolean,
  io: CliIo,
  body: () => Promise<ExitCode>,
  action: 'read' | 'repair' = 'read',
): Promise<ExitCode> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof LogError) {
      io.err(oneLine(`${path}:${error.message}`));
      if (json)
        io.out(JSON.stringify({ ok: false, error: { line: error.line, path: error.path, message: error.detail } }));
      return 1;
    }
    if (error instanceof StoreError && error.system !== undefined) {
      const message =
        action === 'read'
          ? `cannot read ${path} (${error.system.code})`
          : `cannot repair ${path}: ${error.system.text}`;
      return reportInputError(io, new InputError('$', message), json);
    }
    // The store's own refusals (not a regular file, several hard links, a live writer's lock) say what to do.
    if (error instanceof StoreError && error.kind !== 'closed')
      return reportInputError(io, new InputError('$', error.message), json);
    throw error;
  }
}
