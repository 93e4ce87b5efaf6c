// Reading version 1 effects, which stored their words (`text`) instead of params. Each v1 sentence was
// made from a template; the patterns below are those templates, frozen as v1 wrote them, so that a v1
// log still reads however the words are rendered today. A text no pattern matches is refused.
import type { TSchema } from '@sinclair/typebox';
import { InputError } from '../src/schema/validate.js';
import type { WafdistCause } from '../src/rules/concession-notes.js';
import {
  effectCodes,
  isEffectCode,
  type Effect,
  type EffectCode,
  type EffectParams,
  type EffectV1,
} from './effects.js';

type Parser<C extends EffectCode> = (text: string) => EffectParams<C> | null;
type Amounts = { infantryFactors: number; namedShips: number; cruisers: number; destroyerFactors: number };

/** A group that a matched pattern always captures (one it did not capture is a defect of the pattern). */
const captured = (s: string | undefined): string => {
  if (s === undefined) throw new Error('a v1 pattern matched without a group it always captures');
  return s;
};
const int = (s: string | undefined): number => Number.parseInt(captured(s), 10);
const ids = (s: string): string[] => (s === 'none' ? [] : s.split(', '));
const names = (s: string | undefined): string[] => (captured(s) === '' ? [] : captured(s).split(', '));
/** The groups of an anchored v1 pattern, or null. */
const groups = (re: RegExp, text: string): (string | undefined)[] | null => re.exec(text)?.slice(1) ?? null;
const keyOf = <K extends string>(words: Record<K, string>, text: string): K | null =>
  (Object.keys(words) as K[]).find((k) => words[k] === text) ?? null;
/** The key of a captured group that the pattern allows only as one of the words. */
const capturedKey = <K extends string>(words: Record<K, string>, s: string | undefined): K => {
  const key = keyOf(words, captured(s));
  if (key === null) throw new Error(`a v1 pattern captured ${JSON.stringify(s)}, none of its words`);
  return key;
};

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
const LEVELS = 'level (-?\\d+)(?:, \\d+ below the previous (-?\\d+) \\(59\\.872\\))?';
const TOTALS = '(\\d+) AAF factors, (\\d+) BRPs of ground units or NAS, (\\d+) naval factors';

