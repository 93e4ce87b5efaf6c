// Rule 59's limits on declarations of war after a British surrender, and their consequences: 59.83 (Britain
// follows the U.S.), 59.86A-C (resumption of the war), 59.891A and 59.892C (Japan).
import type { DomainEvent, EventData } from '../../../events/index.js';
import { accept, reject, type Decision } from '../decision.js';
import type { GameView } from '../game-view.js';
import { turnName, turnsAfter } from '../../rules/turns.js';
import { atWar } from '../wars.js';
import { britainNeutral } from './neutrality.js';

/**
 * The limits a British surrender puts on declarations of war, and their consequences:
 * 59.83 (Britain follows the U.S.), 59.86A-C (resumption), 59.891A and 59.892C (Japan).
 */
/** 59.86C: the USAT level from which the U.S. may declare war on Germany after a British surrender. */
export const US_DECLARATION_USAT = 50;

export function britishWarDeclarationRules(view: GameView, data: EventData<'war.declared'>): Decision {
  const { context } = view.britain;
  const last = context.surrenders.at(-1);
  if (last === undefined) return accept([]);
  const { aggressor, targets } = data;
  const after = turnsAfter(data.turn, last.surrender.turn);
  const wars = view.world.wars;

  if (aggressor === 'japan' && targets.includes('britain')) {
    const withUs = targets.includes('us') || atWar(wars, 'japan', 'us');
    if (last.surrender.farEast === 'not-at-war' && !withUs) {
      return reject(
        'illegal',
        '59.891A',
        'Japan may not go to war with Britain without also going to war with the U.S.',
      );
    }
    if (last.japanAdheres === true) {
      if (after < 2)
        return reject(
          'illegal',
          '59.892C',
          'Japan adhered to the treaty: it may declare war only from the second turn after the British surrender',
        );
      if (!withUs)
        return reject(
          'illegal',
          '59.892C',
          'Japan adhered to the treaty: it resumes the war on Britain and the U.S. together',
        );
    }
  }

  if (!britainNeutral(view)) return accept([]);
  if (aggressor === 'britain')
    return reject('illegal', '59.83', 'a surrendered Britain follows the U.S.: it cannot declare war on its own');
  // 59.62, 59.83: the treaty binds the Axis; a neutral Britain re-enters the war only with the U.S. (59.86B, 59.86C).
  if (aggressor === 'italy' && targets.includes('britain')) {
    return reject(
      'illegal',
      '59.83',
      "Britain is neutral after its peace treaty (59.62): its part in the war follows the U.S.'s, and only a war " +
        'between Germany and the U.S. ends its neutrality (59.86B, 59.86C)',
    );
  }
  const germanUs = aggressor === 'germany' && (targets.includes('us') || targets.includes('britain'));
  const usGerman = aggressor === 'us' && targets.includes('germany');
  if (!germanUs && !usGerman) return accept([]);
  if (after < 2)
    return reject(
      'illegal',
      '59.86A',
      `neither Germany nor the U.S. may declare war on the other in the turn following the British surrender ` +
        `(${turnName(last.surrender.turn)})`,
    );
  let resumed: DomainEvent;
  if (germanUs) {
    if (!targets.includes('us')) return reject('illegal', '59.86B', 'Germany may not declare war on Britain alone');
    resumed = {
      type: 'britain.war-resumed',
      data: {
        turn: data.turn,
        rule: '59.86B',
        effects: [
          { rule: '59.86B', code: 'germany-at-war-with-us-and-britain', params: {} },
          {
            rule: '59.87',
            ...(view.world.options.surrenderAfterGermanDeclaration === 'fresh'
              ? { code: 'further-surrender-judged-afresh', params: {} }
              : {
                  code: 'further-surrender-below-previous',
                  params: { level: last.surrender.surrenderLevel, declaredBy: 'germany' },
                }),
          },
        ],
      },
    };
  } else {
    if (data.usatLevel === null || data.usatLevel < US_DECLARATION_USAT) {
      return reject(
        'illegal',
        '59.86C',
        `the U.S. may declare war on Germany after a British surrender only once the USAT level reaches ` +
          `${US_DECLARATION_USAT} (it is ${data.usatLevel ?? 'not given'})`,
      );
    }
    resumed = {
      type: 'britain.war-resumed',
      data: {
        turn: data.turn,
        rule: '59.86C',
        effects: [
          { rule: '59.86C', code: 'us-and-britain-at-war-with-germany', params: { usatLevel: data.usatLevel } },
          {
            rule: '59.87',
            code: 'further-surrender-below-previous',
            params: { level: last.surrender.surrenderLevel, declaredBy: 'us' },
          },
        ],
      },
    };
  }
  return accept([resumed]);
}
