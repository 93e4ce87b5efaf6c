// The effect codes of the German (55) and Italian (56) surrenders: params and words.
import { Type, type Static } from '@sinclair/typebox';
import { Int, Strict } from '../src/schema/types.js';
import { signed } from '../src/rules/lines.js';
import {
  fixed,
  ForceAmounts,
  GERMANY_OUT,
  GermanyOut,
  Ids,
  ITALY_OUT,
  ItalyOut,
  list,
  Side,
  spec,
} from './effect-spec.js';

const Units = Strict({ units: Ids });
const amounts = (a: Static<typeof ForceAmounts>): string =>
  `${a.infantryFactors} infantry factors, ${a.namedShips} named ship${a.namedShips === 1 ? '' : 's'}, ` +
  `${a.cruisers} cruiser${a.cruisers === 1 ? '' : 's'}, ${a.destroyerFactors} destroyer ` +
  `factor${a.destroyerFactors === 1 ? '' : 's'}`;
const SIDE = { axis: 'Germany', allied: 'the U.S.' } as const;
const WITH_GERMAN_CONQUESTS = ' (German Mediterranean conquests that passed to Italy under 55.52 included)';

function shortage(s: Static<typeof ForceAmounts> & { readonly side: Static<typeof Side> }): string {
  const out: string[] = [];
  if (s.infantryFactors > 0) out.push(`${s.infantryFactors} infantry factor(s)`);
  if (s.namedShips > 0) out.push(`${s.namedShips} named ship(s)`);
  if (s.cruisers > 0) out.push(`${s.cruisers} cruiser(s)`);
  if (s.destroyerFactors > 0) out.push(`${s.destroyerFactors} destroyer factor(s)`);
  return `${SIDE[s.side]}: ${out.join(', ')}`;
}

function selectors(order: readonly Static<typeof Side>[]): string {
  if (order.length === 0) return 'nobody selects: every Italian infantry and naval unit is removed';
  if (order.length === 2) return 'the Axis player selects first, then the Allied player (56.311)';
  return `only the ${order[0] === 'axis' ? 'Axis player (for Germany)' : 'Allied player (for the U.S.)'} selects`;
}

/** 55.21 and 56.21 share the code: the second of Germany and Italy to leave the war ends it. */
const WarInEuropeEnds = Type.Union([
  Strict({ surrendering: Type.Literal('germany'), italy: ItalyOut }),
  Strict({ surrendering: Type.Literal('italy'), germany: GermanyOut }),
]);

