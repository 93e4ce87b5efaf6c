// Commands for the model-based tests of the whole engine: the payloads that settle each pending decision, and the
// random steps (legal and illegal) that test/engine/whole-engine-worlds.model.test.ts turns into commands against
// the game as it stands. Steps are plain data, so that fast-check prints and shrinks them.
import fc from 'fast-check';
import { definitionOf, type EventData } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import type { GameView } from '../../src/engine/game-view.js';
import { nextTurn } from '../../src/examples/script.js';
import { italianForces1943 } from '../../src/examples/italian-games.js';
import type { ForceUnit } from '../../src/rules/force-reduction.js';
import { RulingOptionsSchema, type RulingOptions } from '../../src/rules/options.js';
import type { NavalUnit } from '../../src/rules/naval-ratio.js';
import { britishFacts, laterPool } from './british-fixtures.js';
import { pathsOf, setAt, type Json } from '../fuzz/support.js';

type Turn = EventData<'host.game-turn-ended'>['turn'];
type Side = 'axis' | 'allied';
type Power = EventData<'war.declared'>['aggressor'];

/** Runs of each model test: MODEL_RUNS (default 150; `npm run model` sets 3000) and fast-check's MODEL_SEED. */
export const modelParameters = (): { numRuns: number; seed?: number } => {
  const numRuns = Math.max(1, Number(process.env['MODEL_RUNS'] ?? 150));
  const seed = process.env['MODEL_SEED'];
  return seed === undefined ? { numRuns } : { numRuns, seed: Number(seed) };
};

/** Every value of every ruling option, read from the schema, so that an option added later is explored too. */
export const rulingOptionValues: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(RulingOptionsSchema.properties).map(([key, schema]) => [
    key,
    schema.anyOf.map((literal) => literal.const),
  ]),
);
/** Any choice of ruling options (host.game-started.options). */
export const anyRulingOptions = fc.record(
  Object.fromEntries(Object.entries(rulingOptionValues).map(([key, values]) => [key, fc.constantFrom(...values)])),
) as fc.Arbitrary<RulingOptions>;

/** A British force pool smaller than any one-level requirement: everything eligible must go (59.513E). */
export const tinyPool: ForceUnit[] = [
  { id: 'aaf', nationality: 'british', kind: 'aaf', factors: 1, brps: 5, theater: 'europe' },
  { id: 'inf', nationality: 'british', kind: 'ground', factors: 1, brps: 1, theater: 'unbuilt' },
  {
    id: 'ca',
    nationality: 'british',
    kind: 'naval',
    factors: 2,
    brps: 0,
    theater: 'europe',
    naval: { type: 'cruiser', status: 'operational' },
  },
];

type Selection = EventData<'italy.forces-selected'>['selection'];
const sel = (s: Partial<Selection>): Selection => ({
  infantry: [],
  namedShips: [],
  cruisers: [],
  destroyers: [],
  ...s,
});

/** A legal selection of the 56.32 row from italianForces1943, by level and side. */
export function legalItalianSelection(level: number, side: Side): Selection {
  const full = sel({
    infantry: ['inf-1', 'inf-2', 'inf-3'],
    namedShips: ['littorio'],
    cruisers: ['montecuccoli', 'eugenio-di-savoia'],
    destroyers: ['dd-1', 'dd-2'],
  });
  const one = sel({
    infantry: ['inf-1', 'inf-2'],
    namedShips: ['littorio'],
    cruisers: ['montecuccoli'],
    destroyers: ['dd-1'],
  });
  if (Math.abs(level) === 2) return full;
  if (Math.abs(level) === 1) return one;
  return side === 'axis'
    ? sel({ infantry: ['inf-1'], cruisers: ['montecuccoli'], destroyers: ['dd-1'] })
    : sel({ infantry: ['inf-2'], cruisers: ['eugenio-di-savoia'], destroyers: ['dd-2'] });
}

const fleetWithLaunchedCruiser = {
  ...italianForces1943,
  navy: italianForces1943.navy.map((ship) =>
    ship.id === 'montecuccoli' ? { ...ship, status: 'launch' as const } : ship,
  ),
};

/** 59.6: Germany demands nothing (or Malta). */
export const terms = (turn: Turn, take: readonly string[] = []): OriginEvent => ({
  type: 'britain.terms-demanded',
  data: { turn, demand: { take: [...take], minors: [], indemnityBrps: 0, return: [] }, toItaly: [] },
});

const TERRITORIES = [
  'lebanon-syria',
  'tunisia',
  'algeria',
  'morocco',
  'libya',
  'albania',
  'malta',
  'palestine',
  'transjordan',
  'egypt',
  'iraq',
  'gibraltar',
  'ulster',
  'ireland',
  'scapa-flow',
  'scotland',
  'central-england',
  'southern-england',
];

