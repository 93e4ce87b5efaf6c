// Game streams over one shared log (memory or JSON Lines): a game's version is the log seq of its last event,
// and an append to a game is an append to the log at the log's own version, retried when another game's
// events came in between (they never conflict with it). Subscribers hear the appends made through this adapter.
import { logVersion, type LogVersion, type NewEvent, type StoredEvent } from '../../events/index.js';
import { InputError } from '../schema/validate.js';
import type { FeedEvent, GameAppendResult, GameStreamStore, StreamChange, Unsubscribe } from './game-streams.js';
import { headerLine } from './line-format.js';
import { checkExpected, ConcurrencyError, type EventStore, type LogHead, type ReadOptions } from './store.js';

const GENESIS = headerLine().hash;
/** Appends of other games that may slip in before an append to this one gives up. */
const ATTEMPTS = 10;

export class LogGameStreams implements GameStreamStore {
  readonly #log: EventStore;
  /** Each game's last event, as of the log's event `#tip`. */
  #heads = new Map<string, LogHead>();
  #tip: LogHead = { seq: logVersion(0), hash: GENESIS };
  readonly #listeners = new Set<(change: StreamChange) => void>();

  constructor(log: EventStore) {
    this.#log = log;
  }

  async appendToGame(game: string, events: readonly NewEvent[], expected: LogVersion, expectedHash?: string): Promise<GameAppendResult> {
    events.forEach((event, index) => {
      if (typeof event === 'object' && event !== null && event.game !== game) throw new InputError(`events[${index}].game`, `expected "${game}": an append writes to one game's stream`);
    });
    for (let attempt = 1; ; attempt += 1) {
      await this.#refresh();
      const stale = checkExpected(this.#headOf(game), expected, expectedHash);
      if (stale !== null) throw stale;
      try {
        const result = await this.#log.append(events, this.#tip.seq, this.#tip.seq > 0 ? this.#tip.hash : undefined);
        this.#index(result.events);
        const last = result.events.at(-1);
        if (last !== undefined) this.#listeners.forEach((listener) => listener({ game, version: last.seq, position: last.seq }));
        return { ...result, version: this.#headOf(game).seq, head: this.#headOf(game), position: last?.seq ?? 0 };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  async gameHead(game: string): Promise<LogHead> {
    await this.#refresh();
    return this.#headOf(game);
  }

  async *readGame(game: string, options: ReadOptions = {}): AsyncGenerator<readonly StoredEvent[], void, undefined> {
    for await (const batch of this.#log.read(options)) {
      const mine = batch.filter((event) => event.game === game);
      if (mine.length > 0) yield mine;
    }
  }

  async *readAll(from = 1): AsyncGenerator<readonly FeedEvent[], void, undefined> {
    for await (const batch of this.#log.read({ from })) yield batch.map((event) => ({ position: event.seq, event }));
  }

  async games(): Promise<string[]> {
    await this.#refresh();
    return [...this.#heads.keys()];
  }

  async subscribe(listener: (change: StreamChange) => void): Promise<Unsubscribe> {
    this.#listeners.add(listener);
    return async () => {
      this.#listeners.delete(listener);
    };
  }

  close(): Promise<void> {
    this.#listeners.clear();
    return this.#log.close();
  }

  #headOf(game: string): LogHead {
    return this.#heads.get(game) ?? { seq: logVersion(0), hash: GENESIS };
  }

  #index(events: readonly StoredEvent[]): void {
    for (const event of events) {
      this.#heads.set(event.game, { seq: logVersion(event.seq), hash: event.hash });
      this.#tip = { seq: logVersion(event.seq), hash: event.hash };
    }
  }

  /** Reads what was appended since; the whole log again when it no longer holds the event last read. */
  async #refresh(): Promise<void> {
    const head = await this.#log.head();
    if (head.seq === this.#tip.seq && head.hash === this.#tip.hash) return;
    let same = this.#tip.seq === 0;
    const events: StoredEvent[] = [];
    for await (const batch of this.#log.read({ from: Math.max(1, this.#tip.seq) })) {
      for (const event of batch) {
        if (!same) {
          same = event.seq === this.#tip.seq && event.hash === this.#tip.hash;
          if (!same) break;
          continue;
        }
        events.push(event);
      }
      if (!same) break;
    }
    if (!same) {
      this.#heads = new Map();
      this.#tip = { seq: logVersion(0), hash: GENESIS };
      for await (const batch of this.#log.read()) this.#index(batch);
      return;
    }
    this.#index(events);
  }
}
