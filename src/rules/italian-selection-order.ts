// 56.311: who selects Italy's post-surrender forces, and in which order. The one home of that order: the
// calculator (italian-surrender.ts), the validation of a selection (italian-allocation.ts), the engine's
// italy.surrendered and the Italy machine's guards and refusals all read it, and its reasons, from here.
import { signed, type Violation } from './lines.js';
import type { ItalianSurrenderLevel } from './italian-forces-table.js';

export type AllocationSide = 'axis' | 'allied';

/** Which sides have made their selection. */
export type SelectionsMade = Readonly<Record<AllocationSide, boolean>>;

/**
 * 56.311: the sides that select, in order: at level 0 both, the Axis first; above 0 the Axis alone; below 0
 * the Allies alone. A Germany out of play selects nothing (ruling 56.311 in docs/rulings.md).
 */
export function selectionOrder(level: ItalianSurrenderLevel, germanyInPlay = true): AllocationSide[] {
  if (level > 0) return germanyInPlay ? ['axis'] : [];
  if (level < 0) return ['allied'];
  return germanyInPlay ? ['axis', 'allied'] : ['allied'];
}

/** 56.311: in this order both sides select, the Axis first (what italy.surrendered records as `axisSelectsFirst`). */
export const bothSidesSelect = (order: readonly AllocationSide[]): boolean => order.length === 2;

/** 56.311: at this level both sides select when Germany is in play: level 0 (the calculator's `axisSelectsFirst`). */
export const bothSidesSelectAt = (level: ItalianSurrenderLevel): boolean => bothSidesSelect(selectionOrder(level));

/** 56.311: the side whose selection comes next, or null once every side in the order has selected. */
export const nextToSelect = (order: readonly AllocationSide[], made: SelectionsMade): AllocationSide | null =>
  order.find((side) => !made[side]) ?? null;

const player = { axis: 'Axis', allied: 'Allied' } as const;
const receiverOf = (level: number): string => (level > 0 ? 'Germany' : 'the United States');
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The reasons of 56.311, in the words the validation of a selection and the Italy machine's refusals share. */
const reason = {
  before: (level: number, first: AllocationSide, side: AllocationSide): string =>
    `at surrender level ${signed(level)} the ${player[first]} player selects the post-surrender Italian forces ` +
    `before the ${player[side]} player`,
  oneSide: (level: number, only: string): string =>
    `only at surrender level 0 do both sides select; at level ${signed(level)} only ${only}`,
};

/** 56.311: why `side` may not select now at `level` (Germany in play), or null when it may. */
export function outOfOrder(level: ItalianSurrenderLevel, side: AllocationSide, made: SelectionsMade): Violation | null {
  const order = selectionOrder(level);
  const at = order.indexOf(side);
  const first = order[0];
  if (at > 0 && first !== undefined && nextToSelect(order.slice(0, at), made) !== null) {
    return { rule: '56.311', message: capital(reason.before(level, first, side)) };
  }
  const later = order.slice(at + 1).find((s) => made[s]);
  if (at >= 0 && later !== undefined) {
    return {
      rule: '56.311',
      message:
        `The ${player[side]} player selects before the ${player[later]} player, but an ${player[later]} ` +
        `selection has already been made`,
    };
  }
  const other: AllocationSide = side === 'axis' ? 'allied' : 'axis';
  if (order.length < 2 && made[other]) {
    return { rule: '56.311', message: capital(reason.oneSide(level, `${receiverOf(level)} does`)) };
  }
  return null;
}

/** The surrender as the Italy machine holds it: its level, its order of selection, and whether Germany is in play. */
export interface SelectionState {
  readonly surrenderLevel: number;
  readonly selectionOrder: readonly AllocationSide[];
  readonly germanyInPlay: boolean;
}

/** Why the Italy machine does not take a selection: against the rules, or not (or no longer) awaited. */
export interface SelectionRefusal {
  readonly code: 'illegal' | 'not-pending';
  readonly rule: '56.311';
  readonly message: string;
}

/**
 * 56.311: why the Italy machine refuses `side`'s selection when the order does not give that side the turn
 * (the machine decides when; this says why).
 */
export function selectionRefusal(state: SelectionState, side: AllocationSide): SelectionRefusal {
  const level = state.surrenderLevel;
  if (!state.selectionOrder.includes(side)) {
    if (side === 'axis' && !state.germanyInPlay) {
      return {
        code: 'illegal',
        rule: '56.311',
        message: 'Germany has surrendered (55.31): the Axis player selects no post-surrender Italian forces',
      };
    }
    const receiver = `${receiverOf(level)} (the ${player[level > 0 ? 'axis' : 'allied']} player)`;
    return {
      code: 'illegal',
      rule: '56.311',
      message: reason.oneSide(level, `${receiver} receives post-surrender Italian forces`),
    };
  }
  if (side === 'axis')
    return {
      code: 'not-pending',
      rule: '56.311',
      message: 'the Axis player has already selected its post-surrender Italian forces',
    };
  return { code: 'illegal', rule: '56.311', message: reason.before(level, 'axis', 'allied') };
}
