// Audit lines for the war as a whole: declarations of war, other surrenders, the end of the war in Europe.
import { EUROPE_WAR_END_WORDS } from '../../events/europe.js';
import type { EventData, StoredEvent } from '../../events/index.js';
import { turnName } from '../rules/turns.js';
import { italianWarDeclarationsOf } from '../rules/options.js';
import type { Draft } from './entry.js';
import { optionRow, powerName } from './words.js';
import { auditRepair } from './repair.js';

type Entry = Draft;

const targets = (powers: readonly Parameters<typeof powerName>[0][]): string => powers.map(powerName).join(' and ');
const wars = (list: EventData<'host.game-started'>['wars']): string =>
  list.map((w) => `${powerName(w.axis)} with ${powerName(w.allied)}`).join(', ') || 'no one';

export function auditWorld(event: StoredEvent): Entry[] {
  switch (event.type) {
    case 'host.game-started':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '-',
          result: `${event.data.scenario === 'global' ? 'Global War' : 'European'} game starts`,
          breakdown: [
            `at war: ${wars(event.data.wars)}`,
            ...Object.entries(event.data.options).map(([k, v]) => optionRow(k, v)),
            // 56.12A, 56.12B: a game started before the option follows the reading its log was decided by.
            ...(event.data.options.italianWarDeclarations === undefined
              ? [
                  `${optionRow('italianWarDeclarations', italianWarDeclarationsOf(event.data.options))} (the ` +
                    `game started before the option)`,
                ]
              : []),
          ],
        },
      ];
    case 'war.declared':
      return [
        {
          turn: turnName(event.data.turn),
          rule: 'war',
          result: `${powerName(event.data.aggressor)} declares war on ${targets(event.data.targets)}`,
          breakdown: event.data.usatLevel === null ? [] : [`USAT level ${event.data.usatLevel}`],
        },
      ];
    case 'host.power-surrendered':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.22',
          result: `${powerName(event.data.power)} has surrendered (reported by the host)`,
          breakdown: [],
        },
      ];
    case 'host.dominion-surrendered':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.21',
          result: `${event.data.dominion} has surrendered (reported by the host)`,
          breakdown: [],
        },
      ];
    case 'europe.war-ended':
      return [
        {
          turn: turnName(event.data.turn),
          rule: event.data.rule,
          result: 'The war in Europe ends',
          breakdown: [`${event.data.rule} ${EUROPE_WAR_END_WORDS[event.data.reason]}`],
        },
      ];
    case 'log.repaired':
      return [auditRepair(event.data)];
    default:
      return [];
  }
}
