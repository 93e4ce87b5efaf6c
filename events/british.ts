// Britain's surrender (rule 59): host facts, player decisions and the engine's rule decisions.
import { Type } from '@sinclair/typebox';
import { Count, Enum, Int, Strict, Turn } from '../src/schema/types.js';
import { ForceUnitSchema } from '../src/rules/force-reduction.js';
import { ConcessionsInputSchema, MinorStatuses, TerritoryControls } from '../src/rules/concessions.js';
import { TerritoryKeys, type TerritoryKey } from '../src/rules/british-concession-table.js';
import { effectPayload } from './effect-payload.js';
import { withoutMinorUnbuilt } from './forces-reduced-v2.js';
import { defineEvent, defineUpcaster } from './registry.js';
import { gameTurnEnded, resistanceDetermined } from './british-resistance.js';

const Requirements = Strict({ aafFactors: Count(), groundNasBrps: Count(), navalFactors: Count() });

export const surrenderOffered = defineEvent('britain.surrender-offered', {
  version: 1,
  source: 'engine',
  rules: ['59.12', '59.21', '59.23', '59.87'],
  summary:
    'Britain offers to surrender: its resistance level is zero ' +
    'or less (below the previous surrender level after one, 59.87).',
  schema: Strict({
    turn: Turn,
    resistanceLevel: Int(),
    /** 59.41: the level if Germany accepts, never below -10. */
    surrenderLevel: Int({ minimum: -10, maximum: 0 }),
    previousSurrenderLevel: Type.Union([Int({ minimum: -10, maximum: 0 }), Type.Null()]),
    /** 59.23: at -10 or lower Germany must accept. */
    germanyMustAccept: Type.Boolean(),
  }),
});

export const offerAccepted = defineEvent('britain.offer-accepted', {
  version: 1,
  source: 'player',
  rules: ['59.23', '59.41'],
  summary: 'Germany accepts the British surrender offer.',
  schema: Strict({ turn: Turn }),
});

export const offerRejected = defineEvent('britain.offer-rejected', {
  version: 1,
  source: 'player',
  rules: ['59.23', '59.31', '59.32'],
  summary: 'Germany rejects the British surrender offer; it lapses (59.32).',
  schema: Strict({ turn: Turn }),
});

export const FarEastCases = ['not-in-play', 'not-at-war', 'at-war-with-both', 'japan-chooses'] as const;

const britainSurrenderedPayload = effectPayload({
  turn: Turn,
  surrenderLevel: Int({ minimum: -10, maximum: 0 }),
  /** 59.872: the level of the surrender this one is measured from, or null. */
  previousSurrenderLevel: Type.Union([Int({ minimum: -10, maximum: 0 }), Type.Null()]),
  /** 59.23: accepted because the level was -10 or lower. */
  forced: Type.Boolean(),
  /** 59.61: the U.S. was at war with Germany, so the war continues; 59.62: peace negotiations. */
  outcome: Enum(['war-continues', 'peace', 'war-ends-62.91'] as const),
  requirements: Requirements,
  concessionPoints: Count(),
  /** 59.891: Japan's position at the moment of surrender. */
  farEast: Enum(FarEastCases),
});

export const britainSurrendered = defineEvent('britain.surrendered', {
  version: 2,
  source: 'engine',
  rules: ['59.41', '59.51', '59.61', '59.62', '59.85', '59.872', '59.891'],
  summary:
    'Britain surrenders: the surrender level, the force reductions it requires, whether the war continues, and ' +
    'what happens in the Far East.',
  schema: britainSurrenderedPayload.schema,
  upcasters: [britainSurrenderedPayload.fromV1],
});

export const forcesSelected = defineEvent('britain.forces-selected', {
  version: 1,
  source: 'player',
  rules: ['59.513A'],
  summary:
    'The British player selects, by id from the reported force pool, the units to remove from the force pool and ' +
    'the naval units to eliminate.',
  schema: Strict({
    turn: Turn,
    /**
     * Only in logs written before the pool was reported (host.british-force-pool): the pool, inline. Refused in a
     * command.
     */
    units: Type.Optional(Type.Array(ForceUnitSchema, { maxItems: 2000 })),
    selection: Type.Array(Type.String({ minLength: 1 }), { maxItems: 2000 }),
  }),
});

const forcesReducedPayload = effectPayload({
  turn: Turn,
  required: Requirements,
  selected: Requirements,
  removed: Type.Array(Strict({ id: Type.String(), kind: Type.String(), factors: Count(), brps: Count() })),
  /**
   * 59.871: ground and AAF factors removed, counted as unbuilt in later resistance levels; 59.22E: minor-country units'
   * left out.
   */
  unbuiltFactorsAdded: Count(),
});

export const forcesReduced = defineEvent('britain.forces-reduced', {
  version: 3,
  source: 'engine',
  rules: ['59.51', '59.512', '59.513', '59.514', '59.871'],
  summary: 'The British force reductions are validated and carried out.',
  schema: forcesReducedPayload.schema,
  // v2 counted removed minor-country units as unbuilt (59.22E); their factors are taken back
  // (events/forces-reduced-v2.ts).
  upcasters: [forcesReducedPayload.fromV1, defineUpcaster(2, forcesReducedPayload.schema, withoutMinorUnbuilt)],
});

const TerritoryControl = Enum(TerritoryControls);
/**
 * Control of each concession-table territory after 59.631-59.634: every one of the 18 keys (59.65), and no other.
 * The engine refused any other report before the schema said so, so every stored report has them all.
 */
