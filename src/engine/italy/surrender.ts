// Rule 56 in the engine: the Italian surrender check at the end of each Allied player turn (56.11,
// 56.12, 56.31) and the effects of an Italian surrender (56.2-56.6) as records for the host.
import type { DomainEvent, EventData } from '../../../events/index.js';
import type { Effect } from '../../../events/effects.js';
import { italianSurrender, type ItalianSurrenderInput, type ItalianSurrenderResult } from '../../rules/italian-surrender.js';
import { isEmptyRow, type ForceAmounts, type ItalianSurrenderLevel } from '../../rules/italian-forces-table.js';
import { signed } from '../../rules/lines.js';
import type { GameView } from '../game-view.js';
import type { GameTurn } from '../turns.js';
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

/** 56.311 with the ruling on a surrendered Germany: who selects, in order. */
export function selectionOrder(level: ItalianSurrenderLevel, germany: GermanyAtItalianSurrender): ('axis' | 'allied')[] {
  const germanyInPlay = germany === 'fights-on';
  if (level > 0) return germanyInPlay ? ['axis'] : [];
  if (level < 0) return ['allied'];
  return germanyInPlay ? ['axis', 'allied'] : ['allied'];
}

const amounts = (a: ForceAmounts): string =>
  `${a.infantryFactors} infantry factors, ${a.namedShips} named ship${a.namedShips === 1 ? '' : 's'}, ${a.cruisers} cruiser${a.cruisers === 1 ? '' : 's'}, ${a.destroyerFactors} destroyer factor${a.destroyerFactors === 1 ? '' : 's'}`;

const GERMANY_OUT = {
  'surrendered-earlier': 'Germany has already surrendered',
  'surrenders-same-turn': 'Germany surrenders at the end of this same Allied player turn',
} as const;

/** 56.2-56.6 and the 56.32 row: what the host must do when Italy surrenders. */
export function italianSurrenderEffects(result: ItalianSurrenderResult, germany: GermanyAtItalianSurrender, order: readonly ('axis' | 'allied')[]): Effect[] {
  const germanyOut = germany === 'fights-on' ? null : GERMANY_OUT[germany];
  const level = signed(result.surrenderLevel);
  const who =
    order.length === 0
      ? 'nobody selects: every Italian infantry and naval unit is removed'
      : order.length === 2
        ? 'the Axis player selects first, then the Allied player (56.311)'
        : `only the ${order[0] === 'axis' ? 'Axis player (for Germany)' : 'Allied player (for the U.S.)'} selects`;
  const unclaimed = germanyOut !== null && !isEmptyRow(result.forces.germany) ? `; ${germanyOut}: the German half of the row goes to no one` : '';
  return [
    germanyOut !== null
      ? { rule: '56.21', code: 'war-in-europe-ends', text: `${germanyOut}: Italy's surrender ends the war in Europe.` }
      : { rule: '56.21', code: 'war-in-europe-goes-on', text: 'Germany has not surrendered: the war in Europe goes on.' },
    { rule: '56.22', code: 'italian-wars-end', text: 'Italy is out of the war: its wars with the Allied powers end, and the effects of 56.3-56.6 apply.' },
    { rule: '56.31A', code: 'remove-italian-air-units', text: 'All Italian air units are permanently removed from play.' },
    germanyOut !== null
      ? { rule: '56.31B', code: 'folgore-removed', text: `${germanyOut} (55.31): the 1-3 Folgore airborne unit has no German force pool to join and is removed from play.` }
      : {
          rule: '56.31B',
          code: 'folgore-to-german-force-pool',
          text: 'The 1-3 Folgore airborne unit is added, unbuilt, to the German force pool wherever it was and whatever the allocation; it may overstack and be used anywhere on the board, but may not airdrop.',
        },
    { rule: '56.31C', code: 'remove-italian-ground-units', text: 'All Italian ground units are removed from the board; Italian infantry joins the force pools only as the 56.32 row allocates it.' },
    {
      rule: '56.32',
      code: 'post-surrender-forces',
      text: `Surrender level ${level}: Germany ${amounts(result.forces.germany)}; the U.S. ${amounts(result.forces.us)}; ${who}${unclaimed}. The host reports Italy's navy and infantry first (56.31D).`,
    },
    germanyOut !== null
      ? {
          rule: '56.41',
          code: 'italian-hexes-uncontrolled',
          text: `${germanyOut}: Italian-controlled hexes in Italy, Sicily and Sardinia, with their fortifications, beach defenses and railheads, are controlled by no one until a major power occupies them (as 55.41).`,
        }
      : {
          rule: '56.41',
          code: 'italian-hexes-to-germany',
          text: 'All Italian-controlled hexes in Italy, Sicily and Sardinia pass to German control, with any fortifications, beach defenses and railheads in them.',
        },
    { rule: '56.51', code: 'italian-minors-surrender', text: 'All Italian associated minor countries surrender; their units are removed from play.' },
    {
      rule: '56.52',
      code: 'italian-colonies-conquests-uncontrolled',
      text: `Italian colonies and conquests${germany === 'surrendered-earlier' ? ' (German Mediterranean conquests that passed to Italy under 55.52 included)' : ''} are controlled by no one and come under the control of the first major power to occupy them.`,
    },
    { rule: '56.61', code: 'italian-key-economic-areas', text: 'Rome, Genoa and Milan remain key economic areas worth 20, 10 and 10 BRPs; Italy has no other BRP value as a conquest.' },
    { rule: '56.62', code: 'italian-brps-as-conquests', text: 'Major powers controlling the Italian key economic areas receive their BRPs as for other conquests.' },
    { rule: '56.63', code: 'italian-brps-senior-partner', text: 'If two or more Allied major powers cooperate in gaining an Italian key economic area, the senior alliance partner receives its BRPs (83.51).' },
    {
      rule: '56.33',
      code: 'italian-ground-construction',
      text:
        germanyOut !== null
          ? 'Italian ground units allocated to the U.S. may be built, and rebuilt if lost, in any fully supplied American-controlled hex in Italy.'
          : 'The Folgore and the allocated Italian ground units may be built, and rebuilt if lost, in any fully supplied German-controlled (German units) or American-controlled (American units) hex in Italy.',
    },
  ];
}

/**
 * 56.11 at the end of an Allied player turn: the check (always recorded, so that the audit shows
 * every turn's DP total) and, when it holds, the surrender with its effects. 56.13: Germany's position
 * changes nothing in the check, only the effects (56.21) and who selects (56.311).
 */
export function italianSurrenderCheck(view: GameView, turn: GameTurn, facts: ItalianFacts, germany: GermanyAtItalianSurrender): DomainEvent[] {
  const inputs = italianInputs(view, facts);
  const result = italianSurrender(inputs);
  const events: DomainEvent[] = [
    {
      type: 'italy.surrender-checked',
      data: { turn, inputs, dpTotal: result.dpTotal, surrenders: result.surrenders, surrenderLevel: result.surrenderLevel, lines: [...result.lines] },
    },
  ];
  if (result.surrenders) {
    const order = selectionOrder(result.surrenderLevel, germany);
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
        axisSelectsFirst: order.length === 2,
        selectionOrder: order,
        row: { germany: { ...result.forces.germany }, us: { ...result.forces.us } },
        effects: italianSurrenderEffects(result, germany, order),
      },
    });
  }
  return events;
}
