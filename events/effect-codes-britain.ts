// The effect codes of the British surrender (59) and its aftermath: params and words.
import { Type, type Static } from '@sinclair/typebox';
import { Count, Enum, Int, Strict } from '../src/schema/types.js';
import { cededNotes, MINOR_NOTES, WAFDIST_NOTES, WafdistCauses } from '../src/rules/concession-notes.js';
import { fixed, Ids, Names, spec } from './effect-spec.js';

const Level = Int({ minimum: -10, maximum: 0 });
/** 59.872: the level of a surrender and the previous one it is measured from. */
const Levels = { level: Level, previous: Type.Union([Level, Type.Null()]) };
const levels = (p: { readonly level: number; readonly previous: number | null }): string =>
  p.previous === null
    ? `level ${p.level}`
    : `level ${p.level}, ${p.previous - p.level} below the previous ${p.previous} (59.872)`;
const Totals = Strict({ aafFactors: Count(), groundNasBrps: Count(), navalFactors: Count() });
const totals = (t: Static<typeof Totals>): string =>
  `${t.aafFactors} AAF factors, ${t.groundNasBrps} BRPs of ground units or NAS, ${t.navalFactors} naval factors`;
const Minor = Strict({ name: Type.String(), value: Int() });
const Territory = { territory: Type.String(), value: Int() };
const Hexes = Strict({ hexes: Ids });
const Areas = Strict({ areas: Ids });
const Wafdists = Strict({ cause: Enum(WafdistCauses) });

