// What the log commands say when a log cannot be used at all. Exit 1: a bad line; exit 2: a path that is not a
// log file (missing, a FIFO, a directory ...), a log locked by a live writer, or a file system that refuses a
// repair (a full disk, a read-only mount), named with the system's own words for it.
import { getSystemErrorMap } from 'node:util';
import { LockTimeoutError } from '../store/file/file-lock.js';
import { LinkedLogError, NotALogFileError } from '../store/file/log-file.js';
import { LogError } from '../store/line-format.js';
import { InputError } from '../schema/validate.js';
import { oneLine, reportInputError } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';

/** The system's description of a file system error: `no space left on device (ENOSPC, write)`. */
function describeSystemError(error: NodeJS.ErrnoException, code: string): string {
  const description = typeof error.errno === 'number' ? getSystemErrorMap().get(error.errno)?.[1] : undefined;
  return `${description ?? 'failed'} (${code}${error.syscall === undefined ? '' : `, ${error.syscall}`})`;
}

/**
 * Runs a log command: a bad line is exit 1; a path that is not a log file, a live writer's lock, or a system error
 * is exit 2 with one line naming it (`cannot read LOG (ENOENT)`, `cannot repair LOG: read-only file system ...`).
 */
export async function guarded(path: string, json: boolean, io: CliIo, body: () => Promise<ExitCode>, action: 'read' | 'repair' = 'read'): Promise<ExitCode> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof LogError) {
      io.err(oneLine(`${path}:${error.message}`));
      if (json) io.out(JSON.stringify({ ok: false, error: { line: error.line, path: error.path, message: error.detail } }));
      return 1;
    }
    if (error instanceof NotALogFileError || error instanceof LinkedLogError || error instanceof LockTimeoutError) {
      return reportInputError(io, new InputError('$', error.message), json);
    }
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (typeof code === 'string') {
      const message = action === 'read' ? `cannot read ${path} (${code})` : `cannot repair ${path}: ${describeSystemError(error as NodeJS.ErrnoException, code)}`;
      return reportInputError(io, new InputError('$', message), json);
    }
    throw error;
  }
}
