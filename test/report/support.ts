// The bundled example games as the report is built from them: each game's events and its state, replayed by
// the engine (the expected values of the tests come from the log, never from the report).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StoredEvent } from '../../events/index.js';
import { Replayer } from '../../src/engine/replay.js';
import { summarize } from '../../src/engine/summary.js';
import type { ReportGame } from '../../src/report/page.js';
import { readLog } from '../../src/store/file/verify.js';

export const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
export const exampleLogs = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.jsonl'))
  .sort();

export async function exampleGame(name: string): Promise<ReportGame> {
  const replayer = new Replayer({ checkDecisions: true });
  const events: StoredEvent[] = [];
  for await (const batch of readLog(`${EXAMPLES}${name}`, { validate: true })) {
    replayer.applyAll(batch);
    events.push(...batch.filter((e) => e.type !== 'host.logged'));
  }
  replayer.finish();
  const [game, ...others] = [...replayer.games.keys()];
  const view = game === undefined ? undefined : replayer.view(game);
  if (view === undefined || others.length > 0 || replayer.mismatches.length > 0)
    throw new Error(`${name}: expected one game that replays cleanly`);
  return { game: view.world.game, events, summary: summarize(view) };
}
