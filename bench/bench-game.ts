// One synthetic game's commands for the bench logs: an example game's opening with its turns padded by varied
// `host.logged` events, then quiet turns, ending in a German surrender or not.
import type { EventData, OriginEvent } from '../events/index.js';
import { exampleGames } from '../src/examples/games.js';
import { fleet1943 } from '../src/examples/fleets.js';
import { GameScript, nextTurn, type TurnRef } from '../src/examples/script.js';
import { between } from './random.js';

type German = NonNullable<EventData<'host.allied-player-turn-ended'>['germany']>;
type Italian = NonNullable<EventData<'host.allied-player-turn-ended'>['italy']>;
type British = EventData<'host.game-turn-ended'>['britain'];
type Logged = EventData<'host.logged'>;

const KINDS = [
  'movement',
  'combat',
  'exploitation',
  'sea-transport',
  'air-mission',
  'supply-check',
  'construction',
  'redeployment',
  'production',
  'attrition',
];
const UNITS = ['2-5 inf', '3-5 inf', '4-5 arm', '5-4 arm', '1-3 par', '5 AF', '9 BB', '2 CA', '3 CV', '1-2 res'];

/** An ordinary host event of a turn, with varied content (what a host engine logs between the rule moments). */
function routine(turn: TurnRef, random: () => number): OriginEvent {
  const kind = KINDS[between(random, 0, KINDS.length - 1)] ?? 'movement';
  const column = String.fromCharCode(65 + between(random, 0, 25));
  const data: Logged['data'] =
    kind === 'combat'
      ? {
          attacker: UNITS[between(random, 0, 9)],
          defender: UNITS[between(random, 0, 9)],
          hex: `${column}${between(random, 10, 40)}`,
          odds: `${between(random, 1, 4)}:1`,
          roll: between(random, 1, 6),
          result: random() < 0.5 ? 'DE' : 'EX',
        }
      : kind === 'production'
        ? {
            brps: between(random, 0, 60),
            spent: between(random, 0, 60),
            units: [UNITS[between(random, 0, 9)], UNITS[between(random, 0, 9)]],
          }
        : {
            side: random() < 0.5 ? 'axis' : 'allied',
            unit: UNITS[between(random, 0, 9)],
            from: `${column}${between(random, 10, 40)}`,
            to: `${column}${between(random, 10, 40)}`,
            mp: between(random, 1, 6),
          };
  return { type: 'host.logged', data: { turn, kind, data } };
}

const routines = (turn: TurnRef, count: number, random: () => number): OriginEvent[] =>
  Array.from({ length: count }, () => routine(turn, random));

const quietGermany = (random: () => number): German => ({
  berlin: 'axis',
  germanDpTotal: between(random, 8, 30),
  germanyControlsBerchtesgaden: true,
  allGermanHexesAlliedOrAtomic: false,
});
const quietItaly = (random: () => number): Italian => ({
  italianDpTotal: between(random, 2, 9),
  romeAlliedControlled: false,
  axisUnitsInAfrica: true,
  dpsInItaly: { axis: between(random, 0, 2), allied: 0 },
  covertOperationsModifier: between(random, -1, 1),
});
const quietBritain = (random: () => number, naval: British['naval']): British => ({
  britishDpLevel: between(random, 4, 8),
  axisControlsMalta: false,
  axisControlsSingapore: false,
  oilEffectsOnBritain: 0,
  atlanticSwTransports: between(random, 8, 14),
  russianGroundUnitInEasternEurope: true,
  unbuiltBritishGroundAirFactors: between(random, 0, 8),
  usatLevel: between(random, 20, 60),
  westernAlliedGroundAirFactorsOnWesternFront: between(random, 0, 30),
  westernAlliedGroundUnitInGermany: false,
  russianGroundUnitInWesternPolandOrRumania: random() < 0.3,
  naval,
});

export interface GameOptions {
  /** Extra `host.logged` events per turn on top of the script's 25, drawn from this range. */
  readonly extraPerTurn: readonly [number, number];
  /** Turns in all (the example's opening included). */
  readonly turns: number;
  /** The last turn: Berlin falls and Germany surrenders (55.11). */
  readonly germanSurrender: boolean;
}

/**
 * One game's commands: an example game's opening (its decisive moments unchanged, its turns padded with
 * varied host events), then quiet turns with varied numbers up to `turns`, ending in a German surrender or not.
 */
export function benchGame(index: number, options: GameOptions, random: () => number): BenchGame {
  const makers = Object.values(exampleGames);
  const opening = (makers[index % makers.length] as () => GameScript)().events;
  const events: OriginEvent[] = [];
  let last: TurnRef | null = null;
  // The fleets as the opening last reported them: after an Italian surrender its ships serve their new owners (56.31D).
  let naval: British['naval'] = fleet1943;
  // Once Berlin has fallen Germany may have surrendered: no more German cities are firestormed (55.31).
  let berlinFell = false;
  for (const origin of opening) {
    if (origin.type === 'host.allied-player-turn-ended') {
      events.push(...routines(origin.data.turn, between(random, ...options.extraPerTurn), random));
      if (origin.data.germany && origin.data.germany.berlin !== 'axis') berlinFell = true;
    }
    if (origin.type === 'host.game-turn-ended') {
      last = origin.data.turn;
      naval = origin.data.britain.naval;
    }
    events.push(origin);
  }
  if (last === null) throw new Error('an example game without turns');
  const started = opening[0];
  if (started?.type !== 'host.game-started') throw new Error('an example game must start with host.game-started');
  const tail = new GameScript('tail', started.data);
  let turn = last;
  const playedTurns = opening.filter((e) => e.type === 'host.game-turn-ended').length;
  for (let n = playedTurns; n < options.turns; n += 1) {
    turn = nextTurn(turn);
    const final = n === options.turns - 1 && options.germanSurrender;
    const during = routines(turn, between(random, ...options.extraPerTurn), random);
    // Each city once (55.11B counts cities), and none after Germany's surrender (55.31).
    if (!berlinFell && random() < 0.15)
      during.push({ type: 'host.city-firestormed', data: { turn, country: 'germany', city: `City-${n}` } });
    tail.turn(turn, {
      during,
      germany: final
        ? {
            berlin: 'allied',
            germanDpTotal: -between(random, 1, 6),
            germanyControlsBerchtesgaden: false,
            allGermanHexesAlliedOrAtomic: false,
          }
        : quietGermany(random),
      italy: quietItaly(random),
      britain: quietBritain(random, naval),
    });
  }
  const openingLength = events.length;
  events.push(...tail.events.slice(1));
  return { commands: events, openingLength };
}

export interface BenchGame {
  readonly commands: readonly OriginEvent[];
  /** Commands of the example's opening: the decisions it raises are answered by its own script. */
  readonly openingLength: number;
}
