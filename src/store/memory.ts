// The event store in memory: the same lines, hashes and checks as the file store (tests and tools). One shared
// log, whole and as its games' streams (./log-games.ts).
import { logVersion, type LogVersion, type NewEvent, type StoredEvent } from '../../events/index.js';
import {
  decodeEventLine,
  decodeHeader,
  HASH_TAIL_BYTES,
  headerLine,
  LogError,
  parseTrustedLine,
} from './line-format.js';
import { checkNewEvents, sealEvents, type ChainTip } from './seal.js';
import { SharedLogStore } from './log-games.js';
import { commandKey, commandOf, takeCommand } from './command-events.js';
import {
  checkExpected,
  CommandRecordedError,
  systemEnvelopeSource,
  type AppendResult,
  type EnvelopeSource,
  type LogHead,
  type ReadOptions,
} from './store.js';
import { StoreError } from './store-error.js';

export interface MemoryStoreOptions {
  readonly source?: EnvelopeSource;
  /** Events per batch yielded by `read`; default 4096. */
  readonly batchSize?: number;
}

export class MemoryEventStore extends SharedLogStore {
  readonly #source: EnvelopeSource;
  readonly #batchSize: number;
  readonly #header: string;
  /** The event lines as a file would hold them (line s+1 of the file is lines[s-1]). */
  readonly #lines: string[] = [];
  /** The seq of each command's origin event, by game and command id (./command-events.ts commandKey). */
  readonly #commands = new Map<string, number>();
  #tip: ChainTip;
  #closed = false;

  constructor(options: MemoryStoreOptions = {}) {
    super();
    this.#source = options.source ?? systemEnvelopeSource;
    this.#batchSize = Math.max(1, options.batchSize ?? 4096);
    const header = headerLine();
    this.#header = header.line;
    this.#tip = { seq: 0, hash: header.hash };
  }

  override async version(): Promise<LogVersion> {
    this.#assertOpen();
    return logVersion(this.#tip.seq);
  }

  override async head(): Promise<LogHead> {
    this.#assertOpen();
    return { seq: logVersion(this.#tip.seq), hash: this.#tip.hash };
  }

  override async append(
    events: readonly NewEvent[],
    expected: LogVersion,
    expectedHash?: string,
  ): Promise<AppendResult> {
    this.#assertOpen();
    // The same order of checks as the file store: payloads, then the version; no await in between.
    checkNewEvents(events);
    const stale = checkExpected(this.#tip, expected, expectedHash);
    if (stale !== null) throw stale;
    const command = commandOf(events);
    if (command !== null && this.#commands.has(command.key))
      throw new CommandRecordedError(command.game, command.commandId);
    const batch = sealEvents(events, this.#tip, this.#source);
    if (command !== null) this.#commands.set(command.key, this.#tip.seq + 1);
    this.#lines.push(...batch.lines);
    this.#tip = batch.tip;
    this.announce(batch.events);
    return {
      version: logVersion(batch.tip.seq),
      events: batch.events,
      head: { seq: logVersion(batch.tip.seq), hash: batch.tip.hash },
    };
  }

  override async *read(options: ReadOptions = {}): AsyncGenerator<readonly StoredEvent[], void, undefined> {
    this.#assertOpen();
    const from = Math.max(1, options.from ?? 1);
    const validate = options.validate ?? true;
    const end = this.#lines.length;
    // Fresh objects on every read, decoded like the file store does, so that callers cannot alter the log.
    let prevHash = decodeHeader(this.#header);
    let batch: StoredEvent[] = [];
    for (let seq = validate ? 1 : from; seq <= end; seq += 1) {
      const line = this.#lines[seq - 1] as string;
      let event: StoredEvent;
      if (validate) {
        event = decodeEventLine(line, seq + 1, { expectedSeq: seq, prevHash });
        prevHash = event.hash;
        if (seq < from) continue;
      } else {
        try {
          event = parseTrustedLine(line);
        } catch (error) {
          throw new LogError(
            seq + 1,
            '$',
            `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
          );
        }
      }
      batch.push(event);
      if (batch.length >= this.#batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  override async findCommand(game: string, commandId: string): Promise<readonly StoredEvent[] | null> {
    this.#assertOpen();
    const seq = this.#commands.get(commandKey(game, commandId));
    if (seq === undefined) return null;
    // Each line decoded with the reader's checks, its seal against the line before it.
    let prevHash =
      seq === 1 ? decodeHeader(this.#header) : (this.#lines[seq - 2] as string).slice(-HASH_TAIL_BYTES, -2);
    const taken: StoredEvent[] = [];
    for (let at = seq; at <= this.#lines.length; at += 1) {
      const event = decodeEventLine(this.#lines[at - 1] as string, at + 1, { expectedSeq: at, prevHash });
      if (takeCommand(taken, [event])) break;
      prevHash = event.hash;
    }
    return taken;
  }

  /** The log as a JSON Lines file would hold it, byte for byte. */
  toJsonl(): string {
    return `${this.#header}\n${this.#lines.map((line) => `${line}\n`).join('')}`;
  }

  override async close(): Promise<void> {
    this.#closed = true;
    await super.close();
  }

  #assertOpen(): void {
    if (this.#closed) throw new StoreError('closed', 'the event store is closed');
  }
}
