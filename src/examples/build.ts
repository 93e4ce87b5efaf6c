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

/** Plays a script through the engine into a new log file; a refused command is a bug in the script. */
export async function buildExample(script: GameScript, path: string): Promise<number> {
  await rm(path, { force: true });
  const store = await JsonlFileStore.open(path, { create: true, source: deterministicSource(script.game) });
  const engine = await SurrenderEngine.open(store);
  try {
    for (const [i, origin] of script.events.entries()) {
      const result = await engine.execute(script.game, origin);
      if (!result.ok) {
        throw new Error(
          `${script.game}: command ${i + 1} (${origin.type}) refused: ${result.rejection.rule} ` +
            `${result.rejection.message}`,
        );
      }
    }
    return engine.version;
  } finally {
    await engine.close();
  }
}

export async function buildAll(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true });
  for (const [name, make] of Object.entries(exampleGames)) {
    const version = await buildExample(make(), join(directory, `${name}.jsonl`));
    process.stdout.write(`${name}.jsonl: ${version} events\n`);
  }
}
