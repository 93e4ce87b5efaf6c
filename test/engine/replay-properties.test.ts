// Properties of replay over generated logs. A log is made the way the engine makes one: random host facts
// and player decisions (or an example game cut at a random point, then more random commands), each decided
// against the state so far; a refused command appends nothing, so every log is one the rules allow.
// Two games share each log, interleaved, as two games may share one file.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventData, StoredEvent } from '../../events/index.js';
import { definitionOf } from '../../events/index.js';
import { decide, type OriginEvent } from '../../src/engine/decide.js';
import { Replayer } from '../../src/engine/replay.js';
import type { GameTurn } from '../../src/rules/turns.js';
import { exampleGames } from '../../src/examples/games.js';
import { nextTurn } from '../../src/examples/script.js';
import { stored } from '../support/given.js';
import { alliedTurnEnded, atomicAttack, firestorm, gameStarted } from '../support/fixtures.js';
import {
  accept,
  britishPool,
  declareWar,
  demand,
  gameTurnEnded,
  hexControl,
  rejectOffer,
  reportPool,
  seaLionStart,
  selectForces,
} from '../support/british-fixtures.js';
import { forcesReported, forcesSelected } from '../support/italian-fixtures.js';

type German = NonNullable<EventData<'host.allied-player-turn-ended'>['germany']>;
type Italian = NonNullable<EventData<'host.allied-player-turn-ended'>['italy']>;
type Power = EventData<'war.declared'>['aggressor'];

/** Each log holds two games: Britain alone against the Axis in 1941, and everybody at war in 1944. */
const GAMES = ['g1941', 'g1944'] as const;
type Game = (typeof GAMES)[number];
const STARTS: Record<Game, OriginEvent> = { g1941: seaLionStart(), g1944: gameStarted() };

/** Every British unit the 59.514 rules allow, and a selection that exactly meets a -1 surrender. */
const ALL_ELIGIBLE = britishPool
  .filter((u) => u.nationality === 'british' && u.kind !== 'strategic-bomber')
  .map((u) => u.id);
const ONE_LEVEL = ['aaf-3', 'arm-1', 'bb-1', 'ca-1'];

type Step =
  | { readonly kind: 'logged'; readonly game: Game; readonly n: number }
  | { readonly kind: 'firestorm'; readonly game: Game; readonly country: 'germany' | 'britain'; readonly next: boolean }
  | {
      readonly kind: 'atomic';
      readonly game: Game;
      readonly country: 'germany' | 'britain' | 'italy' | 'other';
      readonly next: boolean;
    }
  | { readonly kind: 'alliedTurnEnd'; readonly game: Game; readonly germany: German; readonly italy: Italian }
  | {
      readonly kind: 'gameTurnEnd';
      readonly game: Game;
      readonly dp: number;
      readonly oil: number;
      readonly malta: boolean;
    }
  | { readonly kind: 'answer'; readonly game: Game; readonly accepts: boolean }
  | { readonly kind: 'pool'; readonly game: Game }
  | { readonly kind: 'select'; readonly game: Game; readonly all: boolean }
  | { readonly kind: 'hexControl'; readonly game: Game }
  | { readonly kind: 'terms'; readonly game: Game; readonly take: readonly string[] }
  | {
      readonly kind: 'declare';
      readonly game: Game;
      readonly aggressor: Power;
      readonly target: Power;
      readonly usat: number;
    }
  | { readonly kind: 'dominion'; readonly game: Game; readonly dominion: 'australia' | 'india' }
  | { readonly kind: 'power'; readonly game: Game; readonly power: 'france' | 'russia' | 'japan' }
  | { readonly kind: 'italianForces'; readonly game: Game }
  | {
      readonly kind: 'italianSelection';
      readonly game: Game;
      readonly side: 'axis' | 'allied';
      readonly infantry: readonly string[];
    };

const game = fc.constantFrom(...GAMES);
const power = fc.constantFrom<Power>('germany', 'italy', 'japan', 'britain', 'france', 'russia', 'us');

