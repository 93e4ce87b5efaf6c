// Writing a bench log fast: every command decided and replayed in memory (no store, no fsync), each line sealed
// with the store's own sealing, written in large chunks.
import { closeSync, openSync, writeSync } from 'node:fs';
import { definitionOf, type EventData, type OriginEvent } from '../events/index.js';
import { decide } from '../src/engine/decide.js';
import { pendingDecisions } from '../src/engine/pending.js';
import { describePending } from '../src/engine/pending-text.js';
import { Replayer } from '../src/engine/replay.js';
import { headerLine, sealLine } from '../src/store/line-format.js';
import { sealEvents, type ChainTip } from '../src/store/seal.js';
import type { EnvelopeSource } from '../src/store/store.js';

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
  readonly replayer = new Replayer({ checkDecisions: false, history: new Set() });
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
