// Synthetic host logs for the replay benchmark: many games of 40+ turns, mostly `host.logged` events, with the
// example games' decisive moments (British offers, acceptance, rejection, force reductions, terms, a U.S.
// declaration of war) and a German surrender ending some games. Fast: every command is decided and replayed in
// memory (no store, no fsync), each line sealed with the store's own sealing, written in large chunks.
import { closeSync, openSync, writeSync } from 'node:fs';
import { definitionOf, type EventData, type OriginEvent } from '../events/index.js';
import { decide } from '../src/engine/decide.js';
import { pendingDecisions } from '../src/engine/pending.js';
import { describePending } from '../src/engine/pending-text.js';
import { Replayer } from '../src/engine/replay.js';
import { exampleGames } from '../src/examples/games.js';
import { fleet1943 } from '../src/examples/fleets.js';
import { GameScript, nextTurn, type TurnRef } from '../src/examples/script.js';
import { headerLine, sealLine } from '../src/store/line-format.js';
import { sealEvents, type ChainTip } from '../src/store/seal.js';
import type { EnvelopeSource } from '../src/store/store.js';

type German = NonNullable<EventData<'host.allied-player-turn-ended'>['germany']>;
type Italian = NonNullable<EventData<'host.allied-player-turn-ended'>['italy']>;
type British = EventData<'host.game-turn-ended'>['britain'];
type Logged = EventData<'host.logged'>;

/** mulberry32: a small deterministic generator, so that every run benchmarks the same log. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (random: () => number, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

/** Ids `0…0<base 36 counter>` (21 characters of the nanoid alphabet) and one second per command. */
export function benchSource(): EnvelopeSource {
  let ids = 0;
  let ticks = 0;
  const start = Date.UTC(2026, 0, 1);
  return {
    id: () => (++ids).toString(36).padStart(21, '0'),
    now: () => new Date(start + 1000 * ++ticks).toISOString(),
  };
}

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

/** Lines written to a log file in large chunks, chained after its header. */
export class LogWriter {
  readonly #fd: number;
  #parts: string[] = [];
  #pending = 0;
  tip: ChainTip;
  bytes = 0;

  constructor(path: string) {
    this.#fd = openSync(path, 'w');
    const header = headerLine();
    this.write(`${header.line}\n`);
    this.tip = { seq: 0, hash: header.hash };
  }