const germanFactsArb: fc.Arbitrary<German> = fc.record({
  berlin: fc.constantFrom('axis' as const, 'allied' as const, 'atomic' as const),
  germanDpTotal: fc.integer({ min: -4, max: 9 }),
  germanyControlsBerchtesgaden: fc.boolean(),
  // 55.12 collapse in one report out of ten.
  allGermanHexesAlliedOrAtomic: fc.oneof(
    { weight: 9, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
});

const italianFactsArb: fc.Arbitrary<Italian> = fc.record({
  italianDpTotal: fc.integer({ min: -3, max: 5 }),
  romeAlliedControlled: fc.boolean(),
  axisUnitsInAfrica: fc.boolean(),
  dpsInItaly: fc.record({ axis: fc.nat(2), allied: fc.nat(2) }),
  covertOperationsModifier: fc.integer({ min: -1, max: 1 }),
});

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('logged' as const), game, n: fc.nat(99) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('firestorm' as const),
      game,
      country: fc.constantFrom('germany' as const, 'britain' as const),
      next: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('atomic' as const),
      game,
      country: fc.constantFrom('germany' as const, 'britain' as const, 'italy' as const, 'other' as const),
      next: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('alliedTurnEnd' as const),
      game,
      germany: germanFactsArb,
      italy: italianFactsArb,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('gameTurnEnd' as const),
      game,
      dp: fc.integer({ min: -12, max: 5 }),
      oil: fc.nat(2),
      malta: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('answer' as const), game, accepts: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pool' as const), game }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('select' as const), game, all: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hexControl' as const), game }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('terms' as const),
      game,
      take: fc.constantFrom([], ['malta'], ['malta', 'palestine']),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('declare' as const),
      game,
      aggressor: power,
      target: power,
      usat: fc.integer({ min: 30, max: 60 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('dominion' as const),
      game,
      dominion: fc.constantFrom('australia' as const, 'india' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('power' as const),
      game,
      power: fc.constantFrom('france' as const, 'russia' as const, 'japan' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('italianForces' as const), game }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('italianSelection' as const),
      game,
      side: fc.constantFrom('axis' as const, 'allied' as const),
      infantry: fc.subarray(['inf-1', 'inf-2', 'inf-3', 'inf-4', 'inf-5']),
    }),
  },
);

/** The command a step stands for, given the game's state now (end-of-turn reports go to the next turn due). */
function originOf(s: Step, replayer: Replayer): OriginEvent {
  const state = replayer.view(s.game)?.world;
  const now: GameTurn = state?.turn ?? { season: 'spring', year: 1941 };
  const index = state?.turnIndex ?? 0;
  switch (s.kind) {
    case 'logged':
      return { type: 'host.logged', data: { turn: now, kind: 'movement', data: { n: s.n } } };
    case 'firestorm':
      return firestorm(s.next ? nextTurn(now) : now, s.country, `city-${s.country}`);
    case 'atomic':
      return atomicAttack(s.next ? nextTurn(now) : now, s.country, 'H1');
    case 'alliedTurnEnd':
      return alliedTurnEnded((state?.alliedTurnEndedAt ?? -1) < index ? now : nextTurn(now), s.germany, s.italy);
    case 'gameTurnEnd':
      return gameTurnEnded((state?.gameTurnEndedAt ?? -1) < index ? now : nextTurn(now), {
        britishDpLevel: s.dp,
        oilEffectsOnBritain: s.oil,
        axisControlsMalta: s.malta,
      });
    case 'answer':
      return (s.accepts ? accept : rejectOffer)(now);
    case 'pool':
      return reportPool(now);
    case 'select':
      return selectForces(now, s.all ? ALL_ELIGIBLE : ONE_LEVEL);
    case 'hexControl':
      return hexControl(now);
    case 'terms':
      return demand(now, { take: [...s.take] });
    case 'declare':
      return declareWar(now, s.aggressor, [s.target], s.aggressor === 'us' ? s.usat : null);
    case 'dominion':
      return { type: 'host.dominion-surrendered', data: { turn: now, dominion: s.dominion } };
    case 'power':
      return { type: 'host.power-surrendered', data: { turn: now, power: s.power } };
    case 'italianForces':
      return forcesReported(now);
    case 'italianSelection':
      return forcesSelected(now, s.side, { infantry: [...s.infantry] });
  }
}