export const axisEffectCodes = {
  // 55.2-55.6
  'war-in-europe-ends': spec(WarInEuropeEnds, (p) =>
    p.surrendering === 'germany'
      ? `${ITALY_OUT[p.italy]}: the war in Europe ends.`
      : `${GERMANY_OUT[p.germany]}: Italy's surrender ends the war in Europe.`,
  ),
  'italy-fights-on': fixed('Italy and its associated minor countries fight on.'),
  'japan-fights-on': fixed('Global War: Japan fights on.'),
  'us-pacific-election-modified': fixed(
    'The U.S. election result for the Pacific is modified, and so ' +
      'are USJT increases after an unfavorable Pacific election result.',
  ),
  'remove-all-german-units': fixed('All German units are removed from play.'),
  'unoccupied-german-hexes-uncontrolled': fixed(
    'Unoccupied German-controlled hexes are controlled by no one ' +
      'and come under the control of the first major power to occupy them.',
  ),
  'german-minors-surrender': fixed(
    'All German minor allies and associated minor countries surrender; their units are removed from play.',
  ),
  'negate-diplomatic-results-7-8': fixed('All "7" and "8" diplomatic results are negated.'),
  'german-west-east-conquests-uncontrolled': fixed(
    'German conquests and German-controlled hexes on the western and eastern fronts are controlled by no one until ' +
      'a major power occupies them.',
  ),
  'german-mediterranean-conquests-uncontrolled': spec(
    Strict({ italy: ItalyOut }),
    (p) =>
      `${ITALY_OUT[p.italy]}: German conquests and hexes on the Mediterranean front are controlled by no one until ` +
      `a major power occupies them.`,
  ),
  'german-mediterranean-conquests-to-italy': fixed(
    'Italy has not surrendered: German conquests and ' +
      'German-controlled hexes on the Mediterranean front pass to Italian control.',
  ),
  'germany-no-brp-value': fixed('Germany has no BRP value to the conquering major powers.'),
  // 56.2-56.6
  'war-in-europe-goes-on': fixed('Germany has not surrendered: the war in Europe goes on.'),
  'italian-wars-end': fixed(
    'Italy is out of the war: its wars with the Allied powers end, and the effects of 56.3-56.6 apply.',
  ),
  'remove-italian-air-units': fixed('All Italian air units are permanently removed from play.'),
  'folgore-removed': spec(
    Strict({ germany: GermanyOut }),
    (p) =>
      `${GERMANY_OUT[p.germany]} (55.31): the 1-3 Folgore airborne ` +
      `unit has no German force pool to join and is removed from play.`,
  ),
  'folgore-to-german-force-pool': fixed(
    'The 1-3 Folgore airborne unit is added, unbuilt, to the German force pool wherever it was and whatever the ' +
      'allocation; it may overstack and be used anywhere on the board, but may not airdrop.',
  ),
  'remove-italian-ground-units': fixed(
    'All Italian ground units are removed from the board; Italian ' +
      'infantry joins the force pools only as the 56.32 row allocates it.',
  ),
  /** `germanHalfUnclaimed`: Germany is out of the war and the row gives it something, which goes to no one (56.311). */
  'post-surrender-forces': spec(
    Strict({
      level: Int({ minimum: -2, maximum: 2 }),
      germany: ForceAmounts,
      us: ForceAmounts,
      order: Type.Array(Side, { maxItems: 2 }),
      germanHalfUnclaimed: Type.Union([GermanyOut, Type.Null()]),
    }),
    (p) => {
      const unclaimed =
        p.germanHalfUnclaimed === null
          ? ''
          : `; ${GERMANY_OUT[p.germanHalfUnclaimed]}: the German half of the row goes to no one`;
      return (
        `Surrender level ${signed(p.level)}: Germany ${amounts(p.germany)}; the U.S. ${amounts(p.us)}; ` +
        `${selectors(p.order)}${unclaimed}. The host reports Italy's navy and infantry first (56.31D).`
      );
    },
  ),
  'italian-hexes-uncontrolled': spec(
    Strict({ germany: GermanyOut }),
    (p) =>
      `${GERMANY_OUT[p.germany]}: Italian-controlled hexes in Italy, Sicily and Sardinia, with their ` +
      `fortifications, beach defenses and railheads, are controlled by no one until a major power ` +
      `occupies them (as 55.41).`,
  ),
  'italian-hexes-to-germany': fixed(
    'All Italian-controlled hexes in Italy, Sicily and Sardinia pass to German control, with any fortifications, ' +
      'beach defenses and railheads in them.',
  ),
  'italian-minors-surrender': fixed(
    'All Italian associated minor countries surrender; their units are removed from play.',
  ),
  'italian-colonies-conquests-uncontrolled': spec(
    Strict({ withGermanConquests: Type.Boolean() }),
    (p) =>
      `Italian colonies and conquests${p.withGermanConquests ? WITH_GERMAN_CONQUESTS : ''} ` +
      'are controlled by no one and come under the control of the first major power to occupy them.',
  ),
  'italian-key-economic-areas': fixed(
    'Rome, Genoa and Milan remain key economic areas worth 20, ' +
      '10 and 10 BRPs; Italy has no other BRP value as a conquest.',
  ),
  'italian-brps-as-conquests': fixed(
    'Major powers controlling the Italian key economic areas receive their BRPs as for other conquests.',
  ),
  'italian-brps-senior-partner': fixed(
    'If two or more Allied major powers cooperate in gaining an Italian key economic area, the senior alliance ' +
      'partner receives its BRPs (83.51).',
  ),
  'italian-ground-construction': spec(Strict({ germanyInPlay: Type.Boolean() }), (p) =>
    p.germanyInPlay
      ? 'The Folgore and the allocated Italian ground units may be built, and rebuilt if lost, in any fully ' +
        'supplied German-controlled (German units) or American-controlled (American units) hex in Italy.'
      : 'Italian ground units allocated to the U.S. may be built, and rebuilt if lost, in any fully supplied ' +
        'American-controlled hex in Italy.',
  ),
  // 56.31C, 56.31D, 56.33: the allocation of the post-surrender forces
  'italian-infantry-to-german-pool': spec(
    Units,
    (p) => `Italian infantry added, unbuilt, to the German force pool: ${list(p.units)}.`,
  ),
  'italian-infantry-to-us-pool': spec(
    Units,
    (p) => `Italian infantry added, unbuilt, to the American force pool: ${list(p.units)}.`,
  ),
  'italian-infantry-removed': spec(
    Units,
    (p) => `Italian infantry not allocated, permanently removed from play: ${list(p.units)}.`,
  ),
  'italian-ships-to-germany': spec(Units, (p) => `Italian naval units allocated to Germany: ${list(p.units)}.`),
  'italian-ships-to-us': spec(Units, (p) => `Italian naval units allocated to the United States: ${list(p.units)}.`),
  'italian-ships-relocate': spec(
    Units,
    (p) =>
      `Ships joining the Western Allies relocate immediately to the closest Western Allied controlled port(s), ` +
      `subject to interception as displaced naval units (the host resolves it): ${list(p.units)}.`,
  ),
  'italian-ships-removed': spec(
    Units,
    (p) => `Italian naval units in excess of the allocations, permanently removed from play: ${list(p.units)}.`,
  ),
  'italian-types-lost': spec(
    Strict({ shortages: Type.Array(Strict({ side: Side, ...ForceAmounts.properties }), { maxItems: 2 }) }),
    (p) =>
      p.shortages.length === 0
        ? 'Italy had every type the row gives: nothing is lost for want of units.'
        : `Not enough left of these types; the remainder is lost: ${p.shortages.map(shortage).join('; ')}.`,
  ),
  'italian-naval-drm-repair-no-reconstruction': spec(
    Units,
    (p) =>
      `Allocated Italian naval factors (${list(p.units)}) keep the Italian naval nationality DRM in naval combat, ` +
      `may be repaired if damaged or sunk in port, and may not be reconstructed if lost.`,
  ),
  'italian-infantry-construction': fixed(
    'The allocated Italian infantry may be built, and rebuilt if lost, in any fully supplied German-controlled ' +
      '(German units) or American-controlled (American units) hex in Italy.',
  ),
} as const;