/** 59.631: every concession-table territory still British, no hex out of supply. */
export const allBritishHexControl = (turn: Turn): OriginEvent => ({
  type: 'host.british-hex-control',
  data: {
    turn,
    unsuppliedHexes: [],
    fortificationsEliminated: [],
    territories: Object.fromEntries(
      TERRITORIES.map((k) => [k, 'british']),
    ) as EventData<'host.british-hex-control'>['territories'],
    minors: [],
    originallyBritish: [],
    axisControls: { london: false, birmingham: false, manchester: false, allOfScotland: false },
  },
});

/** 59.513A: the selection of the whole tiny pool; the units inline where the event's schema still asks for them. */
function selectAll(turn: Turn, pool: readonly ForceUnit[]): { readonly type: string; readonly data: unknown } {
  const byId = { turn, selection: pool.map((u) => u.id) };
  const inline = definitionOf('britain.forces-selected')?.data.check(byId) !== true;
  return { type: 'britain.forces-selected', data: inline ? { ...byId, units: pool } : byId };
}

/**
 * The command that settles a pending decision, or null for one these tests do not know (it is left waiting). The
 * reports of the force pool (59.513) and of the Far East hex control (59.892A) are built as plain JSON: commands go
 * to execute as a host sends them, and these two event types are not in every version of the vocabulary.
 */
export function settle(
  view: GameView,
  decision: string,
  by: string,
  choice: boolean,
): { readonly type: string; readonly data: unknown } | null {
  const turn = view.world.turn;
  // 59.513B: each surrender's pool holds counters of its own (those removed before never return).
  const pool = laterPool(tinyPool, Math.max(0, view.britain.context.surrenders.length - 1));
  switch (decision) {
    case 'respond-to-british-offer':
      return { type: choice ? 'britain.offer-accepted' : 'britain.offer-rejected', data: { turn } };
    case 'report-british-force-pool':
      return { type: 'host.british-force-pool', data: { turn, units: pool } };
    case 'select-british-force-reductions':
      return selectAll(turn, pool);
    case 'report-far-east-hex-control':
      return {
        type: 'host.far-east-hex-control',
        data: { turn, unsuppliedHexes: [], fortificationsEliminated: [], areas: [] },
      };
    case 'report-british-hex-control':
      return allBritishHexControl(turn);
    case 'state-german-terms':
      return terms(turn);
    case 'decide-japanese-adherence':
      return { type: 'japan.treaty-decided', data: { turn, adheres: choice } };
    case 'report-italian-forces':
      // Either fleet; in the second a cruiser is still on the "Launch" row (56.32 footnote, unfinishedLightShips).
      return {
        type: 'host.italian-forces-reported',
        data: { turn, ...(choice ? italianForces1943 : fleetWithLaunchedCruiser) },
      };
    case 'select-post-surrender-italian-forces': {
      const side: Side = by === 'axis' ? 'axis' : 'allied';
      const selection = legalItalianSelection(view.italy.context.surrender?.surrenderLevel ?? 0, side);
      return {
        type: 'italy.forces-selected',
        data: {
          turn,
          side,
          selection: choice
            ? selection
            : { ...selection, cruisers: selection.cruisers.map((c) => (c === 'montecuccoli' ? 'garibaldi' : c)) },
        },
      };
    }
    default:
      return null;
  }
}

const POWERS: readonly Power[] = ['germany', 'italy', 'japan', 'britain', 'france', 'russia', 'us'];
const power = fc.constantFrom(...POWERS);
/** Where a report goes: the turn due (0), the turn after it (1, past any pending decision) or one before (-1). */
const when = fc.constantFrom(0, 0, 0, 0, 1, -1);

const ship = fc.record({
  side: fc.constantFrom('allied' as const, 'axis' as const),
  nationality: fc.constantFrom(
    'british' as const,
    'american' as const,
    'russian' as const,
    'german' as const,
    'italian' as const,
    'french' as const,
  ),
  type: fc.constantFrom('battleship' as const, 'cruiser' as const, 'submarine' as const),
  factors: fc.constantFrom(0, 5, 10, 20),
  location: fc.constantFrom('map' as const, 'us-atlantic' as const, 'pacific' as const),
  status: fc.constantFrom('operational' as const, 'damaged' as const),
}) satisfies fc.Arbitrary<NavalUnit>;