interface Played {
  readonly log: readonly StoredEvent[];
  /** The replayer that followed the log as it was written, one decision at a time. */
  readonly live: Replayer;
  readonly refused: number;
}

/** Plays commands the way SurrenderEngine does: decide against the state so far, append what is accepted. */
function playLog(
  prefix: readonly { readonly game: string; readonly origin: OriginEvent }[],
  steps: readonly Step[],
): Played {
  const live = new Replayer({ checkDecisions: false });
  const log: StoredEvent[] = [];
  let refused = 0;
  const run = (gameId: string, origin: OriginEvent) => {
    const decision = decide(live.view(gameId), origin);
    if (!decision.ok) {
      refused += 1;
      return;
    }
    const batch: StoredEvent[] = stored(decision.events, gameId, log.length + 1);
    live.applyAll(batch);
    log.push(...batch);
  };
  for (const { game: g, origin } of prefix) run(g, origin);
  for (const g of GAMES) if (live.view(g) === undefined) run(g, STARTS[g]);
  for (const s of steps) run(s.game, originOf(s, live));
  return { log, live, refused };
}

/** An example game cut at a random point: its commands, under its own game id. */
const examplePrefix = fc.tuple(fc.constantFrom(...Object.keys(exampleGames)), fc.nat()).map(([name, n]) => {
  const script = exampleGames[name]?.();
  if (script === undefined) throw new Error(name);
  return script.events.slice(0, 1 + (n % script.events.length)).map((origin) => ({ game: script.game, origin }));
});

const generatedLog: fc.Arbitrary<Played> = fc
  .tuple(fc.oneof(fc.constant([]), examplePrefix), fc.array(step, { maxLength: 80, size: 'large' }))
  .map(([prefix, steps]) => playLog(prefix, steps));

const replayAll = (log: readonly StoredEvent[], checkDecisions = true): Replayer => {
  const replayer = new Replayer({ checkDecisions });
  replayer.applyAll(log);
  replayer.finish();
  return replayer;
};

/** Deep copy of events, so that no replay can share (or alter) another's objects. */
const copy = (log: readonly StoredEvent[]): StoredEvent[] => JSON.parse(JSON.stringify(log)) as StoredEvent[];

/** 60 runs; a counterexample holds a whole generated log, too long for fast-check to print: say how to replay it. */
const runs = <T>(): fc.Parameters<T> => ({
  numRuns: 60,
  reporter: (out) => {
    if (out.failed)
      throw new Error(
        `property failed (seed ${out.seed}, path ${out.counterexamplePath ?? ''}; replay with fc.assert(..., { ` +
          `seed, path })): ${String(out.errorInstance)}`,
      );
  },
});

describe('replay: the state is a fold of the log', () => {
  it('the same log always replays to the same projection, equal to the state it was written from', () => {
    fc.assert(
      fc.property(generatedLog, ({ log, live }) => {
        const once = replayAll(copy(log)).projection();
        const twice = replayAll(copy(log)).projection();
        expect(twice).toEqual(once);
        expect(once).toEqual(live.projection());
        // Replaying never alters the events it reads.
        const before = JSON.stringify(log);
        replayAll(log);
        expect(JSON.stringify(log)).toBe(before);
      }),
      runs(),
    );
  });

  it('replaying a prefix and then the rest equals replaying the whole, wherever the log is cut', () => {
    fc.assert(
      fc.property(generatedLog, fc.nat(), ({ log }, n) => {
        const cut = n % (log.length + 1);
        const continued = new Replayer({ checkDecisions: true });
        continued.applyAll(copy(log.slice(0, cut)));
        continued.applyAll(copy(log.slice(cut)));
        continued.finish();
        const whole = replayAll(copy(log));
        expect(continued.projection()).toEqual(whole.projection());
        expect(continued.version).toBe(whole.version);
        expect(continued.mismatches).toEqual(whole.mismatches);
        // Event by event as well (a batch per event, as a store yields them after each append).
        const single = new Replayer({ checkDecisions: true });
        for (const event of copy(log)) single.applyAll([event]);
        single.finish();
        expect(single.projection()).toEqual(whole.projection());
      }),
      runs(),
    );
  });
});

