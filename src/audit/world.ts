// Audit lines for the war as a whole: declarations of war, other surrenders, the end of the war in Europe.
import { EUROPE_WAR_END_WORDS } from '../../events/europe.js';
import type { StoredEvent } from '../../events/index.js';
import { turnName } from '../rules/turns.js';
import { italianWarDeclarationsOf } from '../rules/options.js';
import type { Draft } from './entry.js';
import { auditRepair } from './repair.js';

type Entry = Draft;

export function auditWorld(event: StoredEvent): Entry[] {
  switch (event.type) {
    case 'host.game-started':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '-',
          result: `${event.data.scenario === 'global' ? 'Global War' : 'European'} game starts`,
          breakdown: [
            `wars: ${event.data.wars.map((w) => `${w.axis}-${w.allied}`).join(', ') || 'none'}`,
            ...Object.entries(event.data.options).map(([k, v]) => `option ${k}: ${v}`),
            // 56.12A, 56.12B: a game started before the option follows the reading its log was decided by.
            ...(event.data.options.italianWarDeclarations === undefined
              ? [
                  `option italianWarDeclarations: ${italianWarDeclarationsOf(event.data.options)} (the game ` +
                    `started before the option)`,
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
          result: `${event.data.aggressor} declares war on ${event.data.targets.join(' and ')}`,
          breakdown: event.data.usatLevel === null ? [] : [`USAT level ${event.data.usatLevel}`],
        },
      ];
    case 'host.power-surrendered':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.22',
          result: `${event.data.power} has surrendered (reported by the host)`,
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
