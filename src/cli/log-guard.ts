// What the log commands say when a log cannot be used at all. For `replay`, `audit` and `verify` a bad line is what
// they report: exit 1. For `exec` and `append`, which write, a log they cannot read (empty, of another or a newer
// format, CRLF line ends, a bad line) is unusable: exit 2 in the error format (docs/cli.md), as is, for every
// command, a path that is not a log file (missing, a FIFO, a directory ...), a log locked by a live writer, or a file
// system that refuses a repair (a full disk, a read-only mount), named with the system's own words for it.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { LogError } from '../store/line-format.js';
import { StoreError } from '../store/store-error.js';
import { systemWords } from '../store/file/fs-error.js';
import { InputError } from '../schema/validate.js';
import { oneLine, reportInputError } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';

/** What the command does with the log: reads it (a bad line is exit 1), repairs it, or writes to it. */
export type LogAction = 'read' | 'repair' | 'write';

/**
 * Runs a log command: a bad line is exit 1 for a command that reads or repairs, exit 2 for one that writes; a path
 * that is not a log file, a live writer's lock, or a system error is exit 2 with one line naming it in words (`cannot
 * read LOG: no such file or directory`, `cannot repair LOG: read-only file system ...`). `whenMissing`, for a command
 * that writes: what to do about a log that does not exist, said after those words (not when its directory is
 * missing too: no log can be started there).
 */
export async function guarded(
  path: string,
  json: boolean,
  io: CliIo,
  body: () => Promise<ExitCode>,
  action: LogAction = 'read',
  whenMissing?: string,
): Promise<ExitCode> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof LogError && action === 'write')
      return reportInputError(io, new InputError('$', `cannot use ${path}: ${error.message}`), json);
    if (error instanceof LogError) {
      io.err(oneLine(`${path}:${error.message}`));
      if (json)
        io.out(JSON.stringify({ ok: false, error: { line: error.line, path: error.path, message: error.detail } }));
      return 1;
    }
    if (error instanceof StoreError && error.system !== undefined) {
      const missing =
        action === 'write' && whenMissing !== undefined && error.system.code === 'ENOENT' && existsSync(dirname(path));
      const message =
        action === 'repair'
          ? `cannot repair ${path}: ${error.system.text}`
          : `cannot read ${path}: ${systemWords(error.system.code)}${missing ? `; ${whenMissing}` : ''}`;
      return reportInputError(io, new InputError('$', message), json);
    }
    // The store's own refusals (not a regular file, several hard links, a live writer's lock) say what to do.
    if (error instanceof StoreError && error.kind !== 'closed')
      return reportInputError(io, new InputError('$', error.message), json);
    throw error;
  }
}
