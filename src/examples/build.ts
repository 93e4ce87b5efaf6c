// Writes the example games to examples/*.jsonl through the real engine and file store, with a
// deterministic envelope source so that the files are the same on every machine.
import { createHash } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { SurrenderEngine } from '../host/engine.js';
import { JsonlFileStore } from '../store/file/jsonl-file.js';
import type { EnvelopeSource } from '../store/store.js';
import type { GameScript } from './script.js';
import { exampleGames } from './games.js';
import { correctedGames, type CorrectedScript } from './corrected-games.js';
import type { OriginEvent, StoredEvent } from '../../events/index.js';

/**
 * Ids that depend only on the game and the event's seq (one per event: ids are unique, docs/log-format.md, also
 * when a log is reopened), and times one second apart per append.
 */
export function deterministicSource(game: string): EnvelopeSource {
  let appends = 0;
  const start = Date.UTC(2026, 0, 1);
  return {
    id: (seq) => createHash('sha256').update(`${game}:event:${seq}`).digest('base64url').slice(0, 21),
    now: () => new Date(start + 1000 * appends++).toISOString(),
  };
}

/**
 * Plays a script through the engine into a new log file; a refused command is a bug in the script. A corrected
 * script (./corrected-games.ts) has its correction made before its command `at`, on the log as it then stands.
 */
export async function buildExample(script: GameScript | CorrectedScript, path: string): Promise<number> {
  await rm(path, { force: true });
  const store = await JsonlFileStore.open(path, { create: true, source: deterministicSource(script.game) });
  const engine = await SurrenderEngine.open(store);
  const play = async (origin: OriginEvent, i: number): Promise<void> => {
    const result = await engine.execute(script.game, origin);
    if (!result.ok)
      throw new Error(
        `${script.game}: command ${i + 1} (${origin.type}) refused: ` +
          `${result.rejection.rule} ${result.rejection.message}`,
      );
  };
  try {
    for (const [i, origin] of script.events.entries()) {
      if ('correction' in script && i === script.at) {
        const log: StoredEvent[] = [];
        for await (const batch of store.read({ from: 1 })) log.push(...batch);
        await play(script.correction(log), i);
      }
      await play(origin, i);
    }
    return engine.version;
  } finally {
    await engine.close();
  }
}

export async function buildAll(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true });
  for (const [name, make] of [...Object.entries(exampleGames), ...Object.entries(correctedGames)]) {
    const version = await buildExample(make(), join(directory, `${name}.jsonl`));
    process.stdout.write(`${name}.jsonl: ${version} events\n`);
  }
}
