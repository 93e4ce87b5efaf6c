// The game streams of one shared log (the memory and the JSON Lines store): a game's version is the log seq of its
// last event, and an append to a game is an append to the log at the log's own version, retried when another
// game's events came in between (they never conflict with it). Each game's head is indexed as the log is read, on
// from the event last read (the whole log again when it no longer holds that event).
import { logVersion, type LogVersion, type NewEvent, type StoredEvent } from '../../events/index.js';
import { InputError } from '../schema/validate.js';
import type { FeedEvent, GameAppendResult, GameStreamStore, StreamChange, Unsubscribe } from './game-streams.js';
import { scanForCommand } from './command-events.js';
import { headerLine } from './line-format.js';
import { StoreError } from './store-error.js';
import {
  checkExpected,
  ConcurrencyError,
  type AppendResult,
  type EventStream,
  type LogHead,
  type ReadOptions,
} from './store.js';

const GENESIS = headerLine().hash;
/** Appends of other games that may slip in before an append to this one gives up. */
const ATTEMPTS = 10;

/** What the index uses of the log. */
export type SharedLog = Pick<EventStream, 'head' | 'append' | 'read' | 'findCommand'>;

/** The games of one shared log, and the subscribers to its appends. */
export class SharedLogGames implements Omit<GameStreamStore, 'close'> {
  readonly #log: SharedLog;
  /** Whether the log's appends announce themselves (SharedLogStore below); else this announces its own. */
  readonly #logAnnounces: boolean;
  /** Each game's last event, as of the log's event `#tip`. */
  #heads = new Map<string, LogHead>();
  #tip: LogHead = { seq: logVersion(0), hash: GENESIS };
  readonly #listeners = new Set<(change: StreamChange) => void>();
  #ended = false;

  constructor(log: SharedLog, options: { readonly logAnnounces: boolean }) {
    this.#log = log;
    this.#logAnnounces = options.logAnnounces;
  }

  async appendToGame(
    game: string,
    events: readonly NewEvent[],
    expected: LogVersion,
    expectedHash?: string,
  ): Promise<GameAppendResult> {
    events.forEach((event, index) => {
      if (typeof event === 'object' && event !== null && event.game !== game)
        throw new InputError(`events[${index}].game`, `expected "${game}": an append writes to one game's stream`);
    });
    for (let attempt = 1; ; attempt += 1) {
      await this.#refresh();
      const stale = checkExpected(this.#headOf(game), expected, expectedHash);
      if (stale !== null) throw stale;
      let result: AppendResult;
      try {
        result = await this.#log.append(events, this.#tip.seq, this.#tip.seq > 0 ? this.#tip.hash : undefined);
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw error;
        continue;
      }
      this.#index(result.events);
      if (!this.#logAnnounces) this.announce(result.events);
      return {
        ...result,
        version: this.#headOf(game).seq,
        head: this.#headOf(game),
        position: result.events.at(-1)?.seq ?? 0,
      };
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

  /** The log's own index of its commands, else a read of the log. */
  findCommand(game: string, commandId: string): Promise<readonly StoredEvent[] | null> {
    return this.#log.findCommand?.(game, commandId) ?? scanForCommand(this.#log.read(), game, commandId);
  }

  async games(): Promise<string[]> {
    await this.#refresh();
    return [...this.#heads.keys()];
  }

  async subscribe(listener: (change: StreamChange) => void): Promise<Unsubscribe> {
    if (this.#ended) throw new StoreError('closed', 'the event store is closed');
    this.#listeners.add(listener);
    return async () => {
      this.#listeners.delete(listener);
    };
  }

  /**
   * Tells the subscribers of an append to the log: per game its last event, in the log's order. Each is called on
   * its own microtask, so that a listener that throws cannot turn a durable append into a failed one.
   */
  announce(events: readonly StoredEvent[]): void {
    if (this.#listeners.size === 0 || events.length === 0) return;
    const last = new Map<string, number>();
    for (const event of events) {
      last.delete(event.game);
      last.set(event.game, event.seq);
    }
    for (const [game, seq] of last)
      for (const listener of this.#listeners) queueMicrotask(() => listener({ game, version: seq, position: seq }));
  }

  /** Forgets every subscriber and takes no more (the log was closed). */
  end(): void {
    this.#ended = true;
    this.#listeners.clear();
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

/**
 * A store of one shared log: the log whole (version, head, append, read: what one engine drives, version = log
 * seq) and its games' streams (GameStreamStore) over it. A subclass's append announces what it wrote.
 */
export abstract class SharedLogStore implements EventStream, GameStreamStore {
  readonly #games = new SharedLogGames(this, { logAnnounces: true });

  abstract version(): Promise<LogVersion>;
  abstract head(): Promise<LogHead>;
  abstract append(events: readonly NewEvent[], expected: LogVersion, expectedHash?: string): Promise<AppendResult>;
  abstract read(options?: ReadOptions): AsyncIterable<readonly StoredEvent[]>;
  /** The log's own index of its commands: a command is found without reading the log again. */
  abstract findCommand(game: string, commandId: string): Promise<readonly StoredEvent[] | null>;

  appendToGame(
    game: string,
    events: readonly NewEvent[],
    expected: LogVersion,
    expectedHash?: string,
  ): Promise<GameAppendResult> {
    return this.#games.appendToGame(game, events, expected, expectedHash);
  }

  gameHead(game: string): Promise<LogHead> {
    return this.#games.gameHead(game);
  }

  readGame(game: string, options?: ReadOptions): AsyncIterable<readonly StoredEvent[]> {
    return this.#games.readGame(game, options);
  }

  readAll(from?: number): AsyncIterable<readonly FeedEvent[]> {
    return this.#games.readAll(from);
  }

  games(): Promise<string[]> {
    return this.#games.games();
  }

  /** Calls `listener` after every append through this store (the log whole or a game's); not other processes'. */
  subscribe(listener: (change: StreamChange) => void): Promise<Unsubscribe> {
    return this.#games.subscribe(listener);
  }

  async close(): Promise<void> {
    this.#games.end();
  }

  /** For the subclass's append, once its events are durable. */
  protected announce(events: readonly StoredEvent[]): void {
    this.#games.announce(events);
  }
}
