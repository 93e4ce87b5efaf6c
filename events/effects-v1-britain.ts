// The v1 templates of the British surrender effects (59; events/effect-codes-britain.ts), frozen as v1 wrote them.
import type { WafdistCause } from '../src/rules/concession-notes.js';
import { captured, groups, int, keyOf, names, type V1Parsers } from './effects-v1-patterns.js';

const LEVELS = 'level (-?\\d+)(?:, \\d+ below the previous (-?\\d+) \\(59\\.872\\))?';
const TOTALS = '(\\d+) AAF factors, (\\d+) BRPs of ground units or NAS, (\\d+) naval factors';

const totals = (g: readonly (string | undefined)[]) => ({
  aafFactors: int(g[0]),
  groundNasBrps: int(g[1]),
  navalFactors: int(g[2]),
});
const levels = (g: readonly (string | undefined)[]) => ({
  level: int(g[0]),
  previous: g[1] === undefined ? null : int(g[1]),
});

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

/** The v1 template of every British code with params, as a parser. */
export const britishV1Parsers: V1Parsers = {
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
