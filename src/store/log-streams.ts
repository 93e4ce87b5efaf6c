// Game streams over any one-log EventStream, for code that brings a log of its own: the memory and the JSON Lines
// store keep their games' streams themselves now (./log-games.ts), with the same semantics.
import type { GameStreamStore } from './game-streams.js';
import { SharedLogGames } from './log-games.js';
import type { EventStream } from './store.js';

/**
 * The game streams of `log`: a game's version is the log seq of its last event. Subscribers hear the appends made
 * through this adapter.
 * @deprecated MemoryEventStore and JsonlFileStore are GameStreamStores themselves: use the store directly.
 */
export class LogGameStreams extends SharedLogGames implements GameStreamStore {
  readonly #log: EventStream;

  constructor(log: EventStream) {
    super(log, { logAnnounces: false });
    this.#log = log;
  }

  close(): Promise<void> {
    this.end();
    return this.#log.close();
  }
}
