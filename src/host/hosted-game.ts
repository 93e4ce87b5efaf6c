// One game as a host holds it: its engine, the stream it runs on, and how it is kept current with other writers.
// Before a use the engine reads what others appended; a host that hears the appends (PostgreSQL's LISTEN/NOTIFY)
// skips that read when it has heard nothing new, but a notification may come late or never (a lost listening
// connection), so what is heard counts only in the epoch the engine last read the store in.
import { SerialQueue } from '../async/serial-queue.js';
import type { EventStore } from '../store/store.js';
import type { SurrenderEngine } from './engine.js';

/** What a process hears of a game's appends: the newest version, and the epoch, bumped when appends may go unheard. */
export interface Heard {
  version(): number;
  epoch(): number;
}

export interface HostedGame {
  readonly engine: SurrenderEngine;
  /** The stream the engine runs on (its events and audit are read from it). */
  readonly store: EventStore;
  /** Whether the engine read every append this process heard of (another process's included); false when unknown. */
  heardAll(): boolean;
  /** Brings the engine up to date with the store (and, after a lost notification connection, trusts what it hears). */
  catchUp(): Promise<void>;
  /** Runs bodies one at a time for this game in this process, so that a check and the append after it go together. */
  exclusive<T>(body: () => Promise<T>): Promise<T>;
  /** Closes the engine once what it is doing is done. */
  close(): Promise<void>;
}

/**
 * A hosted game over an engine and its stream. With `sync`: what is heard of the game, and the epoch before the
 * engine was opened.
 */
export function hostedGame(
  engine: SurrenderEngine,
  store: EventStore,
  sync?: { readonly heard: Heard; readonly epoch: number },
): HostedGame {
  const queue = new SerialQueue();
  let readIn = sync?.epoch ?? -1;
  return {
    engine,
    store,
    heardAll: () => sync !== undefined && readIn === sync.heard.epoch() && sync.heard.version() <= engine.version,
    async catchUp() {
      const epoch = sync?.heard.epoch() ?? -1;
      await engine.catchUp();
      readIn = epoch;
    },
    exclusive: (body) => queue.run(body),
    close: () => engine.close(),
  };
}
