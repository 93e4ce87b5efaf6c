// Britain's resistance level (59.11, 59.21, 59.22): the host's facts at the end of a game turn and the rule decision.
import { Type, type TSchema } from '@sinclair/typebox';
import { Count, Int, Strict, Turn } from '../src/schema/types.js';
import {
  BritishResistanceFactsSchema,
  BritishResistanceInputSchema,
  britishResistanceLines,
  contractFacts,
  NavalUnitSchema,
  type BritishResistanceFacts,
} from '../src/rules/british-resistance.js';
import { britishLineCodes } from '../src/rules/british-lines.js';
import { lineSchemaOf, withDerivedLinesOf, WordedLineSchema } from '../src/rules/line-spec.js';
import { RulingOptionsSchema } from '../src/rules/options.js';
import { defineEvent, defineUpcaster } from './registry.js';

/**
 * What the host sees of Britain at the end of a game turn (59.21, 59.22). Everything the engine can
 * count from its own log is left out: atomic attacks, firestorms, Australian and Indian surrenders,
 * who is at war, concession points forgone (59.75A), the previous surrender level (59.87), and the
 * units removed at earlier surrenders (59.871, added to the unbuilt factors by the engine).
 */
export const BritishFactsSchema = Strict({
  britishDpLevel: Int(),
  axisControlsMalta: Type.Boolean(),
  axisControlsSingapore: Type.Boolean(),
  oilEffectsOnBritain: Count({ maximum: 4 }),
  atlanticSwTransports: Count(),
  russianGroundUnitInEasternEurope: Type.Boolean(),
  /** Unbuilt British and Commonwealth ground/AAF factors now in the force pool (not those removed at a surrender). */
  unbuiltBritishGroundAirFactors: Count(),
  usatLevel: Count(),
  westernAlliedGroundAirFactorsOnWesternFront: Count(),
  westernAlliedGroundUnitInGermany: Type.Boolean(),
  russianGroundUnitInWesternPolandOrRumania: Type.Boolean(),
  naval: Type.Array(NavalUnitSchema, { maxItems: 2000 }),
});

export const gameTurnEnded = defineEvent('host.game-turn-ended', {
  version: 1,
  source: 'host',
  rules: ['59.11', '59.21'],
  summary: 'The game turn ended: the facts for the British Resistance Table (59.21).',
  schema: Strict({ turn: Turn, britain: BritishFactsSchema }),
});

const resistancePayload = <S extends TSchema, L extends TSchema>(inputs: S, line: L) =>
  Strict({
    turn: Turn,
    inputs,
    level: Int(),
    naval: Strict({ alliedFactors: Count(), axisFactors: Count(), modifier: Int({ minimum: -5, maximum: 5 }) }),
    lines: Type.Array(line),
  });

/** 59.21: the option that can change a row; a v2 line does not say which value the game fixed. */
const usatOptions = RulingOptionsSchema.properties.usat30to39WhenUsAtWar.anyOf.map((o) => o.const);

export const resistanceDetermined = defineEvent('britain.resistance-determined', {
  version: 3,
  source: 'engine',
  rules: ['59.11', '59.21', '59.22'],
  summary: 'The British resistance level at the end of a game turn, line by line.',
  schema: resistancePayload(BritishResistanceFactsSchema, lineSchemaOf(britishLineCodes)),
  upcasters: [
    // v1 recorded one flag per power, read as "at war with Germany" too (the contract's reading): kept as decided.
    defineUpcaster(1, resistancePayload(BritishResistanceInputSchema, WordedLineSchema), (v1) => ({
      ...v1,
      inputs: contractFacts(v1.inputs),
    })),
    // v2 stored each line's words; its params are those its stored inputs give (59.21, 59.22), row by row, under the
    // value of usat30to39WhenUsAtWar whose lines hold the stored values (docs/rulings.md).
    defineUpcaster(
      2,
      resistancePayload(BritishResistanceFactsSchema, WordedLineSchema),
      withDerivedLinesOf((inputs: BritishResistanceFacts) =>
        usatOptions.map((option) => britishResistanceLines(inputs, { usat30to39WhenUsAtWar: option })),
      ),
    ),
  ],
});
