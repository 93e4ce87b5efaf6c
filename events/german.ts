// Germany's surrender (rule 55): the engine's rule decisions.
import { Type, type TSchema } from '@sinclair/typebox';
import { Int, Strict, Turn } from '../src/schema/types.js';
import { germanResistanceLines, GermanSurrenderInputSchema } from '../src/rules/german-resistance.js';
import { germanLineCodes } from '../src/rules/german-lines.js';
import { lineSchemaOf, withDerivedLines, WordedLineSchema } from '../src/rules/line-spec.js';
import { defineEvent, defineUpcaster } from './registry.js';
import { effectPayload } from './effect-payload.js';

const checkedPayload = <L extends TSchema>(line: L) =>
  Strict({
    turn: Turn,
    inputs: GermanSurrenderInputSchema,
    resistance: Int(),
    surrenders: Type.Boolean(),
    reason: Type.Union([Type.Literal('berlin-and-resistance'), Type.Literal('collapse'), Type.Null()]),
    lines: Type.Array(line),
  });

export const germanSurrenderChecked = defineEvent('germany.surrender-checked', {
  version: 2,
  source: 'engine',
  rules: ['55.11', '55.12'],
  summary: 'The German resistance level and surrender conditions at the end of an Allied player turn.',
  schema: checkedPayload(lineSchemaOf(germanLineCodes)),
  // v1 stored each line's words; its params are those its stored inputs give (55.11B), row by row.
  upcasters: [defineUpcaster(1, checkedPayload(WordedLineSchema), withDerivedLines(germanResistanceLines))],
});

const surrenderedPayload = effectPayload({
  turn: Turn,
  reason: Type.Union([Type.Literal('berlin-and-resistance'), Type.Literal('collapse')]),
});

export const germanySurrendered = defineEvent('germany.surrendered', {
  version: 2,
  source: 'engine',
  rules: ['55.2', '55.3', '55.4', '55.5', '55.6'],
  summary: 'Germany surrendered: its wars end; the effects of 55.2-55.6 for the host to apply.',
  schema: surrenderedPayload.schema,
  upcasters: [surrenderedPayload.fromV1],
});

export const germanEvents = [germanSurrenderChecked, germanySurrendered] as const;
