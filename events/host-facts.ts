// Facts reported by the host engine: what it sees on the map that this engine cannot count itself.
import { Type } from '@sinclair/typebox';
import { Count, Enum, Int, Strict, Turn } from '../src/schema/types.js';
import { BerlinStatuses } from '../src/rules/german-resistance.js';
import { AlliedPowers, AxisPowers, Scenarios, WarSchema } from './common.js';
import { defineEvent } from './registry.js';
import { RulingOptionsSchema } from '../src/rules/options.js';

export const Powers = [...AxisPowers, ...AlliedPowers] as const;

export const gameStarted = defineEvent('host.game-started', {
  version: 1,
  source: 'host',
  rules: [],
  summary:
    'A game (or the part of it this log covers) begins: ' +
    'scenario, turn, the wars in progress and the rulings options chosen.',
  schema: Strict({
    scenario: Enum(Scenarios),
    turn: Turn,
    wars: Type.Array(WarSchema, { maxItems: 12 }),
    /** 56.12B and 56.12A history, for a log that starts after Italy entered the war. */
    italy: Strict({
      declaredWarOnWesternAlliesYear: Type.Union([Int({ minimum: 1900, maximum: 2100 }), Type.Null()]),
      westernAlliesDeclaredWar: Type.Boolean(),
    }),
    options: RulingOptionsSchema,
  }),
});

export const powerSurrendered = defineEvent('host.power-surrendered', {
  version: 1,
  source: 'host',
  rules: ['59.14B', '59.85', '59.22'],
  summary: 'France, Russia or Japan surrendered under its own rules (the host decides those); its wars end.',
  schema: Strict({ turn: Turn, power: Enum(['france', 'russia', 'japan'] as const) }),
});

export const dominionSurrendered = defineEvent('host.dominion-surrendered', {
  version: 1,
  source: 'host',
  rules: ['59.21', '59.81'],
  summary: 'Australia or India surrendered (counted for the British Resistance Table and 59.81).',
  schema: Strict({ turn: Turn, dominion: Enum(['australia', 'india'] as const) }),
});

export const cityFirestormed = defineEvent('host.city-firestormed', {
  version: 1,
  source: 'host',
  rules: ['55.11B', '59.21'],
  summary: 'A German or British city was firestormed (26.93A); counted cumulatively.',
  schema: Strict({
    turn: Turn,
    country: Enum(['germany', 'britain'] as const),
    city: Type.String({ minLength: 1, maxLength: 64 }),
  }),
});

export const atomicAttack = defineEvent('host.atomic-attack', {
  version: 1,
  source: 'host',
  rules: ['55.11B', '59.21', '43.321A'],
  summary: 'An atomic attack was made on a hex of a country; attacks on Germany and Britain are counted.',
  schema: Strict({
    turn: Turn,
    country: Enum(['germany', 'britain', 'italy', 'other'] as const),
    hex: Type.String({ minLength: 1, maxLength: 16 }),
  }),
});

export const hostLogged = defineEvent('host.logged', {
  version: 1,
  source: 'host',
  rules: [],
  summary: 'Any other host event (movement, combat, production ...): kept in the log, ignored by the surrender rules.',
  schema: Strict({
    turn: Turn,
    kind: Type.String({ minLength: 1, maxLength: 64 }),
    data: Type.Record(Type.String(), Type.Unknown()),
  }),
});

/** What the host sees of Germany at the end of an Allied player turn (55.11, 55.12). */
export const GermanFactsSchema = Strict({
  berlin: Enum(BerlinStatuses),
  germanDpTotal: Int(),
  germanyControlsBerchtesgaden: Type.Boolean(),
  allGermanHexesAlliedOrAtomic: Type.Boolean(),
});

/** What the host sees of Italy at the end of an Allied player turn (56.11, 56.12, 56.31). */
export const ItalianFactsSchema = Strict({
  italianDpTotal: Int(),
  romeAlliedControlled: Type.Boolean(),
  axisUnitsInAfrica: Type.Boolean(),
  dpsInItaly: Strict({ axis: Count(), allied: Count() }),
  covertOperationsModifier: Int(),
});

export const alliedPlayerTurnEnded = defineEvent('host.allied-player-turn-ended', {
  version: 1,
  source: 'host',
  rules: ['55.11', '56.11'],
  summary: 'The Allied player turn ended: the facts for the German (55.1) and Italian (56.1) surrender checks.',
  schema: Strict({
    turn: Turn,
    germany: Type.Union([GermanFactsSchema, Type.Null()]),
    italy: Type.Union([ItalianFactsSchema, Type.Null()]),
  }),
});

export const warDeclared = defineEvent('war.declared', {
  version: 1,
  source: 'player',
  rules: ['59.86A', '59.86B', '59.86C', '59.891A', '59.892C'],
  summary: 'A major power declared war on one or more major powers.',
  schema: Strict({
    turn: Turn,
    aggressor: Enum(Powers),
    targets: Type.Array(Enum(Powers), { minItems: 1, maxItems: 4 }),
    /** The USAT level when the U.S. declares war (59.86C). */
    usatLevel: Type.Union([Count(), Type.Null()]),
  }),
});

export const hostEvents = [
  gameStarted,
  powerSurrendered,
  dominionSurrendered,
  cityFirestormed,
  atomicAttack,
  hostLogged,
  alliedPlayerTurnEnded,
  warDeclared,
] as const;
