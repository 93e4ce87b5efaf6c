// 56.31: a logged Italian surrender level edited past -2..+2 (only the in-memory API takes events unvalidated)
// is reported where it stands and where the rules meet it; replay goes on and nothing throws.
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { decide } from '../../src/engine/decide.js';
import { Replayer } from '../../src/engine/replay.js';
import { exampleGames } from '../../src/examples/games.js';
import { stored } from '../support/given.js';

/** The bundled game in which Italy surrenders in 1943, as the engine writes it. */
function italy1943(): StoredEvent[] {
  const script = exampleGames['italy-1943-germany-1945']?.();
  if (script === undefined) throw new Error('fixture: the example game');
  const live = new Replayer({ checkDecisions: false });
  const log: StoredEvent[] = [];
  for (const origin of script.events) {
    const decision = decide(live.view(script.game), origin);
    if (!decision.ok) throw new Error(`fixture: ${decision.rejection.message}`);
    const batch = stored(decision.events, script.game, log.length + 1);
    live.applyAll(batch);
    log.push(...batch);
  }
  return log;
}

describe('56.31: a logged surrender level outside -2..+2', () => {
  it('is reported at its own seq and at each command the rules can no longer judge', () => {
    const log = italy1943();
    const surrender = log.find((e) => e.type === 'italy.surrendered');
    if (surrender?.type !== 'italy.surrendered') throw new Error('fixture: the Italian surrender');
    surrender.data.surrenderLevel = 7;
    const replayer = new Replayer();
    replayer.applyAll(log);
    const game = 'italy-1943-germany-1945';
    const unjudged =
      'the rules cannot judge this "italy.forces-selected" on the game as the log holds it (56.31: the logged ' +
      'surrender level 7 is outside -2..+2)';
    expect(replayer.finish()).toEqual([
      {
        seq: 90,
        game,
        message:
          '"italy.surrendered" no longer matches the rules at data.surrenderLevel: the rules give 0, the log holds 7',
      },
      { seq: 92, game, message: unjudged },
      { seq: 93, game, message: unjudged },
      { seq: 94, game, message: 'the rules do not produce this "italy.forces-disposed" here' },
    ]);
    expect(replayer.version).toBe(log.length);
  });

  it('leaves an unchecked replay to follow the log to its end', () => {
    const log = italy1943();
    const surrender = log.find((e) => e.type === 'italy.surrendered');
    if (surrender?.type !== 'italy.surrendered') throw new Error('fixture: the Italian surrender');
    surrender.data.surrenderLevel = -9;
    const replayer = new Replayer({ checkDecisions: false });
    replayer.applyAll(log);
    expect(replayer.finish()).toEqual([]);
    expect(replayer.version).toBe(log.length);
  });
});