const amounts = (g: readonly (string | undefined)[]): Amounts => ({
  infantryFactors: int(g[0]),
  namedShips: int(g[1]),
  cruisers: int(g[2]),
  destroyerFactors: int(g[3]),
});
const totals = (g: readonly (string | undefined)[]) => ({
  aafFactors: int(g[0]),
  groundNasBrps: int(g[1]),
  navalFactors: int(g[2]),
});
const levels = (g: readonly (string | undefined)[]) => ({
  level: int(g[0]),
  previous: g[1] === undefined ? null : int(g[1]),
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

const WAFDIST_NOTES_V1: Record<WafdistCause, string> = {
  'egypt-returned':
    'Egypt is returned to Britain: all Wafdist partisans are ' +
    'eliminated; none may be built until the Axis is at war with the U.S.',
  'egypt-kept':
    'Britain keeps Egypt: all Wafdist partisans are ' +
    'eliminated; none may be built until the Axis is at war with the U.S.',
  'us-at-war': 'the U.S. is at war with Germany: Wafdist partisans remain in play',
  'egypt-not-kept': 'Britain does not keep Egypt: Wafdist partisans remain in play',
};

const wafdists = (text: string): { cause: WafdistCause } | null => {
  const cause = keyOf(WAFDIST_NOTES_V1, text);
  return cause === null ? null : { cause };
};

/** The v1 template of every code with params, as a parser. */
const parsers: { readonly [C in EffectCode]?: Parser<C> } = {
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
  'no-force-reduction': (t) => {
    const g = groups(
      new RegExp(`^A "0" surrender has no effect on the level of British forces \\(${LEVELS}\\)\\.$`),
      t,
    );
    return g === null ? null : levels(g);
  },
  'force-reduction-required': (t) => {
    const g = groups(
      new RegExp(
        `^Britain removes (\\d+) AAF factors and (\\d+) BRPs of ground units or NAS from its force pool and ` +
          `eliminates (\\d+) naval factors \\(${LEVELS}\\); the British player selects them ` +
          `\\(59\\.513A\\)\\. Commonwealth force pools are unaffected \\(59\\.14A\\)\\.$`,
      ),
      t,
    );
    return g === null ? null : { ...totals(g), ...levels(g.slice(3)) };
  },
  'us-britain-war-ends': (t) => {
    const g = groups(
      new RegExp(
        '^Russia is in a state of surrender and Japan (has|has not) surrendered: the U\\.S\\. and Britain ' +
          'do not continue the war in Europe \\(62\\.91, as (59\\.14B|59\\.85) reads it\\); no concessions ' +
          'are made \\(59\\.61\\)\\.$',
      ),
      t,
    );
    return g === null ? null : { japanSurrendered: g[0] === 'has', reading: g[1] === '59.85' ? '59.85' : '59.14B' };
  },
  'peace-treaty': (t) => {
    const g = groups(
      new RegExp(
        '^The U\\.S\\. was not at war in Europe: a peace treaty is negotiated between Germany and ' +
          'Britain, worth (\\d+) concession points \\(59\\.65\\)\\.$',
      ),
      t,
    );
    return g === null ? null : { concessionPoints: int(g[0]) };
  },
  'britain-continues-as-major-power': (t) => {
    const g = groups(
      /^Britain continues as a major power; its BRP base may not drop below (\d+) BRPs \(35\.46\)\.$/,
      t,
    );
    return g === null ? null : { floorBrps: int(g[0]) };
  },
  'asia-units-subject-to-reductions': (t) =>
    t === 'British units in Asia are subject to the force pool reductions either way.'
      ? { settled: true }
      : t ===
          'British ground, air and naval units in Asia are subject to the force pool reductions, whatever Japan does.'
        ? { settled: false }
        : null,
  'removed-units-unbuilt': (t) => {
    const g = groups(/^(\d+) ground\/AAF factors removed count as unbuilt in later British resistance levels\.$/, t);
    return g === null ? null : { factors: int(g[0]) };
  },
  'requirement-capped-by-pool': (t) => {
    const g = groups(
      new RegExp(
        `^The reported force pool holds less than 59\\.512 requires \\(${TOTALS}\\): every eligible unit of a ` +
          `short kind goes, and the requirement is ${TOTALS}; no other kind makes up the shortfall\\.$`,
      ),
      t,
    );
    return g === null ? null : { wanted: totals(g), required: totals(g.slice(3)) };
  },
  'minor-units-subject-to-elimination': (t) => {
    const g = groups(
      /^The terms changed the status of their minor countries, so these units were subject to elimination: (.+)\.$/,
      t,
    );
    if (g === null) return null;
    const list = captured(g[0])
      .split(', ')
      .map((u) => groups(/^(.+) \((.+)\)$/, u));
    return list.every((u) => u !== null)
      ? { units: list.map(([id, minor]) => ({ id: captured(id), minor: minor === 'minor' ? null : captured(minor) })) }
      : null;
  },
  'territory-ceded': (t) => {
    const g = groups(/^(\S+) \((-?\d+)\) is ceded to (Italy \(59\.66G\)|Germany)\. /, t);
    return g === null
      ? null
      : { territory: captured(g[0]), value: int(g[1]), to: g[2] === 'Germany' ? 'germany' : 'italy' };
  },
  'minor-neutralized': (t) => {
    const g = groups(/^(.+) \((-?\d+)\): 59\.66E: neutralized, returns to its original status$/, t);
    return g === null ? null : { name: captured(g[0]), value: int(g[1]) };
  },
  'minor-to-axis': (t) => {
    const g = groups(/^(.+) \((-?\d+)\): 59\.66E: transferred to Axis control, treated as a conquest$/, t);
    return g === null ? null : { name: captured(g[0]), value: int(g[1]) };
  },
  'wafdists-eliminated': wafdists,
  'wafdists-remain': wafdists,
  'usat-as-conquest': (t) => {
    const g = groups(/^USAT as though conquered: (.*)\.$/, t);
    return g === null ? null : { conquests: names(g[0]) };
  },
  indemnity: (t) => {
    const g = groups(/^Indemnity of (\d+) BRPs: Britain's BRP level (-?\d+), Germany's \+(\d+)\.$/, t);
    return g === null ? null : { brps: int(g[0]), britishBrpChange: int(g[1]), germanBrpChange: int(g[2]) };
  },
  'territory-returned': (t) => {
    const g = groups(/^(\S+) \((-?\d+)\) is returned to British control\.$/, t);
    return g === null ? null : { territory: captured(g[0]), value: int(g[1]) };
  },
  'resistance-reduced': (t) => {
    const g = groups(
      new RegExp(
        '^(\\d+) points not taken and (\\d+) returned: the British resistance level for future turns is ' +
          '(-?\\d+) \\(one per two full points\\)\\.$',
      ),
      t,
    );
    return g === null ? null : { notTaken: int(g[0]), returned: int(g[1]), modifier: int(g[2]) };
  },
  'usat-reduced': (t) => {
    const g = groups(
      new RegExp(
        '^The USAT level changes by (-?\\d+) \\(two per point\\); no other USAT event modifiers are ' +
          'triggered by returned territory\\.$',
      ),
      t,
    );
    return g === null ? null : { change: int(g[0]) };
  },
  'further-surrender-below-previous': (t) => {
    const g = groups(/^A further British surrender still needs a level below (-?\d+)\.$/, t);
    if (g !== null) return { level: int(g[0]), declaredBy: 'germany' };
    const h = groups(
      new RegExp(
        '^A further British surrender needs a resistance level below (-?\\d+) \\(59\\.872: its effects ' +
          'come from the difference\\)\\.$',
      ),
      t,
    );
    return h === null ? null : { level: int(h[0]), declaredBy: 'us' };
  },
  'us-and-britain-at-war-with-germany': (t) => {
    const g = groups(
      /^USAT (\d+): the U\.S\. declares war on Germany, which puts the U\.S\. and Britain at war with Germany\.$/,
      t,
    );
    return g === null ? null : { usatLevel: int(g[0]) };
  },
  'british-brp-base-floor': (t) => {
    const g = groups(
      /^(India|Australia) has surrendered: Britain's BRP base may not drop below (\d+) BRPs \(35\.46\)\.$/,
      t,
    );
    return g === null ? null : { dominion: g[0] === 'India' ? 'india' : 'australia', floorBrps: int(g[1]) };
  },
  'far-east-unsupplied-hexes-to-japan': (t) => {
    const g = groups(
      new RegExp(
        '^British-controlled Far East hexes that cannot trace supply from a mapboard box come under ' +
          'Japanese control: (.+)\\.$',
      ),
      t,
    );
    return g === null ? null : { hexes: names(g[0]) };
  },
  'far-east-fortifications-eliminated': (t) => {
    const g = groups(/^British fortifications and fortresses in those hexes are eliminated: (.+)\.$/, t);
    return g === null ? null : { hexes: names(g[0]) };
  },
  'far-east-areas-to-japan': (t) => {
    const g = groups(
      new RegExp(
        '^Japan controls (.+) for BRP purposes: it gains every hex there, and British units withdraw to ' +
          'the nearest supplied friendly hex \\(partisans excepted\\)\\.$',
      ),
      t,
    );
    return g === null ? null : { areas: names(g[0]) };
  },
  'far-east-areas-to-britain': (t) => {
    const g = groups(
      new RegExp(
        '^Britain controls (.+) for BRP purposes: it gains every hex there, and Japanese units withdraw ' +
          'to the nearest supplied friendly hex \\(partisans excepted\\)\\.$',
      ),
      t,
    );
    return g === null ? null : { areas: names(g[0]) };
  },
};

/** Whether a code has params (and so a v1 parser); the others' words never varied. */
export const hasParams = (code: EffectCode): boolean => {
  const schema: TSchema = effectCodes[code].params;
  const properties: unknown = schema['properties'];
  return typeof properties !== 'object' || properties === null || Object.keys(properties).length > 0;
};

/** One v1 effect as v2: the params parsed back from its text, or the problem, under `path`. */
export function upcastEffect(effect: EffectV1, path: string): Effect | InputError {
  if (!isEffectCode(effect.code)) return new InputError(`${path}.code`, `unknown effect code "${effect.code}"`);
  const code = effect.code;
  if (!hasParams(code)) return { rule: effect.rule, code, params: {} } as Effect;
  const parse = parsers[code] as Parser<EffectCode> | undefined;
  const params = parse === undefined ? null : parse(effect.text);
  if (params === null) {
    if (CODES_AFTER_V1.has(code)) return new InputError(`${path}.code`, `"${code}" is not a version 1 effect code`);
    return new InputError(
      `${path}.text`,
      `the words of a version 1 "${code}" effect do not match its template: ${JSON.stringify(effect.text)}`,
    );
  }
  // The parser for `code` yields the params of `code`.
  return { rule: effect.rule, code, params } as Effect;
}

/** Every v1 effect of an event as v2, or the first problem (its path under `data.effects`). */
export function upcastEffects(effects: readonly EffectV1[], path = 'data.effects'): Effect[] | InputError {
  const out: Effect[] = [];
  for (const [i, effect] of effects.entries()) {
    const next = upcastEffect(effect, `${path}[${i}]`);
    if (next instanceof InputError) return next;
    out.push(next);
  }
  return out;
}

export const v1ParserCodes = (): EffectCode[] => Object.keys(parsers) as EffectCode[];

/** Codes made after v2 replaced v1: a v1 effect never held one, so none has a template (it is refused). */
export const CODES_AFTER_V1: ReadonlySet<EffectCode> = new Set<EffectCode>(['peace-treaty-us-at-war-with-italy-only']);

/** A v1 payload with its effects as v2 (an upcaster's step), or the first effect that cannot be read. */
export function withParams<T extends { readonly effects: readonly EffectV1[] }>(
  v1: T,
): (Omit<T, 'effects'> & { effects: Effect[] }) | InputError {
  const effects = upcastEffects(v1.effects);
  return effects instanceof InputError ? effects : { ...v1, effects };
}
