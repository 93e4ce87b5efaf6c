// The lines of the German resistance level (55.11B): params and words (src/rules/line-spec.ts).
import { Type } from '@sinclair/typebox';
import { Count, Strict } from '../schema/types.js';
import { signed } from './lines.js';
import { lineSpec, renderLineOf, type LineOf } from './line-spec.js';

export const germanLineCodes = {
  dpTotal: lineSpec(Strict({}), (_, value) => `German DP total at the end of the Allied player turn: ${signed(value)}`),
  berchtesgaden: lineSpec(Strict({ controlled: Type.Boolean() }), (p) =>
    p.controlled ? 'Germany controls Berchtesgaden: +1' : 'Germany does not control Berchtesgaden: 0',
  ),
  firestorms: lineSpec(
    Strict({ cities: Count() }),
    (p, value) =>
      `${p.cities} German ${p.cities === 1 ? 'city' : 'cities'} firestormed (26.93A), -1 each: ${signed(value)}`,
  ),
  atomicAttacks: lineSpec(
    Strict({ attacks: Count() }),
    (p, value) =>
      `${p.attacks} atomic ${p.attacks === 1 ? 'attack' : 'attacks'} on Germany (43.321A: -3, -2, then -1 each): ` +
      `${signed(value)}`,
  ),
} as const;

export type GermanLine = LineOf<typeof germanLineCodes>;
export type GermanLineKey = GermanLine['key'];
export const renderGermanLine = (line: GermanLine): string => renderLineOf(germanLineCodes, line);
