// Rule 56 in the engine: the Italian surrender check at the end of each Allied player turn (56.11,
// 56.12, 56.31) and the effects of an Italian surrender (56.2-56.6) as records for the host.
import type { DomainEvent, EventData } from '../../../events/index.js';
import type { Effect } from '../../../events/effects.js';
import {
  italianSurrender,
  type ItalianSurrenderInput,
  type ItalianSurrenderResult,
} from '../../rules/italian-surrender.js';
import { isEmptyRow } from '../../rules/italian-forces-table.js';
import { bothSidesSelect, selectionOrder } from '../../rules/italian-selection-order.js';
import type { GameView } from '../game-view.js';
import type { GameTurn } from '../../rules/turns.js';
import { isAllied, warList } from '../wars.js';

type ItalianFacts = NonNullable<EventData<'host.allied-player-turn-ended'>['italy']>;

/** Germany's position when Italy surrenders (56.21, 56.31B, 56.41, 56.311). */
export type GermanyAtItalianSurrender = EventData<'italy.surrendered'>['germany'];

/** 56.11: the check runs while Italy is at war with an Allied major power and has not surrendered. */
export function italianCheckDue(view: GameView): boolean {
  return view.italy.matches('atWar') && warList(view.world.wars).some((w) => w.axis === 'italy' && isAllied(w.allied));
}

/** 56.12A and 56.12B come from the log's declarations of war, never from the host. */
export function italianInputs(view: GameView, facts: ItalianFacts): ItalianSurrenderInput {
  return {
    italianDpTotal: facts.italianDpTotal,
    romeAlliedControlled: facts.romeAlliedControlled,
    axisUnitsInAfrica: facts.axisUnitsInAfrica,
    westernAlliesDeclaredWarOnItaly: view.world.italy.westernAlliesDeclaredWar,
    italyDeclaredWarOnWesternAlliesYear: view.world.italy.declaredWarOnWesternAlliesYear,
    dpsInItaly: { axis: facts.dpsInItaly.axis, allied: facts.dpsInItaly.allied },
    covertOperationsModifier: facts.covertOperationsModifier,
  };
}

/** 56.2-56.6 and the 56.32 row: what the host must do when Italy surrenders. */
export function italianSurrenderEffects(
  result: ItalianSurrenderResult,
  germany: GermanyAtItalianSurrender,
  order: readonly ('axis' | 'allied')[],
): Effect[] {
  const germanyOut = germany === 'fights-on' ? null : germany;
  return [
    germanyOut !== null
      ? { rule: '56.21', code: 'war-in-europe-ends', params: { surrendering: 'italy', germany: germanyOut } }
      : { rule: '56.21', code: 'war-in-europe-goes-on', params: {} },
    { rule: '56.22', code: 'italian-wars-end', params: {} },
    { rule: '56.31A', code: 'remove-italian-air-units', params: {} },
    germanyOut !== null
      ? { rule: '56.31B', code: 'folgore-removed', params: { germany: germanyOut } }
      : {
          rule: '56.31B',
          code: 'folgore-to-german-force-pool',
          params: {},
        },
    { rule: '56.31C', code: 'remove-italian-ground-units', params: {} },
    {
      rule: '56.32',
      code: 'post-surrender-forces',
      params: {
        level: result.surrenderLevel,
        germany: { ...result.forces.germany },
        us: { ...result.forces.us },
        order: [...order],
        germanHalfUnclaimed: isEmptyRow(result.forces.germany) ? null : germanyOut,
      },
    },
    germanyOut !== null
      ? {
          rule: '56.41',
          code: 'italian-hexes-uncontrolled',
          params: { germany: germanyOut },
        }
      : {
          rule: '56.41',
          code: 'italian-hexes-to-germany',
          params: {},
        },
    { rule: '56.51', code: 'italian-minors-surrender', params: {} },
    {
      rule: '56.52',
      code: 'italian-colonies-conquests-uncontrolled',
      params: { withGermanConquests: germany === 'surrendered-earlier' },
    },
    { rule: '56.61', code: 'italian-key-economic-areas', params: {} },
    { rule: '56.62', code: 'italian-brps-as-conquests', params: {} },
    { rule: '56.63', code: 'italian-brps-senior-partner', params: {} },
    {
      rule: '56.33',
      code: 'italian-ground-construction',
      params: { germanyInPlay: germanyOut === null },
    },
  ];
}

/**
 * 56.11 at the end of an Allied player turn: the check (always recorded, so that the audit shows
 * every turn's DP total) and, when it holds, the surrender with its effects. 56.13: Germany's position
 * changes nothing in the check, only the effects (56.21) and who selects (56.311).
 */
export function italianSurrenderCheck(
  view: GameView,
  turn: GameTurn,
  facts: ItalianFacts,
  germany: GermanyAtItalianSurrender,
): DomainEvent[] {
  const inputs = italianInputs(view, facts);
  const result = italianSurrender(inputs);
  const events: DomainEvent[] = [
    {
      type: 'italy.surrender-checked',
      data: {
        turn,
        inputs,
        dpTotal: result.dpTotal,
        surrenders: result.surrenders,
        surrenderLevel: result.surrenderLevel,
        lines: [...result.lines],
      },
    },
  ];
  if (result.surrenders) {
    const order = selectionOrder(result.surrenderLevel, germany === 'fights-on');
    const conditions: ('56.11A' | '56.11B')[] = [];
    if (inputs.romeAlliedControlled) conditions.push('56.11A');
    if (!inputs.axisUnitsInAfrica) conditions.push('56.11B');
    events.push({
      type: 'italy.surrendered',
      data: {
        turn,
        conditions,
        dpTotal: result.dpTotal,
        surrenderLevel: result.surrenderLevel,
        germany,
        axisSelectsFirst: bothSidesSelect(order), // events/italian.ts: both sides select, Germany in play
        selectionOrder: order,
        row: { germany: { ...result.forces.germany }, us: { ...result.forces.us } },
        effects: italianSurrenderEffects(result, germany, order),
      },
    });
  }
  return events;
}
