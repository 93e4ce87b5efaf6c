// Synthetic host logs for the replay benchmark: many games of 40+ turns, mostly `host.logged` events, with the
// example games' decisive moments (British offers, acceptance, rejection, force reductions, terms, a U.S.
// declaration of war) and a German surrender ending some games. Fast: every command is decided and replayed in
// memory (no store, no fsync), each line sealed with the store's own sealing, written in large chunks.
import type { EventData, OriginEvent } from '../events/index.js';
import { benchGame, type BenchGame } from './bench-game.js';
import { Generator, LogWriter } from './log-writer.js';
import { between, rng } from './random.js';

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
