// The lines of the Italian DP total (56.12) and surrender level (56.31): params and words.
import { Type } from '@sinclair/typebox';
import { Count, Int, Strict } from '../schema/types.js';
import { signed } from './lines.js';
import { lineSpec, type LineOf } from './line-spec.js';

export const italianLineCodes = {
  dpTotal: lineSpec(
    Strict({}),
    (_, value) => `Italian DP total at the end of the Allied player turn, as during a YSS: ${signed(value)}`,
  ),
  westernAlliesDeclaredWar: lineSpec(Strict({ declared: Type.Boolean() }), (p) =>
    p.declared ? 'The Western Allies declared war on Italy: +2' : 'The Western Allies did not declare war on Italy: 0',
  ),
  // 56.12B: null when Italy never declared war on the Western Allies.
  italianDeclarationYear: lineSpec(
    Strict({ year: Type.Union([Int({ minimum: 1900, maximum: 2100 }), Type.Null()]) }),
    (p, value) =>
      p.year === null
        ? 'Italy did not declare war on the Western Allies: 0'
        : value === 0
          ? `Italy declared war on the Western Allies in ${p.year} (before 1941): 0`
          : `Italy declared war on the Western Allies in ${p.year} ` +
            `(-1 for 1941, -1 more per later year): ${signed(value)}`,
  ),
  dpsInItaly: lineSpec(
    Strict({ axis: Count(), allied: Count() }),
    (p, value) => `Axis DPs in Italy ${p.axis}, Allied DPs in Italy ${p.allied}: ${signed(value)}`,
  ),
  covertOperations: lineSpec(Strict({}), (_, value) => `Covert operations: ${signed(value)}`),
} as const;

export type ItalianLine = LineOf<typeof italianLineCodes>;
export type ItalianLineKey = ItalianLine['key'];
