// The v1 templates of the German (55) and Italian (56) surrender effects (events/effect-codes-axis.ts), frozen as
// v1 wrote them.
import { captured, capturedKey, groups, ids, int, type V1Parsers } from './effects-v1-patterns.js';

type Amounts = { infantryFactors: number; namedShips: number; cruisers: number; destroyerFactors: number };

const ITALY_OUT_V1 = {
  'surrendered-earlier': 'Italy has already surrendered',
  'surrenders-same-turn': 'Italy surrenders at the end of this same Allied player turn',
  'never-at-war': 'Italy never went to war with the Allies',
} as const;
const GERMANY_OUT_V1 = {
  'surrendered-earlier': 'Germany has already surrendered',
  'surrenders-same-turn': 'Germany surrenders at the end of this same Allied player turn',
} as const;
const ITALY_OUT =
  '(Italy has already surrendered|Italy surrenders at the end of ' +
  'this same Allied player turn|Italy never went to war with the Allies)';
const GERMANY_OUT = '(Germany has already surrendered|Germany surrenders at the end of this same Allied player turn)';
const AMOUNTS = '(\\d+) infantry factors, (\\d+) named ships?, (\\d+) cruisers?, (\\d+) destroyer factors?';

const amounts = (g: readonly (string | undefined)[]): Amounts => ({
  infantryFactors: int(g[0]),
  namedShips: int(g[1]),
  cruisers: int(g[2]),
  destroyerFactors: int(g[3]),
});
const units =
  (prefix: string, suffix = '.') =>
  (text: string): { units: string[] } | null =>
    text.startsWith(prefix) && text.endsWith(suffix)
      ? { units: ids(text.slice(prefix.length, text.length - suffix.length)) }
      : null;

function shortage(text: string): (Amounts & { side: 'axis' | 'allied' }) | null {
  const g = groups(/^(Germany|the U\.S\.): (.+)$/, text);
  if (g === null) return null;
  const out: Amounts = { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 };
  const field = {
    'infantry factor(s)': 'infantryFactors',
    'named ship(s)': 'namedShips',
    'cruiser(s)': 'cruisers',
    'destroyer factor(s)': 'destroyerFactors',
  } as const;
  for (const part of captured(g[1]).split(', ')) {
    const p = groups(/^(\d+) (infantry factor\(s\)|named ship\(s\)|cruiser\(s\)|destroyer factor\(s\))$/, part);
    if (p === null) return null;
    out[field[p[1] as keyof typeof field]] = int(p[0]);
  }
  return { side: g[0] === 'Germany' ? 'axis' : 'allied', ...out };
}

function selectionOrder(who: string): ('axis' | 'allied')[] | null {
  if (who === 'nobody selects: every Italian infantry and naval unit is removed') return [];
  if (who === 'the Axis player selects first, then the Allied player (56.311)') return ['axis', 'allied'];
  if (who === 'only the Axis player (for Germany) selects') return ['axis'];
  if (who === 'only the Allied player (for the U.S.) selects') return ['allied'];
  return null;
}

