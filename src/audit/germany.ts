// Audit lines for rule 55.
import { renderEffect } from '../../events/effects.js';
import type { StoredEvent } from '../../events/index.js';
import { germanLineCodes } from '../rules/german-lines.js';
import { wordedLines } from '../rules/line-spec.js';
import { turnName } from '../rules/turns.js';
import { signed } from '../rules/lines.js';
import { breakdownOf, type Draft } from './entry.js';
import { yesNo } from './words.js';

type Entry = Draft;

const BERLIN = {
  axis: 'Berlin Axis-controlled',
  allied: 'Berlin under Allied control',
  atomic: 'atomic attack marker in Berlin',
} as const;

export function auditGermany(event: StoredEvent): Entry[] {
  switch (event.type) {
    case 'germany.surrender-checked': {
      const d = event.data;
      const verdict =
        d.reason === 'berlin-and-resistance'
          ? `Germany surrenders: resistance ${signed(d.resistance)} and ${BERLIN[d.inputs.berlin]}`
          : d.reason === 'collapse'
            ? `Germany surrenders: German collapse, every German ` +
              `hex Allied or atomic (resistance ${signed(d.resistance)})`
            : `Germany fights on: resistance ${signed(d.resistance)}, ${BERLIN[d.inputs.berlin]}`;
      const rule = d.reason === 'collapse' ? '55.12' : '55.11';
      return [
        {
          turn: turnName(d.turn),
          rule,
          result: verdict,
          breakdown: [
            ...breakdownOf(wordedLines(germanLineCodes, d.lines)),
            `55.11A ${BERLIN[d.inputs.berlin]}`,
            `55.12 every German hex Allied-controlled or atomic: ${yesNo(d.inputs.allGermanHexesAlliedOrAtomic)}`,
          ],
        },
      ];
    }
    case 'germany.surrendered':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '55.2',
          result: 'Germany has surrendered: effects for the host',
          breakdown: event.data.effects.map((e) => `${e.rule} ${renderEffect(e)}`),
        },
      ];
    default:
      return [];
  }
}