export type Step =
  | { readonly kind: 'settle'; readonly choice: boolean }
  | {
      readonly kind: 'gameTurnEnd';
      readonly when: number;
      readonly dp: number;
      readonly usat: number;
      readonly naval: readonly NavalUnit[];
    }
  | {
      readonly kind: 'alliedTurnEnd';
      readonly when: number;
      readonly berlin: 'axis' | 'allied' | 'atomic';
      readonly germanDp: number;
      readonly berchtesgaden: boolean;
      readonly collapse: boolean;
      readonly italianDp: number;
      readonly rome: boolean;
      readonly africa: boolean;
      readonly dps: number;
    }
  | { readonly kind: 'declare'; readonly aggressor: Power; readonly targets: readonly Power[]; readonly usat: number }
  | { readonly kind: 'power'; readonly power: 'france' | 'russia' | 'japan' }
  | { readonly kind: 'dominion'; readonly dominion: 'australia' | 'india' }
  | {
      readonly kind: 'attack';
      readonly atomic: boolean;
      readonly country: 'germany' | 'britain' | 'italy' | 'other';
      readonly city: number;
    }
  | { readonly kind: 'terms'; readonly take: readonly string[] }
  | { readonly kind: 'json'; readonly value: Json; readonly game: string | null }
  | {
      readonly kind: 'mutated';
      readonly base: Exclude<Step, { kind: 'json' | 'mutated' | 'doubled' }>;
      readonly path: number;
      readonly value: Json | undefined;
    }
  /** A well-formed command with one item of one of its lists repeated (a unit, a war, a target, an id twice). */
  | {
      readonly kind: 'doubled';
      readonly base: Exclude<Step, { kind: 'json' | 'mutated' | 'doubled' }>;
      readonly path: number;
    };

const gameTurnEnd = fc.record({
  kind: fc.constant('gameTurnEnd' as const),
  when,
  dp: fc.integer({ min: -13, max: 4 }),
  usat: fc.integer({ min: 0, max: 60 }),
  naval: fc.array(ship, { maxLength: 3 }),
});
const alliedTurnEnd = fc.record({
  kind: fc.constant('alliedTurnEnd' as const),
  when,
  berlin: fc.constantFrom('axis' as const, 'axis' as const, 'allied' as const, 'atomic' as const),
  germanDp: fc.integer({ min: -3, max: 8 }),
  berchtesgaden: fc.boolean(),
  collapse: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  italianDp: fc.integer({ min: -3, max: 6 }),
  rome: fc.boolean(),
  africa: fc.boolean(),
  dps: fc.integer({ min: -2, max: 2 }),
});
const legalish = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('settle' as const), choice: fc.boolean() }) },
  { weight: 4, arbitrary: gameTurnEnd },
  { weight: 3, arbitrary: alliedTurnEnd },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('declare' as const),
      aggressor: power,
      targets: fc.array(power, { minLength: 1, maxLength: 3 }),
      usat: fc.integer({ min: 30, max: 60 }),
    }),
  },
  // 59.86B, 59.86C: the declarations that resume a war after a British surrender, and Italy's on Britain (59.62).
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('declare' as const),
      aggressor: fc.constantFrom<Power>('us', 'germany', 'italy'),
      targets: fc.constantFrom<Power[]>(['germany'], ['us'], ['britain'], ['britain', 'us']),
      usat: fc.integer({ min: 45, max: 60 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('power' as const),
      power: fc.constantFrom('france' as const, 'russia' as const, 'japan' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('dominion' as const),
      dominion: fc.constantFrom('australia' as const, 'india' as const),
    }),
  },
  // German terms whether or not any are awaited (59.61: none after a surrender in which the war continues).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('terms' as const), take: fc.constantFrom([], ['malta']) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('attack' as const),
      atomic: fc.boolean(),
      country: fc.constantFrom('germany' as const, 'britain' as const, 'italy' as const, 'other' as const),
      city: fc.nat(3),
    }),
  },
);

/**
 * Values JSON carries that a careless reader trips on: -0, numbers past 2^53, line and lone surrogate characters,
 * __proto__ keys.
 */
const hostile: fc.Arbitrary<Json> = fc.constantFrom<Json>(
  -0,
  1e308,
  // biome-ignore lint/correctness/noPrecisionLoss: a number past 2^53 is the value under test
  9007199254740993,
  -1,
  '',
  '\u2028',
  '\ud800',
  'constructor',
  '__proto__',
  JSON.parse('{"__proto__":{"polluted":true}}') as Json,
  JSON.parse('{"type":"__proto__","data":{}}') as Json,
  JSON.parse(
    '{"type":"host.logged","data":{"turn":{"season":"spring","year":1941},"kind":"k",' +
      '"data":{"__proto__":{"polluted":true}}}}',
  ) as Json,
);
const anyJson: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: hostile },
);

/**
 * Random steps: mostly well-formed commands, some anything JSON can carry, some well-formed commands with one value
 * replaced.
 */
