// The HTTP API's behaviour on one kind of store, run with fastify.inject() (no socket) against a directory of
// JSON Lines logs (api-directory.test.ts) and PostgreSQL (api-postgres.test.ts) alike: the commands
// (./command-suite.ts), then the reads, the limits and the stream (./read-suite.ts). The calls the tests make are
// ./api-client.ts's.
import type { ServerLimits } from '../../src/server/app.js';
import type { Backend } from '../../src/server/backend.js';
import { commandSuite } from './command-suite.js';
import { readSuite } from './read-suite.js';

/** The shared suite: `open` gives a fresh, empty store each time (a second call: another process on the same store). */
export function serverSuite(
  open: () => Promise<Backend>,
  reopen: () => Promise<Backend>,
  limits: ServerLimits = {},
): void {
  commandSuite(open, reopen, limits);
  readSuite(open, reopen, limits);
}
