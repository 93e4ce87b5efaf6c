// The words of the effects are rendered from code and params (events/effects.ts), in one place.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { effectCodeList, renderEffect, type Effect } from '../../events/effects.js';
import { CODES_AFTER_V1, hasParams, upcastEffect, v1ParserCodes } from '../../events/effects-v1.js';
import { InputError } from '../../src/schema/validate.js';

const EXAMPLES = [
  'sea-lion-1941',
  'rejected-then-forced-1943',
  'conciliation-and-second-surrender',
  'italy-1943-germany-1945',
  'germany-first-then-italy-1945',
  'far-east-1941',
];
const effectsOf = (name: string): Effect[] =>
  readFileSync(fileURLToPath(new URL(`../../examples/${name}.jsonl`, import.meta.url)), 'utf8')
    .split('\n')
    .slice(1, -1)
    .flatMap((line) => (JSON.parse(line) as { data: { effects?: Effect[] } }).data.effects ?? []);

describe('effect words', () => {
  it('56.52: the Italian colonies, with the German conquests that passed to Italy after a German surrender', () => {
    expect(
      renderEffect({
        rule: '56.52',
        code: 'italian-colonies-conquests-uncontrolled',
        params: { withGermanConquests: true },
      }),
    ).toBe(
      'Italian colonies and conquests (German Mediterranean conquests that passed to Italy under 55.52 included) ' +
        'are controlled by no one and come under the control of the first major power to occupy them.',
    );
  });

  it('59.81: the BRP floor Britain may not drop below', () => {
    expect(renderEffect({ rule: '59.81', code: 'britain-continues-as-major-power', params: { floorBrps: 20 } })).toBe(
      'Britain continues as a major power; its BRP base may not drop below 20 BRPs (35.46).',
    );
  });

  it('56.32: the row, who selects, and the German half no one receives once Germany is out', () => {
    const row = { infantryFactors: 2, namedShips: 1, cruisers: 0, destroyerFactors: 3 };
    const none = { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 };
    expect(
      renderEffect({
        rule: '56.32',
        code: 'post-surrender-forces',
        params: { level: -1, germany: row, us: none, order: ['allied'], germanHalfUnclaimed: 'surrendered-earlier' },
      }),
    ).toBe(
      'Surrender level -1: Germany 2 infantry factors, 1 named ship, 0 cruisers, 3 destroyer factors; the U.S. 0 ' +
        'infantry factors, 0 named ships, 0 cruisers, 0 destroyer factors; only the Allied player (for the ' +
        'U.S.) selects; Germany has already surrendered: the German half of the row goes to no one. The ' +
        "host reports Italy's navy and infantry first (56.31D).",
    );
  });

  it('56.31D: the types Italy could not supply, side by side', () => {
    const lost = { side: 'axis', infantryFactors: 1, namedShips: 0, cruisers: 2, destroyerFactors: 0 } as const;
    expect(renderEffect({ rule: '56.31D', code: 'italian-types-lost', params: { shortages: [lost] } })).toBe(
      'Not enough left of these types; the remainder is lost: Germany: 1 infantry factor(s), 2 cruiser(s).',
    );
  });

  it('every code with params has a v1 template to read it back, and only those, but the codes made after v1', () => {
    expect(effectCodeList.filter((c) => hasParams(c) && !CODES_AFTER_V1.has(c)).sort()).toEqual(v1ParserCodes().sort());
    expect(
      upcastEffect({ rule: '59.62', code: 'peace-treaty-us-at-war-with-italy-only', text: 'anything' }, 'e'),
    ).toEqual(new InputError('e.code', '"peace-treaty-us-at-war-with-italy-only" is not a version 1 effect code'));
  });

  it(
    'every effect of the examples reads back from its words ' +
      'with the v1 templates, while the words are still those of v1',
    () => {
      const effects = EXAMPLES.flatMap(effectsOf);
      expect(effects.length).toBeGreaterThan(100);
      for (const effect of effects) {
        expect(upcastEffect({ rule: effect.rule, code: effect.code, text: renderEffect(effect) }, 'e')).toEqual(effect);
      }
    },
  );
});
