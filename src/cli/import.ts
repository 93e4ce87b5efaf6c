// `awaw-surrender import LOG`: the games of a JSON Lines log into the PostgreSQL store, each as a stream of its
// own. The log is verified first, whole; a game the database already holds is refused, and then nothing is written.
import { readFile, stat } from 'node:fs/promises';
import { linesByGame } from '../store/game-lines.js';
import { isStoreError } from '../store/store-error.js';
import { verifyLog } from '../store/file/verify.js';
import { oneLine } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';
import { openDatabase, parseDatabaseArgs } from './pg-options.js';

/**
 * The largest log import reads (docs/postgres.md): it reads the log as one string, and V8 makes none longer than
 * 2^29 - 24 characters; beyond that import would fail midway with "Invalid string length".
 */
export const MAX_IMPORT_BYTES = 500 * 1024 * 1024;

export async function importCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseDatabaseArgs('import', argv, ['game'], io);
  if (args === null) return 2;
  const [path, ...extra] = args.positionals;
  if (path === undefined || extra.length > 0) {
    io.err('import: expected exactly one LOG file (see awaw-surrender help import)');
    return 2;
  }
  let text: string;
  try {
    // Refused before it is verified: the size alone decides.
    const { size } = await stat(path);
    if (size > MAX_IMPORT_BYTES) {
      io.err(
        oneLine(
          `import: ${path}: the log is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MiB (${MAX_IMPORT_BYTES} ` +
            `bytes), the most import reads: nothing imported`,
        ),
      );
      return 2;
    }
    const report = await verifyLog(path);
    if (!report.ok) {
      io.err(oneLine(`import: ${path}: ${report.message}: nothing imported`));
      return 1;
    }
    text = await readFile(path, 'utf8');
  } catch (error) {
    io.err(oneLine(`import: ${path}: ${error instanceof Error ? error.message : String(error)}`));
    return 2;
  }
  const games = linesByGame(text);
  const only = args.values['game'];
  if (only !== undefined && !games.has(only)) {
    io.err(oneLine(`import: ${path} holds no game ${only}: nothing imported`));
    return 1;
  }
  const chosen = only === undefined ? [...games] : [[only, games.get(only) ?? []] as const];
  const store = await openDatabase('import', args, io);
  if (typeof store === 'number') return store;
  try {
    for (const [game] of chosen) {
      const head = await store.gameHead(game);
      if (head.seq !== 0) {
        io.err(oneLine(`import: game ${game} already has ${head.seq} events in the database: nothing imported`));
        return 1;
      }
    }
    for (const [game, lines] of chosen) {
      const result = await store.importGame(game, lines);
      io.out(`imported ${game}: ${result.events.length} events, head ${result.head.seq}:${result.head.hash}`);
    }
    return 0;
  } catch (error) {
    io.err(oneLine(`import: ${error instanceof Error ? error.message : String(error)}`));
    return isStoreError(error, 'conflict') ? 1 : 2;
  } finally {
    await store.close();
  }
}
