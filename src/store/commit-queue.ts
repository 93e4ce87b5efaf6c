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
  #running = false;

  /**
   * `commit` writes a batch (in the order given) and returns one outcome per item; when it throws, every item of
   * the batch fails with that error. At most `max` items go into one batch.
   */
  constructor(
    private readonly commit: (items: readonly T[]) => Promise<readonly Outcome<R>[]>,
    private readonly max: number,
  ) {}

  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#waiting.length > 0) {
        const batch = this.#waiting.splice(0, this.max);
        let outcomes: readonly Outcome<R>[];
        try {
          outcomes = await this.commit(batch.map((w) => w.item));
        } catch (error) {
          outcomes = batch.map(() => ({ ok: false, error }));
        }
        batch.forEach((waiting, i) => {
          const outcome = outcomes[i] ?? { ok: false, error: new Error('the batch commit returned no outcome for this append') };
          if (outcome.ok) waiting.resolve(outcome.value);
          else waiting.reject(outcome.error);
        });
      }
    } finally {
      this.#running = false;
    }
  }
}
