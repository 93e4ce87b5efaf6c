// Paths that are not regular files, for the tests of what refuses them (a log is a regular file:
// src/store/file/log-file.ts).
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface NonRegularFiles {
  /** Each path with its kind, as NotALogFileError names it: a FIFO, the directory, /dev/zero, a socket. */
  readonly cases: readonly (readonly [path: string, kind: string])[];
  /** Removes the FIFO and the socket. */
  readonly close: () => Promise<void>;
}

/** Makes a FIFO and a listening Unix socket in `dir`. */
export async function nonRegularFiles(dir: string): Promise<NonRegularFiles> {
  const fifo = join(dir, 'fifo.jsonl');
  if (spawnSync('mkfifo', [fifo]).status !== 0) throw new Error(`mkfifo ${fifo} failed`);
  const socket = join(dir, 'socket.jsonl');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return {
    cases: [
      [fifo, 'a FIFO'],
      [dir, 'a directory'],
      ['/dev/zero', 'a character device'],
      [socket, 'a socket'],
    ],
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(fifo, { force: true });
    },
  };
}
