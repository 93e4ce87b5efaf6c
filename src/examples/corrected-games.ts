// Bundled games with a correction (docs/corrections.md): a game played, a mistaken report found some turns later and
// corrected by the host as referee, and play going on from the corrected game.
import type { OriginEvent, StoredEvent } from '../../events/index.js';
import { rejectedThenForced1943 } from './rejected-then-forced-1943.js';

/** A game, the command before which the correction is made, and the correction as the log then stands. */
export interface CorrectedScript {
  readonly game: string;
  readonly events: readonly OriginEvent[];
  /** The index in `events` of the first command played after the correction. */
  readonly at: number;
  readonly correction: (log: readonly StoredEvent[]) => OriginEvent;
}

/**
 * "rejected-then-forced-1943", corrected after Winter 1942: the host had reported British DP level -2 at the end
 * of Fall 1942 where it was 5. The game decided again has no offer in Fall 1942 (59.12: resistance 4), so Germany's
 * rejection is set aside; the atomic attacks of Spring 1943 still force the acceptance at -10 (59.23, 59.41).
 */
export function correctedDpLevel1942(): CorrectedScript {
  const script = rejectedThenForced1943();
  const at =
    script.events.findIndex(
      (e) => e.type === 'host.game-turn-ended' && e.data.turn.season === 'winter' && e.data.turn.year === 1942,
    ) + 1;
  const correction = (log: readonly StoredEvent[]): OriginEvent => {
    const report = log.find(
      (e): e is StoredEvent & { type: 'host.game-turn-ended' } =>
        e.type === 'host.game-turn-ended' && e.data.turn.season === 'fall' && e.data.turn.year === 1942,
    );
    if (report === undefined) throw new Error('no Fall 1942 report to correct');
    const data = { ...report.data, britain: { ...report.data.britain, britishDpLevel: 5 } };
    return { type: 'host.report-corrected', data: { seq: report.seq, report: { type: report.type, data } } };
  };
  return { game: 'corrected-dp-level-1942', events: script.events, at, correction };
}

export const correctedGames: Readonly<Record<string, () => CorrectedScript>> = {
  'corrected-dp-level-1942': correctedDpLevel1942,
};