  write(text: string): void {
    this.#parts.push(text);
    this.#pending += text.length;
    if (this.#pending >= 8 * 1024 * 1024) this.flush();
  }

  flush(): void {
    if (this.#parts.length === 0) return;
    const buffer = Buffer.from(this.#parts.join(''), 'utf8');
    let done = 0;
    while (done < buffer.length) done += writeSync(this.#fd, buffer, done, buffer.length - done);
    this.bytes += buffer.length;
    this.#parts = [];
    this.#pending = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.#fd);
  }
}

const LOGGED_VERSION = definitionOf('host.logged')?.version ?? 1;

/** Decides and applies commands of several games in memory, writing what they produce to a LogWriter. */
export class Generator {
  readonly replayer = new Replayer({ checkDecisions: false });
  readonly counts = new Map<string, number>();
  /** The first British Resistance Table input decided: a realistic calculator input. */
  britishInput: EventData<'britain.resistance-determined'>['inputs'] | null = null;
  readonly #source = benchSource();

  constructor(readonly writer: LogWriter) {}

  /** `quiet`: the command belongs to a quiet turn, which must leave no decision pending. */
  execute(game: string, origin: OriginEvent, quiet: boolean): void {
    if (origin.type === 'host.logged') {
      // The hot path of generation: a host.logged command is recorded as it is (decide's `record`) and changes
      // no state, so it is sealed directly, like sealEvents would, without the round trip through the decoder.
      const seq = this.writer.tip.seq + 1;
      const json = JSON.stringify({
        seq,
        id: this.#source.id(seq),
        game,
        type: origin.type,
        v: LOGGED_VERSION,
        at: this.#source.now(),
        data: origin.data,
      });
      const sealed = sealLine(this.writer.tip.hash, json);
      this.writer.write(`${sealed.line}\n`);
      this.writer.tip = { seq, hash: sealed.hash };
      this.replayer.version = seq;
      this.#count(origin.type);
      return;
    }
    const decision = decide(this.replayer.view(game), origin);
    if (!decision.ok) {
      throw new Error(
        `${game}: ${origin.type} of ${JSON.stringify((origin.data as { turn?: unknown }).turn)} refused: ` +
          `${decision.rejection.rule} ${decision.rejection.message}`,
      );
    }
    const batch = sealEvents(
      decision.events.map((e) => ({ ...e, game })),
      this.writer.tip,
      this.#source,
    );
    this.writer.write(batch.text);
    this.writer.tip = batch.tip;
    this.replayer.applyAll(batch.events);
    for (const event of batch.events) {
      this.#count(event.type);
      if (event.type === 'britain.resistance-determined' && this.britishInput === null)
        this.britishInput = event.data.inputs;
    }
    const view = this.replayer.view(game);
    if (quiet && origin.type === 'host.game-turn-ended' && view !== undefined) {
      // Quiet turns must leave nothing pending, or the next turn's first report would be refused.
      const waiting = pendingDecisions(view)[0];
      if (waiting !== undefined)
        throw new Error(`${game}: unexpected pending decision after ${origin.type}: ${describePending(waiting)}`);
    }
  }

  #count(type: string): void {
    this.counts.set(type, (this.counts.get(type) ?? 0) + 1);
  }
}

export interface GeneratedLog {
  readonly events: number;
  readonly games: number;
  readonly bytes: number;
  readonly ms: number;
  readonly counts: Readonly<Record<string, number>>;
  readonly britishInput: EventData<'britain.resistance-determined'>['inputs'] | null;
}

/**
 * Writes a log of at least `target` events: games of 40-48 turns, `concurrent` of them interleaved command by
 * command (as a host serving several games would append), each with different game ids.
 */
export function generateLog(
  path: string,
  target: number,
  options: {
    readonly seed?: number;
    readonly concurrent?: number;
    readonly extraPerTurn?: readonly [number, number];
  } = {},
): GeneratedLog {
  const started = performance.now();
  const random = rng(options.seed ?? 1941);
  const writer = new LogWriter(path);
  const generator = new Generator(writer);
  const concurrent = options.concurrent ?? 8;
  interface Active {
    readonly game: string;
    readonly script: BenchGame;
    next: number;
  }
  const active: Active[] = [];
  let games = 0;
  const startGame = (): void => {
    const game = `bench-${String(games).padStart(5, '0')}`;
    const script = benchGame(
      games,
      {
        extraPerTurn: options.extraPerTurn ?? [0, 20],
        turns: between(random, 40, 48),
        germanSurrender: games % 2 === 0,
      },
      random,
    );
    games += 1;
    active.push({ game, script, next: 0 });
  };
  while (writer.tip.seq < target || active.length > 0) {
    while (active.length < concurrent && writer.tip.seq < target) startGame();
    if (active.length === 0) break;
    const slot = between(random, 0, active.length - 1);
    const current = active[slot] as Active;
    const { commands, openingLength } = current.script;
    generator.execute(current.game, commands[current.next] as OriginEvent, current.next >= openingLength);
    current.next += 1;
    if (current.next >= commands.length) active.splice(slot, 1);
  }
  writer.close();
  return {
    events: writer.tip.seq,
    games,
    bytes: writer.bytes,
    ms: performance.now() - started,
    counts: Object.fromEntries([...generator.counts].sort(([a], [b]) => (a < b ? -1 : 1))),
    britishInput: generator.britishInput,
  };
}

/** One game of about `target` events (40+ turns, host.logged padding per turn). */
export function generateGame(path: string, target: number, seed = 1943): GeneratedLog {
  const started = performance.now();
  const random = rng(seed);
  const turns = 44;
  // About 31 scripted and engine events per turn; the rest of each turn is host.logged padding.
  const extra = Math.max(0, Math.round(target / turns) - 31);
  const { commands, openingLength } = benchGame(
    0,
    { extraPerTurn: [extra, extra], turns, germanSurrender: true },
    random,
  );
  const writer = new LogWriter(path);
  const generator = new Generator(writer);
  for (const [i, origin] of commands.entries()) generator.execute('bench-single', origin, i >= openingLength);
  writer.close();
  return {
    events: writer.tip.seq,
    games: 1,
    bytes: writer.bytes,
    ms: performance.now() - started,
    counts: Object.fromEntries([...generator.counts].sort(([a], [b]) => (a < b ? -1 : 1))),
    britishInput: generator.britishInput,
  };
}