/** The v1 template of every German and Italian code with params, as a parser. */
export const axisV1Parsers: V1Parsers = {
  'war-in-europe-ends': (t) => {
    const g = groups(new RegExp(`^${ITALY_OUT}: the war in Europe ends\\.$`), t);
    if (g !== null) return { surrendering: 'germany', italy: capturedKey(ITALY_OUT_V1, g[0]) };
    const h = groups(new RegExp(`^${GERMANY_OUT}: Italy's surrender ends the war in Europe\\.$`), t);
    return h === null ? null : { surrendering: 'italy', germany: capturedKey(GERMANY_OUT_V1, h[0]) };
  },
  'german-mediterranean-conquests-uncontrolled': (t) => {
    const g = groups(
      new RegExp(
        `^${ITALY_OUT}: German conquests and hexes on the Mediterranean front are controlled by no one until a ` +
          `major power occupies them\\.$`,
      ),
      t,
    );
    return g === null ? null : { italy: capturedKey(ITALY_OUT_V1, g[0]) };
  },
  'folgore-removed': (t) => {
    const g = groups(
      new RegExp(
        `^${GERMANY_OUT} \\(55\\.31\\): the 1-3 Folgore airborne unit ` +
          `has no German force pool to join and is removed from play\\.$`,
      ),
      t,
    );
    return g === null ? null : { germany: capturedKey(GERMANY_OUT_V1, g[0]) };
  },
  'post-surrender-forces': (t) => {
    const g = groups(
      new RegExp(
        `^Surrender level ([-+]?\\d+): Germany ${AMOUNTS}; the U\\.S\\. ` +
          `${AMOUNTS}; (.+?)(?:; ${GERMANY_OUT}: the German half of the row goes ` +
          `to no one)?\\. The host reports Italy's navy and infantry first \\(56\\.31D\\)\\.$`,
      ),
      t,
    );
    if (g === null) return null;
    const order = selectionOrder(captured(g[9]));
    if (order === null) return null;
    return {
      level: int(g[0]),
      germany: amounts(g.slice(1, 5)),
      us: amounts(g.slice(5, 9)),
      order,
      germanHalfUnclaimed: g[10] === undefined ? null : capturedKey(GERMANY_OUT_V1, g[10]),
    };
  },
  'italian-hexes-uncontrolled': (t) => {
    const g = groups(
      new RegExp(
        `^${GERMANY_OUT}: Italian-controlled hexes in Italy, Sicily and Sardinia, with their fortifications, beach ` +
          `defenses and railheads, are controlled by no one until a major power occupies them \\(as 55\\.41\\)\\.$`,
      ),
      t,
    );
    return g === null ? null : { germany: capturedKey(GERMANY_OUT_V1, g[0]) };
  },
  'italian-colonies-conquests-uncontrolled': (t) => {
    const g = groups(
      new RegExp(
        '^Italian colonies and conquests( \\(German Mediterranean conquests ' +
          'that passed to Italy under 55\\.52 included\\))? are controlled by no ' +
          'one and come under the control of the first major power to occupy them\\.$',
      ),
      t,
    );
    return g === null ? null : { withGermanConquests: g[0] !== undefined };
  },
  'italian-ground-construction': (t) => {
    if (t.startsWith('The Folgore and the allocated Italian ground units may be built')) return { germanyInPlay: true };
    if (t.startsWith('Italian ground units allocated to the U.S. may be built')) return { germanyInPlay: false };
    return null;
  },
  'italian-infantry-to-german-pool': units('Italian infantry added, unbuilt, to the German force pool: '),
  'italian-infantry-to-us-pool': units('Italian infantry added, unbuilt, to the American force pool: '),
  'italian-infantry-removed': units('Italian infantry not allocated, permanently removed from play: '),
  'italian-ships-to-germany': units('Italian naval units allocated to Germany: '),
  'italian-ships-to-us': units('Italian naval units allocated to the United States: '),
  'italian-ships-relocate': units(
    'Ships joining the Western Allies relocate immediately to the closest Western Allied controlled port(s), ' +
      'subject to interception as displaced naval units (the host resolves it): ',
  ),
  'italian-ships-removed': units('Italian naval units in excess of the allocations, permanently removed from play: '),
  'italian-naval-drm-repair-no-reconstruction': units(
    'Allocated Italian naval factors (',
    ') keep the Italian naval nationality DRM in naval combat, may be repaired if damaged or sunk in port, and may ' +
      'not be reconstructed if lost.',
  ),
  'italian-types-lost': (t) => {
    if (t === 'Italy had every type the row gives: nothing is lost for want of units.') return { shortages: [] };
    const g = groups(/^Not enough left of these types; the remainder is lost: (.+)\.$/, t);
    if (g === null) return null;
    const shortages = captured(g[0]).split('; ').map(shortage);
    return shortages.every((s) => s !== null) ? { shortages } : null;
  },
};
