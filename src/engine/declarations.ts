// Who may declare war on whom now: for each pair of powers on opposite sides, the engine's own decide on a
// `war.declared` of that pair in the current turn, so the menu can never disagree with what execute does
// (59.83, 59.86A-C, 59.891A, 59.892C, 55.31, 56.3 and every other check decide makes).
import { AlliedPowers, AxisPowers } from '../../events/common.js';
import { decide } from './decide.js';
import type { GameView } from './game-view.js';
import { warBetween, type Power } from './wars.js';
import { US_DECLARATION_USAT } from './britain/war-declarations.js';
import type { Declaration } from './declarations-schema.js';

export type { Declaration } from './declarations-schema.js';

const POWERS: readonly Power[] = [...AxisPowers, ...AlliedPowers];

function declaration(view: GameView, aggressor: Power, target: Power): Declaration {
  const attempt = (usatLevel: number | null) =>
    decide(view, { type: 'war.declared', data: { turn: view.world.turn, aggressor, targets: [target], usatLevel } });
  const plain = attempt(null);
  if (plain.ok) return { aggressor, target, allowed: true, refusedBy: null, usatLevelAtLeast: null };
  const refusedBy = { rule: plain.rejection.rule, code: plain.rejection.code };
  // 59.86C: a declaration refused for want of a USAT level, decided again at the level the rule names.
  if (plain.rejection.rule === '59.86C' && attempt(US_DECLARATION_USAT).ok)
    return { aggressor, target, allowed: true, refusedBy: null, usatLevelAtLeast: US_DECLARATION_USAT };
  return { aggressor, target, allowed: false, refusedBy, usatLevelAtLeast: null };
}

/** Every pair of powers on opposite sides, aggressor first, in the order of the powers (Axis, then Allied). */
export function declarationsOf(view: GameView): Declaration[] {
  return POWERS.flatMap((aggressor) =>
    POWERS.filter((target) => warBetween(aggressor, target) !== null).map((target) =>
      declaration(view, aggressor, target),
    ),
  );
}
