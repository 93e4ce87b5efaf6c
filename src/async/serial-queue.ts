// Tasks run one at a time, in the order given: what keeps an engine's commands, a game's requests and a log
// file's appends from reading or applying the same events twice. A failed task does not stop the ones after it.
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` once every task given before it has settled; resolves or rejects as `task` does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(task, task);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every task given so far has settled (a closing store waits for its appends). */
  settled(): Promise<void> {
    return this.#tail.then(() => undefined);
  }
}
