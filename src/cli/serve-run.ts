// Runs the server until SIGTERM or SIGINT: opens the store (src/server/run.ts), listens, prints where, and closes
// everything on the signal. Loaded by ./serve.ts only when `serve` runs, with Fastify behind it.
import { buildServer } from '../server/app.js';
import type { Backend } from '../server/backend.js';
import { openBackend } from '../server/run.js';
import type { CliIo, ExitCode } from './io.js';

export interface ServeSettings {
  readonly store: string;
  readonly schema: string | undefined;
  readonly port: number;
  readonly host: string;
  readonly bodyLimit: number;
  readonly ratePerMinute: number;
  /** The games kept open at most (src/host/game-cache.ts). */
  readonly maxOpenGames: number;
}

export async function runServer(settings: ServeSettings, io: CliIo): Promise<ExitCode> {
  let backend: Backend;
  try {
    backend = await openBackend(settings.store, settings.schema, { maxOpenGames: settings.maxOpenGames });
  } catch (error) {
    io.err(`serve: the store cannot be used: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const app = await buildServer(backend, { bodyLimit: settings.bodyLimit, ratePerMinute: settings.ratePerMinute });
  let address: string;
  try {
    address = await app.listen({ port: settings.port, host: settings.host });
  } catch (error) {
    await backend.close();
    io.err(
      `serve: cannot listen on ${settings.host}:${settings.port}: ` +
        `${error instanceof Error ? error.message : String(error)}`,
    );
    return 2;
  }
  io.out(`listening on ${address} (${backend.kind} store)`);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await app.close();
  await backend.close();
  return 0;
}
