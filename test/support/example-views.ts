// A bundled game's script played up to a point, as the choices tests look at it (decisionOf: ./pending-of.ts).
import type { OriginEvent } from '../../events/index.js';
import type { GameView } from '../../src/engine/game-view.js';
import type { GameScript } from '../../src/examples/script.js';
import { execute, liveGame } from './given.js';

/** The script played up to its first command of `type`: the view then, and that command. */
export function beforeFirst<K extends OriginEvent['type']>(
  script: GameScript,
  type: K,
): { view: GameView; command: Extract<OriginEvent, { type: K }> } {
  const at = script.events.findIndex((e) => e.type === type);
  const live = liveGame();
  for (const e of script.events.slice(0, at))
    if (!execute(live, e, script.game).ok) throw new Error(`refused ${e.type}`);
  const view = live.replayer.view(script.game);
  const command = script.events[at];
  if (view === undefined || command?.type !== type) throw new Error(`no ${type} in ${script.game}`);
  return { view, command: command as Extract<OriginEvent, { type: K }> };
}