export const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 20, arbitrary: legalish },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('json' as const),
      value: anyJson,
      game: fc.option(fc.string({ maxLength: 8 }), { freq: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('mutated' as const),
      base: legalish,
      path: fc.nat(),
      value: fc.option(anyJson, { nil: undefined, freq: 5 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('doubled' as const), base: legalish, path: fc.nat() }) },
);

/** The value at a path of a JSON document (undefined where there is none). */
const valueAt = (doc: Json, path: readonly (string | number)[]): Json | undefined =>
  path.reduce<Json | undefined>(
    (v, k) => (typeof v === 'object' && v !== null ? (v as Readonly<Record<string | number, Json>>)[k] : undefined),
    doc,
  );

/** The turn a report goes to: the turn due for it (this one, or the next once this one's report is in), shifted. */
function reportTurn(view: GameView, closedAt: number, shift: number): Turn {
  const now = view.world.turn;
  let turn = closedAt < view.world.turnIndex ? now : nextTurn(now);
  if (shift > 0) turn = nextTurn(turn);
  return shift < 0 ? { ...turn, year: turn.year - 1 } : turn;
}

/** The command a step stands for in the game as it stands (null: nothing to send), and the game id it is sent for. */
export function commandOf(
  s: Step,
  view: GameView,
  game: string,
  pending: readonly { decision: string; by: string }[],
): { game: unknown; origin: unknown } | null {
  const turn = view.world.turn;
  switch (s.kind) {
    case 'settle': {
      const first = pending[0];
      const origin = first === undefined ? null : settle(view, first.decision, first.by, s.choice);
      return origin === null ? null : { game, origin };
    }
    case 'gameTurnEnd':
      return {
        game,
        origin: {
          type: 'host.game-turn-ended',
          data: {
            turn: reportTurn(view, view.world.gameTurnEndedAt, s.when),
            britain: britishFacts({ britishDpLevel: s.dp, usatLevel: s.usat, naval: [...s.naval] }),
          },
        },
      };
    case 'alliedTurnEnd':
      return {
        game,
        origin: {
          type: 'host.allied-player-turn-ended',
          data: {
            turn: reportTurn(view, view.world.alliedTurnEndedAt, s.when),
            germany: {
              berlin: s.berlin,
              germanDpTotal: s.germanDp,
              germanyControlsBerchtesgaden: s.berchtesgaden,
              allGermanHexesAlliedOrAtomic: s.collapse,
            },
            italy: {
              italianDpTotal: s.italianDp,
              romeAlliedControlled: s.rome,
              axisUnitsInAfrica: s.africa,
              dpsInItaly: { axis: Math.max(s.dps, 0), allied: Math.max(-s.dps, 0) },
              covertOperationsModifier: 0,
            },
          },
        },
      };
    case 'declare':
      return {
        game,
        origin: {
          type: 'war.declared',
          data: {
            turn,
            aggressor: s.aggressor,
            targets: [...s.targets],
            usatLevel: s.aggressor === 'us' ? s.usat : null,
          },
        },
      };
    case 'power':
      return { game, origin: { type: 'host.power-surrendered', data: { turn, power: s.power } } };
    case 'dominion':
      return { game, origin: { type: 'host.dominion-surrendered', data: { turn, dominion: s.dominion } } };
    case 'attack':
      return s.atomic
        ? { game, origin: { type: 'host.atomic-attack', data: { turn, country: s.country, hex: `H${s.city}` } } }
        : {
            game,
            origin: {
              type: 'host.city-firestormed',
              data: { turn, country: s.country === 'britain' ? 'britain' : 'germany', city: `city-${s.city}` },
            },
          };
    case 'terms':
      return { game, origin: terms(turn, s.take) };
    case 'json':
      return { game: s.game ?? game, origin: s.value };
    case 'mutated':
    case 'doubled': {
      const base = commandOf(s.base, view, game, pending);
      if (base === null) return null;
      const doc = JSON.parse(JSON.stringify(base.origin)) as Json;
      if (s.kind === 'mutated') {
        const paths = pathsOf(doc);
        return { game, origin: setAt(doc, paths[s.path % paths.length] ?? [], s.value) ?? null };
      }
      const lists = pathsOf(doc).flatMap((p) => {
        const list = valueAt(doc, p);
        return Array.isArray(list) && list.length > 0 ? [{ path: p, list: list as readonly Json[] }] : [];
      });
      const chosen = lists[s.path % Math.max(lists.length, 1)];
      return chosen === undefined
        ? base
        : { game, origin: setAt(doc, chosen.path, [...chosen.list, chosen.list[0] ?? null]) ?? null };
    }
  }
}
