// Readings of the rules that players could reasonably disagree about (docs/rulings.md).
// A game fixes its options in its first event, so that a replay never depends on the engine's defaults.
import { Type, type Static } from '@sinclair/typebox';
import { Enum, Strict } from '../schema/types.js';

/** Each option's values, the default first (the schema below and the CLI's `--option NAME=VALUE` read them). */
export const rulingOptionValues = {
  usWarContinuationException: ['59.14B', '59.85'],
  surrenderAfterGermanDeclaration: ['fresh', 'below-previous'],
  usat30to39WhenUsAtWar: ['counts', 'ignored'],
  unfinishedLightShips: ['rows-2-and-launch', 'never'],
  italianWarDeclarations: ['how-the-war-began', 'every-declaration'],
} as const;
export type RulingOptionName = keyof typeof rulingOptionValues;

export const RulingOptionsSchema = Strict({
  /**
   * 59.14B and 59.85 disagree about the exception to the U.S. and Britain fighting on (62.91):
   * 59.14B says "unless Russia is in a state of surrender and Japan has NOT surrendered",
   * 59.85 says "... and Japan HAS surrendered".
   */
  usWarContinuationException: Enum(rulingOptionValues.usWarContinuationException),
  /**
   * 59.87: once Germany has declared war on the Western Allies after a British surrender (59.86B), does a
   * further surrender still have to fall below the previous level ('below-previous'), or is it judged
   * afresh from 0 ('fresh', the default)?
   */
  surrenderAfterGermanDeclaration: Enum(rulingOptionValues.surrenderAfterGermanDeclaration),
  /**
   * 59.21: the +1 row "USAT level between 30 and 39" while the U.S. is already at war with Germany; the table
   * attaches "not at war" only to the 40-or-more row. 'counts' (default) applies it as written.
   */
  usat30to39WhenUsAtWar: Enum(rulingOptionValues.usat30to39WhenUsAtWar),
  /**
   * 56.32 footnote *: may cruisers and destroyers on the "2" or "Launch" row of the Italian Naval Construction
   * Chart be selected, as named ships may ('rows-2-and-launch', the default), or only light ships in play ('never')?
   */
  unfinishedLightShips: Enum(rulingOptionValues.unfinishedLightShips),
  /**
   * 56.12A, 56.12B: are they the two ways the war between Italy and the Western Allies began, so that only the
   * first declaration between them counts ('how-the-war-began', the default), or does every declaration count,
   * so that Italy's on Britain and a later American one on Italy give both ('every-declaration')? Absent in a
   * game started before the option existed: 'every-declaration', the reading its log was decided by.
   */
  italianWarDeclarations: Type.Optional(Enum(rulingOptionValues.italianWarDeclarations)),
});
export type RulingOptions = Static<typeof RulingOptionsSchema>;

export const defaultRulingOptions: RulingOptions = {
  usWarContinuationException: '59.14B',
  surrenderAfterGermanDeclaration: 'fresh',
  usat30to39WhenUsAtWar: 'counts',
  unfinishedLightShips: 'rows-2-and-launch',
  italianWarDeclarations: 'how-the-war-began',
};

/** 56.12A, 56.12B: the reading in force; a game started without the option keeps the one its log was decided by. */
export const italianWarDeclarationsOf = (
  options: RulingOptions,
): (typeof rulingOptionValues.italianWarDeclarations)[number] => options.italianWarDeclarations ?? 'every-declaration';
