// `awaw-surrender export GAME`: one game's stream from PostgreSQL as a JSON Lines log of that game alone, byte
// for byte as the database holds it (what `import` took in comes out the same).
import { writeFile } from 'node:fs/promises';
import { logText } from '../store/game-lines.js';
import { isStoreError } from '../store/store-error.js';
import { oneLine } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';
import { openDatabase, parseDatabaseArgs } from './pg-options.js';

export async function exportCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseDatabaseArgs('export', argv, ['out'], io);
  if (args === null) return 2;
  const [game, ...extra] = args.positionals;
  if (game === undefined || extra.length > 0) {
    io.err('export: expected exactly one GAME (see awaw-surrender help export)');
    return 2;
  }
  const store = await openDatabase('export', args, io);
  if (typeof store === 'number') return store;
  try {
    const lines: string[] = [];
    for await (const batch of store.exportGame(game)) lines.push(...batch);
    if (lines.length === 0) {
      io.err(oneLine(`export: game ${game} has no events in the database`));
      return 1;
    }
    const out = args.values['out'];
    if (out === undefined) io.out(logText(lines));
    else await writeFile(out, logText(lines), { flag: 'wx' });
    return 0;
  } catch (error) {
    io.err(oneLine(`export: ${error instanceof Error ? error.message : String(error)}`));
    return isStoreError(error, 'corrupt') ? 1 : 2;
  } finally {
    await store.close();
  }
}
