// Games driven through the host API (SurrenderEngine over a MemoryEventStore), so that every event decide
// produces passes the store's checks (schema, envelope, hash chain), and the log replays with every rule
// decision re-derived.
import { expect } from 'vitest';
import type { DomainEvent, OriginEvent } from '../../events/index.js';
import { SurrenderEngine, type CommandResult } from '../../src/host/engine.js';
import { Replayer } from '../../src/engine/replay.js';
import { deterministicSource } from '../../src/examples/build.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { GAME } from './given.js';

export interface HostedGame {
  readonly engine: SurrenderEngine;
  readonly store: MemoryEventStore;
  /** Every event appended so far, as the store decoded it. */
  readonly log: () => Promise<DomainEvent[]>;
}

export async function hostedGame(game = GAME): Promise<HostedGame> {
  const store = new MemoryEventStore({ source: deterministicSource(game) });
  const engine = await SurrenderEngine.open(store);
  const log = async () => {
    const out: DomainEvent[] = [];
    for await (const batch of store.read())
      out.push(...batch.map((e) => ({ type: e.type, data: e.data }) as DomainEvent));
    return out;
  };
  return { engine, store, log };
}

/** Runs the commands in order; every one must be accepted. Returns the game and the result of the last command. */
export async function hostedPlay(
  origins: readonly OriginEvent[],
  game = GAME,
): Promise<HostedGame & { readonly last: CommandResult }> {
  const hosted = await hostedGame(game);
  let last: CommandResult | undefined;
  for (const [i, origin] of origins.entries()) {
    last = await hosted.engine.execute(game, origin);
    if (!last.ok)
      throw new Error(`command ${i + 1} (${origin.type}) rejected: ${last.rejection.rule} ${last.rejection.message}`);
  }
  if (last === undefined) throw new Error('no commands');
  return { ...hosted, last };
}

/** Replays the store's lines, fully checked, re-deriving every rule decision: there must be no mismatch. */
export async function expectCleanReplay(store: MemoryEventStore): Promise<void> {
  const replayer = new Replayer({ checkDecisions: true });
  for await (const batch of store.read({ validate: true })) replayer.applyAll(batch);
  expect(replayer.finish()).toEqual([]);
}
