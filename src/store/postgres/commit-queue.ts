// Group commit: appends that arrive while a transaction is committing wait, and the next transaction takes all of
// them, so that one commit (one WAL flush) serves many appends instead of one each (docs/postgres.md).

/** One append's outcome within a batch: its result, or the error it alone fails with. */
export type Outcome<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: unknown };

interface Waiting<T, R> {
  readonly item: T;
  readonly resolve: (value: R) => void;
  readonly reject: (error: unknown) => void;
}

export class CommitQueue<T, R> {
  #waiting: Waiting<T, R>[] = [];
  #running = 0;

  /**
   * `commit` writes a batch (in the order given) and returns one outcome per item; when it throws, every item of
   * the batch fails with that error. At most `max` items go into one batch, and at most `concurrency` batches
   * are committing at once (each then starts the next as soon as it is done).
   */
  constructor(
    private readonly commit: (items: readonly T[]) => Promise<readonly Outcome<R>[]>,
    private readonly max: number,
    private readonly concurrency = 1,
  ) {}

  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      if (this.#running < this.concurrency) void this.#drain();
    });
  }

  /** Runs batches one after another, the next one started as soon as one is done, then that one's items settled. */
  async #drain(): Promise<void> {
    this.#running += 1;
    try {
      let batch = this.#waiting.splice(0, this.max);
      let committing = this.#commit(batch);
      while (batch.length > 0) {
        const outcomes = await committing;
        const next = this.#waiting.splice(0, this.max);
        if (next.length > 0) committing = this.#commit(next);
        batch.forEach((waiting, i) => {
          const outcome = outcomes[i] ?? {
            ok: false,
            error: new Error('the batch commit returned no outcome for this append'),
          };
          if (outcome.ok) waiting.resolve(outcome.value);
          else waiting.reject(outcome.error);
        });
        batch = next;
      }
    } finally {
      this.#running -= 1;
    }
  }

  /** The batch's outcomes; when `commit` throws (or rejects), every item of the batch fails with that error. */
  #commit(batch: readonly Waiting<T, R>[]): Promise<readonly Outcome<R>[]> {
    const items = batch.map((w) => w.item);
    try {
      return this.commit(items).catch((error: unknown) => items.map(() => ({ ok: false as const, error })));
    } catch (error) {
      return Promise.resolve(items.map(() => ({ ok: false as const, error })));
    }
  }
}
