// The war in Europe as a whole (55.21, 56.21).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Enum, Strict, Turn } from '../src/schema/types.js';
import { InputError } from '../src/schema/validate.js';
import { defineEvent, defineUpcaster } from './registry.js';

/** Why the war in Europe ended: which of Germany and Italy surrendered last (55.21, 56.21). */
export const EuropeWarEndReasons = [
  'same-turn',
  'germany-after-italy',
  'germany-italy-never-at-war',
  'italy-after-germany',
] as const;
export type EuropeWarEndReason = (typeof EuropeWarEndReasons)[number];

/** The words of each reason (the audit). */
export const EUROPE_WAR_END_WORDS: Record<EuropeWarEndReason, string> = {
  'same-turn': 'Germany and Italy surrendered at the end of the same Allied player turn',
  'germany-after-italy': 'Germany surrendered after Italy',
  'germany-italy-never-at-war': 'Germany surrendered and Italy never went to war with the Allies',
  'italy-after-germany': 'Italy surrendered after Germany',
};

/** Version 1 stored the words; frozen as v1 wrote them, so that a v1 log still reads whatever the words are today. */
const V1_REASONS: Readonly<Record<string, EuropeWarEndReason>> = {
  'Germany and Italy surrendered at the end of the same Allied player turn': 'same-turn',
  'Germany surrendered after Italy': 'germany-after-italy',
  'Germany surrendered and Italy never went to war with the Allies': 'germany-italy-never-at-war',
  'Italy surrendered after Germany': 'italy-after-germany',
};

const payload = <R extends TSchema>(reason: R) =>
  Strict({ turn: Turn, rule: Type.Union([Type.Literal('55.21'), Type.Literal('56.21')]), reason });
type V1 = Static<ReturnType<typeof payload<ReturnType<typeof Type.String>>>>;

function upFromV1(v1: V1): unknown {
  const reason = Object.hasOwn(V1_REASONS, v1.reason) ? V1_REASONS[v1.reason] : undefined;
  return reason === undefined
    ? new InputError('data.reason', `not a reason a version 1 log holds: ${JSON.stringify(v1.reason)}`)
    : { ...v1, reason };
}

export const europeWarEnded = defineEvent('europe.war-ended', {
  version: 2,
  source: 'engine',
  rules: ['55.21', '56.21'],
  summary:
    'The war in Europe ended: the second of Germany and Italy surrendered, or Germany did and Italy never went to war.',
  schema: payload(Enum(EuropeWarEndReasons)),
  upcasters: [defineUpcaster(1, payload(Type.String()), upFromV1)],
});

export const europeEvents = [europeWarEnded] as const;