export const britishEffectCodes = {
  // 59.41-59.62, 59.8, 59.891: the surrender
  'no-force-reduction': spec(
    Strict(Levels),
    (p) => `A "0" surrender has no effect on the level of British forces (${levels(p)}).`,
  ),
  'force-reduction-required': spec(
    Strict({ ...Totals.properties, ...Levels }),
    (p) =>
      `Britain removes ${p.aafFactors} AAF factors and ${p.groundNasBrps} BRPs of ground units or NAS from its ` +
      `force pool and eliminates ${p.navalFactors} naval factors (${levels(p)}); the British player ` +
      `selects them (59.513A). Commonwealth force pools are unaffected (59.14A).`,
  ),
  'no-us-election': fixed('A British surrender does not trigger a U.S. election.'),
  'war-continues-no-concessions': fixed(
    'The U.S. was at war with Germany: Britain and the U.S. continue the war; both sides keep all territory they ' +
      'control; no concessions or territorial transfers are made.',
  ),
  'us-and-britain-fight-on': fixed('The U.S. and Britain continue to be at war with the Axis.'),
  'british-partisans-allowed': fixed(
    'The Western Allies may build two (up to four with partisan ' +
      'production, 11.22B) partisans in Axis-controlled territory in Britain.',
  ),
  'us-britain-war-ends': spec(
    Strict({ japanSurrendered: Type.Boolean(), reading: Enum(['59.14B', '59.85'] as const) }),
    (p) =>
      `Russia is in a state of surrender and Japan ${p.japanSurrendered ? 'has' : 'has not'} surrendered: the U.S. ` +
      `and Britain do not continue the war in Europe (62.91, ` +
      `as ${p.reading} reads it); no concessions are made (59.61).`,
  ),
  'peace-treaty': spec(
    Strict({ concessionPoints: Count() }),
    (p) =>
      `The U.S. was not at war in Europe: a peace treaty is negotiated between Germany and Britain, worth ` +
      `${p.concessionPoints} concession points (59.65).`,
  ),
  'peace-treaty-us-at-war-with-italy-only': spec(
    Strict({ concessionPoints: Count() }),
    (p) =>
      `The U.S. was at war with Italy but not with Germany: the war does not continue (59.61 speaks only of ` +
      `Germany), and a peace treaty is negotiated between Germany and Britain, worth ` +
      `${p.concessionPoints} concession points (59.65).`,
  ),
  'report-british-hex-control': fixed(
    'The host reports which British-controlled hexes can trace supply from a mapboard box; those that cannot come ' +
      'under German control (59.632, 59.633) and colonies follow 59.634.',
  ),
  'britain-neutral-while-us-neutral': fixed(
    'British participation in the war is governed by American ' +
      'participation: while the U.S. is neutral, British forces are neutral.',
  ),
  'neutral-britain-deployments': fixed(
    'While the U.S. and Britain are neutral, British and Commonwealth (not ' +
      'American) units may deploy to Europe, but not past an Axis-controlled ' +
      'Gibraltar or through Axis territory; Britain may not declare war on neutral minor countries.',
  ),
  'no-declaration-next-turn': fixed(
    'Neither Germany nor the U.S. may declare war on the other in the turn following the surrender.',
  ),
  'commonwealth-units-lendable-to-us': fixed(
    'From the next turn, Canadian, South African, Australian and Indian units may be freely lent to the U.S.; the ' +
      'Commonwealth BRP base stays British (35.46).',
  ),
  'britain-continues-as-major-power': spec(
    Strict({ floorBrps: Count() }),
    (p) => `Britain continues as a major power; its BRP base may not drop below ${p.floorBrps} BRPs (35.46).`,
  ),
  'construction-in-canada': fixed(
    'British units may be built in Canada while the British resistance level is zero or less (59.82A).',
  ),
  'japan-must-also-attack-us': fixed('Japan may not go to war with Britain without also going to war with the U.S.'),
  'surrender-in-europe-only': fixed(
    'The British surrender takes effect only in Europe; Britain fights on against Japan alongside the U.S.',
  ),
  'japan-chooses': fixed(
    'Japan, at war with Britain but not the U.S., now decides whether to end hostilities with Britain or fight on.',
  ),
  /** 59.893: stated at the surrender, and again when the Far East is settled. */
  'asia-units-subject-to-reductions': spec(Strict({ settled: Type.Boolean() }), (p) =>
    p.settled
      ? 'British units in Asia are subject to the force pool reductions either way.'
      : 'British ground, air and naval units in Asia are subject to the force pool reductions, whatever Japan does.',
  ),
  // 59.51: the force reductions
  'removed-units-count-to-pool-limits': fixed(
    'Units removed continue to count towards the maximum British force pool limits.',
  ),
  'removed-units-unbuilt': spec(
    Strict({ factors: Count() }),
    (p) => `${p.factors} ground/AAF factors removed count as unbuilt in later British resistance levels.`,
  ),
  'requirement-capped-by-pool': spec(
    Strict({ wanted: Totals, required: Totals }),
    (p) =>
      `The reported force pool holds less than 59.512 requires (${totals(p.wanted)}): every eligible unit of ` +
      `a short kind goes, and the requirement is ${totals(p.required)}; no other kind makes up the shortfall.`,
  ),
  'minor-units-subject-to-elimination': spec(
    Strict({
      units: Type.Array(
        Strict({ id: Type.String({ minLength: 1 }), minor: Type.Union([Type.String(), Type.Null()]) }),
        { maxItems: 2000 },
      ),
    }),
    (p) =>
      `The terms changed the status of their minor countries, so these units were subject to elimination: ` +
      `${p.units.map((u) => `${u.id} (${u.minor ?? 'minor'})`).join(', ')}.`,
  ),
  // 59.65-59.75: the terms
  'territory-ceded': spec(
    Strict({ ...Territory, to: Enum(['germany', 'italy'] as const) }),
    (p) =>
      `${p.territory} (${p.value}) is ceded to ${p.to === 'italy' ? 'Italy (59.66G)' : 'Germany'}. ` +
      `${cededNotes(p.territory).join(' ')}`,
  ),
  'russian-units-in-neutral-britain': fixed(
    'Russian units in areas that remain under the control of a neutral Britain are in at least partial supply, may ' +
      'not attack, and are eliminated if they have not left neutral territory by the end of their next player turn.',
  ),
  'minor-neutralized': spec(Minor, (p) => `${p.name} (${p.value}): ${MINOR_NOTES.neutral}`),
  'minor-to-axis': spec(Minor, (p) => `${p.name} (${p.value}): ${MINOR_NOTES.axis}`),
  'wafdists-eliminated': spec(Wafdists, (p) => WAFDIST_NOTES[p.cause]),
  'wafdists-remain': spec(Wafdists, (p) => WAFDIST_NOTES[p.cause]),
  'usat-as-conquest': spec(Strict({ conquests: Names }), (p) => `USAT as though conquered: ${p.conquests.join(', ')}.`),
  indemnity: spec(
    Strict({ brps: Count(), britishBrpChange: Int(), germanBrpChange: Int() }),
    (p) => `Indemnity of ${p.brps} BRPs: Britain's BRP level ${p.britishBrpChange}, Germany's +${p.germanBrpChange}.`,
  ),
  'territory-returned': spec(Strict(Territory), (p) => `${p.territory} (${p.value}) is returned to British control.`),
  'resistance-reduced': spec(
    Strict({ notTaken: Count(), returned: Count(), modifier: Int() }),
    (p) =>
      `${p.notTaken} points not taken and ${p.returned} returned: the British resistance level for future turns is ` +
      `${p.modifier} (one per two full points).`,
  ),
  'usat-reduced': spec(
    Strict({ change: Int() }),
    (p) =>
      `The USAT level changes by ${p.change} (two per point); no ` +
      `other USAT event modifiers are triggered by returned territory.`,
  ),
  'force-reductions-unaffected': fixed('Conciliation does not affect the British force reductions.'),
  // 59.86, 59.87: war again
  'germany-at-war-with-us-and-britain': fixed(
    'Germany is at war with the U.S. and Britain at no BRP cost ' +
      '(50.32A); Axis attacks on British territory and forces are allowed.',
  ),
  'further-surrender-judged-afresh': fixed(
    'A further British surrender is judged afresh (zero or less), not against the previous level.',
  ),
  'further-surrender-below-previous': spec(
    Strict({ level: Level, declaredBy: Enum(['germany', 'us'] as const) }),
    (p) =>
      p.declaredBy === 'germany'
        ? `A further British surrender still needs a level below ${p.level}.`
        : `A further British surrender needs a resistance level ` +
          `below ${p.level} (59.872: its effects come from the difference).`,
  ),
  'us-and-britain-at-war-with-germany': spec(
    Strict({ usatLevel: Count() }),
    (p) =>
      `USAT ${p.usatLevel}: the U.S. declares war on Germany, which puts the U.S. and Britain at war with Germany.`,
  ),
  // 59.81: the BRP floor
  'british-brp-base-floor': spec(
    Strict({ dominion: Enum(['australia', 'india'] as const), floorBrps: Count() }),
    (p) =>
      `${p.dominion === 'india' ? 'India' : 'Australia'} has surrendered: Britain's BRP base may not drop below ` +
      `${p.floorBrps} BRPs (35.46).`,
  ),
  // 59.891C-59.894: the Far East
  'far-east-hex-control': fixed('Japan adheres to the treaty: hex control in the Far East is determined by 59.63.'),
  'far-east-unsupplied-hexes-to-japan': spec(
    Hexes,
    (p) =>
      `British-controlled Far East hexes that cannot trace supply from a mapboard box come under Japanese control: ` +
      `${p.hexes.join(', ')}.`,
  ),
  'far-east-fortifications-eliminated': spec(
    Hexes,
    (p) => `British fortifications and fortresses in those hexes are eliminated: ${p.hexes.join(', ')}.`,
  ),
  'far-east-areas-to-japan': spec(
    Areas,
    (p) =>
      `Japan controls ${p.areas.join(', ')} for BRP purposes: it gains every hex there, and British units withdraw ` +
      `to the nearest supplied friendly hex (partisans excepted).`,
  ),
  'far-east-areas-to-britain': spec(
    Areas,
    (p) =>
      `Britain controls ${p.areas.join(', ')} for BRP purposes: it gains every hex there, and Japanese units ` +
      `withdraw to the nearest supplied friendly hex (partisans excepted).`,
  ),
  'no-far-east-concessions': fixed(
    'No British concessions are made in the Far East; Australia and India remain British minor allies.',
  ),
  'japan-may-resume': fixed(
    'From the second turn after the surrender Japan may declare war on Britain and the U.S. and resume fighting.',
  ),
  'far-east-war-continues': fixed(
    'Japan declines the treaty: fighting between Japan and Britain continues indefinitely, unless Britain ' +
      're-enters the European war and surrenders to Germany again.',
  ),
} as const;