const ReportedTerritories = Strict(
  Object.fromEntries(TerritoryKeys.map((key) => [key, TerritoryControl])) as Record<
    TerritoryKey,
    typeof TerritoryControl
  >,
);

export const hexControlReported = defineEvent('host.british-hex-control', {
  version: 1,
  source: 'host',
  rules: ['59.631', '59.632', '59.633', '59.634'],
  summary:
    'After a British surrender into peace: which British hexes can ' +
    'trace supply from a mapboard box, and the control that results.',
  schema: Strict({
    turn: Turn,
    /** 59.632: British-controlled hexes that cannot trace a supply line from a mapboard box. */
    unsuppliedHexes: Type.Array(Type.String({ minLength: 1 }), { maxItems: 5000 }),
    /** 59.633: fortifications and fortresses in those hexes, eliminated. */
    fortificationsEliminated: Type.Array(Type.String({ minLength: 1 }), { maxItems: 5000 }),
    territories: ReportedTerritories,
    minors: Type.Array(Strict({ name: Type.String({ minLength: 1 }), brps: Count(), status: Enum(MinorStatuses) })),
    originallyBritish: Type.Array(Type.String()),
    axisControls: ConcessionsInputSchema.properties.axisControls,
  }),
});

export const termsDemanded = defineEvent('britain.terms-demanded', {
  version: 1,
  source: 'player',
  rules: ['59.65', '59.66', '59.67', '59.68', '59.71', '59.72', '59.73'],
  summary: 'Germany states its terms: territories, minor countries, indemnity, and territories returned.',
  schema: Strict({
    turn: Turn,
    demand: ConcessionsInputSchema.properties.demand,
    /** 59.66G: ceded Mediterranean-front territories Germany lets Italy control. */
    toItaly: Type.Array(Type.String()),
  }),
});

const termsImposedPayload = effectPayload({
  turn: Turn,
  pointsAvailable: Count(),
  pointsUsed: Count(),
  pointsNotTaken: Count(),
  pointsReturned: Count(),
  resistanceModifier: Int({ maximum: 0 }),
  usatChange: Int({ maximum: 0 }),
  taken: Type.Array(Type.String()),
  returned: Type.Array(Type.String()),
  toItaly: Type.Array(Type.String()),
  indemnityBrps: Count({ maximum: 30 }),
});

export const termsImposed = defineEvent('britain.terms-imposed', {
  version: 2,
  source: 'engine',
  rules: ['59.65', '59.66', '59.67', '59.68', '59.71', '59.72', '59.73', '59.75'],
  summary: 'The German terms are validated and take effect, with the forbearance effects of 59.75.',
  schema: termsImposedPayload.schema,
  upcasters: [termsImposedPayload.fromV1],
});

export const japanTreatyDecided = defineEvent('japan.treaty-decided', {
  version: 1,
  source: 'player',
  rules: ['59.891C', '59.892', '59.894'],
  summary:
    'Japan, at war with Britain but not the U.S. when Britain ' +
    'surrenders, ends hostilities (adheres to the treaty) or fights on.',
  schema: Strict({ turn: Turn, adheres: Type.Boolean() }),
});

const farEastSettledPayload = effectPayload({ turn: Turn, japanAdheres: Type.Boolean() });

export const farEastSettled = defineEvent('britain.far-east-settled', {
  version: 2,
  source: 'engine',
  rules: ['59.891', '59.892', '59.893', '59.894'],
  summary: "The effects in the Far East of Japan's position or choice.",
  schema: farEastSettledPayload.schema,
  upcasters: [farEastSettledPayload.fromV1],
});

const warResumedPayload = effectPayload({ turn: Turn, rule: Enum(['59.86B', '59.86C'] as const) });

export const warResumed = defineEvent('britain.war-resumed', {
  version: 2,
  source: 'engine',
  rules: ['59.86B', '59.86C'],
  summary:
    'Britain is at war with Germany again after a surrender, by ' +
    'a German (59.86B) or an American (59.86C) declaration of war.',
  schema: warResumedPayload.schema,
  upcasters: [warResumedPayload.fromV1],
});

const brpFloorLoweredPayload = effectPayload({
  turn: Turn,
  /** Every dominion surrendered so far, this one included. */
  dominionsSurrendered: Strict({ australia: Type.Boolean(), india: Type.Boolean() }),
  /** 59.81: 40 BRPs, less 10 for each of Australia and India surrendered. */
  floorBrps: Int({ minimum: 20, maximum: 30 }),
});

export const brpFloorLowered = defineEvent('britain.brp-floor-lowered', {
  version: 2,
  source: 'engine',
  rules: ['59.81'],
  summary:
    "Australia or India surrendered after a British surrender: the floor of Britain's BRP base falls to 30 or 20 " +
    'BRPs (59.81, 35.46).',
  schema: brpFloorLoweredPayload.schema,
  upcasters: [brpFloorLoweredPayload.fromV1],
});

export const britishEvents = [
  gameTurnEnded,
  resistanceDetermined,
  surrenderOffered,
  offerAccepted,
  offerRejected,
  britainSurrendered,
  forcesSelected,
  forcesReduced,
  hexControlReported,
  termsDemanded,
  termsImposed,
  japanTreatyDecided,
  farEastSettled,
  warResumed,
  brpFloorLowered,
] as const;
