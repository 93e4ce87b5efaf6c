// What a British surrender allows or forbids from now on, for the host to query (59.52, 59.82,
// 59.83, 59.84, 59.86A, 59.88).
import type { GameView } from '../game-view.js';
import { turnIndex, turnName } from '../../rules/turns.js';
import { atWar } from '../wars.js';
import { britainNeutral } from './neutrality.js';

export interface Permission {
  readonly rule: string;
  readonly permission: string;
  readonly allowed: boolean;
  readonly detail: string;
}

export function britishPermissions(view: GameView): Permission[] {
  const { world: state } = view;
  const { context } = view.britain;
  const last = context.surrenders.at(-1);
  if (last === undefined) {
    return [
      {
        rule: '59.52',
        permission: 'lend-commonwealth-units-to-us',
        allowed: false,
        detail: 'Britain has not surrendered.',
      },
      {
        rule: '59.82',
        permission: 'build-british-units-in-canada',
        allowed: false,
        detail: "Britain has not surrendered; 59.82B (units that may not be built in Britain) is the host's to judge.",
      },
      { rule: '59.88', permission: 'build-british-partisans', allowed: false, detail: 'Britain has not surrendered.' },
    ];
  }
  const surrenderTurn = last.surrender.turn;
  const afterSurrenderTurn = turnIndex(state.turn) > turnIndex(surrenderTurn);
  const latest = context.latestResistance;
  const resistanceAtOrBelowZero = latest !== null && latest.level <= 0;
  const westernAlliesAtWar = atWar(state.wars, 'germany', 'britain') || atWar(state.wars, 'germany', 'us');
  // 59.83: neutral in the European war; a U.S. at war with Italy only, or a war with Japan, does not end it.
  const neutral = britainNeutral(view);
  return [
    {
      rule: '59.52',
      permission: 'lend-commonwealth-units-to-us',
      allowed: afterSurrenderTurn,
      detail: afterSurrenderTurn
        ? 'Canadian, South African, Australian and Indian units may be freely lent to the U.S.'
        : `From the turn after the surrender (${turnName(surrenderTurn)}).`,
    },
    {
      rule: '59.82A',
      permission: 'build-british-units-in-canada',
      allowed: resistanceAtOrBelowZero,
      detail:
        `Britain has surrendered and its latest resistance level is ` +
        `${latest === null ? 'not yet determined' : latest.level}; 59.82B (units that may not be built in ` +
        `Britain) is the host's to judge.`,
    },
    {
      rule: '59.83',
      permission: 'british-forces-neutral',
      allowed: neutral,
      detail:
        'Once surrendered, British participation follows American participation: neutral in the European war until ' +
        'the U.S. and Germany are at war again (59.86B, 59.86C); a U.S. war with Italy only, or a war ' +
        'with Japan (59.891B, 59.891C), does not end it.',
    },
    {
      rule: '59.84',
      permission: 'neutral-britain-deploys-to-europe',
      allowed: neutral,
      detail:
        'British and Commonwealth (not American) units may deploy to Europe, not past an Axis Gibraltar or through ' +
        'Axis territory; no declarations of war on neutral minors.',
    },
    {
      rule: '59.86A',
      permission: 'germany-us-declaration-of-war',
      allowed: neutral && turnIndex(state.turn) - turnIndex(surrenderTurn) >= 2,
      detail:
        'Neither Germany nor the U.S. may declare war on the other in the turn following the surrender; from the ' +
        'second turn Germany may (59.86B), the U.S. once USAT reaches 50 (59.86C).',
    },
    {
      rule: '59.88',
      permission: 'build-british-partisans',
      allowed: westernAlliesAtWar,
      detail:
        'The Western Allies, if at war with Germany, may build two partisans (up to four with partisan production, ' +
        '11.22B) in Axis-controlled territory in Britain.',
    },
  ];
}
