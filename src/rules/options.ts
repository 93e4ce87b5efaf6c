// Readings of the rules that players could reasonably disagree about (docs/rulings.md).
// A game fixes its options in its first event, so that a replay never depends on the engine's defaults.
import type { Static } from '@sinclair/typebox';
import { Enum, Strict } from '../schema/types.js';

export const RulingOptionsSchema = Strict({
  /**
   * 59.14B and 59.85 disagree about the exception to the U.S. and Britain fighting on (62.91):
   * 59.14B says "unless Russia is in a state of surrender and Japan has NOT surrendered",
   * 59.85 says "... and Japan HAS surrendered".
   */
  usWarContinuationException: Enum(['59.14B', '59.85'] as const),
  /**
   * 59.87: once Germany has declared war on the Western Allies after a British surrender (59.86B), does a
   * further surrender still have to fall below the previous level ('below-previous'), or is it judged
   * afresh from 0 ('fresh', the default)?
   */
  surrenderAfterGermanDeclaration: Enum(['fresh', 'below-previous'] as const),
});
export type RulingOptions = Static<typeof RulingOptionsSchema>;

export const defaultRulingOptions: RulingOptions = {
  usWarContinuationException: '59.14B',
  surrenderAfterGermanDeclaration: 'fresh',
};