describe('replay: re-deriving the rule decisions', () => {
  it('a log the engine wrote replays with every rule decision re-derived and no mismatch', () => {
    fc.assert(
      fc.property(generatedLog, ({ log }) => {
        expect(replayAll(log).mismatches).toEqual([]);
      }),
      runs(),
    );
  });

  /** Every number and boolean in an event's data, by path. */
  const leaves = (value: unknown, path: (string | number)[] = []): (string | number)[][] => {
    if (typeof value === 'number' || typeof value === 'boolean') return [path];
    if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
    if (typeof value === 'object' && value !== null)
      return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
    return [];
  };

  it('a rule decision whose data was altered (one number or flag) is reported at its own seq', () => {
    fc.assert(
      fc.property(
        generatedLog,
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        ({ log }, pickEvent, pickLeaf, delta) => {
          const decisions = log.filter((e) => definitionOf(e.type)?.source === 'engine');
          fc.pre(decisions.length > 0);
          const target = decisions[pickEvent % decisions.length] as StoredEvent;
          const paths = leaves(target.data);
          fc.pre(paths.length > 0);
          const path = paths[pickLeaf % paths.length] as (string | number)[];
          const edited = copy(log);
          const event = edited[target.seq - 1] as StoredEvent;
          let holder = event.data as unknown as Record<string | number, unknown>;
          for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
          const last = path.at(-1) as string | number;
          const old = holder[last];
          holder[last] = typeof old === 'boolean' ? !old : (old as number) + delta;
          const mismatches = replayAll(edited).mismatches;
          expect(mismatches.map((m) => m.seq)).toContain(target.seq);
          expect(mismatches.find((m) => m.seq === target.seq)?.message).toContain(
            `"${target.type}" no longer matches the rules`,
          );
        },
      ),
      runs(),
    );
  });
});

describe('replay: examples of edited decisions', () => {
  const seaLion = () => {
    const script = exampleGames['sea-lion-1941']?.();
    if (script === undefined) throw new Error('example');
    return playLog(
      script.events.map((origin) => ({ game: script.game, origin })),
      [],
    ).log;
  };

  it('59.21: a British resistance level changed from -4 to -3 no longer matches the rules', () => {
    const log = copy(seaLion());
    const index = log.findIndex((e) => e.type === 'britain.resistance-determined' && e.data.level === -4);
    const event = log[index];
    if (event?.type !== 'britain.resistance-determined') throw new Error('fixture: the Summer 1941 resistance level');
    event.data.level = -3;
    const mismatches = replayAll(log).mismatches;
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]?.seq).toBe(event.seq);
    expect(mismatches[0]?.message).toBe(
      '"britain.resistance-determined" no longer matches the rules at data.level: the rules give -4, the log holds -3',
    );
  });

  it('55.11B: a German resistance level changed is reported; the untouched log replays clean', () => {
    const clean = seaLion();
    expect(replayAll(clean).mismatches).toEqual([]);
    const log = copy(clean);
    const event = log.find((e) => e.type === 'germany.surrender-checked');
    if (event?.type !== 'germany.surrender-checked') throw new Error('fixture');
    event.data.resistance -= 30;
    expect(replayAll(log).mismatches.map((m) => m.seq)).toEqual([event.seq]);
  });

  it('59.12: an offer deleted from the log is reported as missing', () => {
    const log = copy(seaLion()).filter((e) => e.type !== 'britain.surrender-offered');
    for (const [i, e] of log.entries()) Object.assign(e, { seq: i + 1 });
    const messages = replayAll(log).mismatches.map((m) => m.message);
    expect(messages[0]).toMatch(
      /^the log lacks the rule decision "britain\.surrender-offered" that follows from event \d+$/,
    );
  });
});
