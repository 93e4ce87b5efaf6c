// What a SurrenderEngine has read of its log: every game's view up to one line, that line's hash, and the
// reading of what changed since (other writers' appends, or the whole log again when it changed otherwise).
import type { StoredEvent } from '../../events/index.js';
import { Replayer } from '../engine/replay.js';
import type { EventStore } from '../store/store.js';
import type { EngineOptions } from './engine-options.js';

export class LogView {
  #replayer: Replayer;
  /** The hash of the last event read (the views are of the log up to that line). */
  #hash = '';

  constructor(
    private readonly store: EventStore,
    private readonly settings: Required<EngineOptions>,
    replayed?: { readonly replayer: Replayer; readonly hash: string },
  ) {
    this.#replayer = replayed?.replayer ?? new Replayer({ checkDecisions: settings.checkDecisions });
    if (replayed !== undefined) this.#hash = replayed.hash;
  }

  get replayer(): Replayer {
    return this.#replayer;
  }

  get hash(): string {
    return this.#hash;
  }

  /** Events appended or read since, applied to the views. */
  apply(events: readonly StoredEvent[]): void {
    this.#replayer.applyAll(events);
    const last = events.at(-1);
    if (last !== undefined) this.#hash = last.hash;
  }

  async catchUpIfMoved(): Promise<void> {
    if (!(await this.readsAll())) await this.catchUp();
  }

  /** Whether the log still ends with the last event read. */
  async readsAll(): Promise<boolean> {
    const head = await this.store.head();
    return head.seq === this.#replayer.version && (head.seq === 0 || head.hash === this.#hash);
  }

  async catchUp(): Promise<void> {
    const version = this.#replayer.version;
    if (version === 0) {
      for await (const batch of this.store.read({ from: 1 })) this.apply(batch);
      return;
    }
    // Read from the last event already read: it must still be there, the same, or the view is not of this log.
    let same: boolean | null = null;
    for await (const batch of this.store.read({ from: version })) {
      if (same === null) {
        const first = batch[0];
        same = first?.seq === version && first.hash === this.#hash;
        if (!same) break;
        this.apply(batch.slice(1));
      } else {
        this.apply(batch);
      }
    }
    if (same !== true) await this.rebuild();
  }

  /** Replays the whole log into new views, which replace the old ones once complete. */
  async rebuild(): Promise<void> {
    const replayer = new Replayer({ checkDecisions: this.settings.checkDecisions });
    let hash = '';
    for await (const batch of this.store.read({ validate: this.settings.validate })) {
      replayer.applyAll(batch);
      hash = batch.at(-1)?.hash ?? hash;
    }
    replayer.finish();
    this.#replayer = replayer;
    this.#hash = hash;
  }
}
