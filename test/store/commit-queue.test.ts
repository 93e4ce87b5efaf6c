// Group commit (src/store/postgres/commit-queue.ts): what waits while a batch commits goes in the next batch (at most
// `max`), at most `concurrency` batches commit at once, and each item gets its own outcome (a thrown commit fails
// its whole batch, no other).
import { describe, expect, it } from 'vitest';
import { CommitQueue, type Outcome } from '../../src/store/postgres/commit-queue.js';

/** A commit that records each batch and resolves only when told to. */
function controlled() {
  const batches: number[][] = [];
  const pending: ((outcomes: readonly Outcome<string>[] | Error) => void)[] = [];
  const commit = (items: readonly number[]): Promise<readonly Outcome<string>[]> => {
    batches.push([...items]);
    return new Promise((resolve, reject) =>
      pending.push((outcomes) => (outcomes instanceof Error ? reject(outcomes) : resolve(outcomes))),
    );
  };
  const settle = (i: number, outcomes: readonly Outcome<string>[] | Error): void => pending[i]?.(outcomes);
  return { batches, commit, settle };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const ok = (items: readonly number[]): Outcome<string>[] => items.map((n) => ({ ok: true, value: `v${n}` }));

describe('CommitQueue', () => {
  it('one at a time: the first alone, the nine that waited in one batch of at most max, in order', async () => {
    const c = controlled();
    const queue = new CommitQueue(c.commit, 6);
    const results = Array.from({ length: 10 }, (_, i) => queue.push(i));
    expect(c.batches).toEqual([[0]]);
    c.settle(0, ok([0]));
    await tick();
    expect(c.batches).toEqual([[0], [1, 2, 3, 4, 5, 6]]);
    c.settle(1, ok([1, 2, 3, 4, 5, 6]));
    await tick();
    c.settle(2, ok([7, 8, 9]));
    expect(await Promise.all(results)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9']);
    expect(c.batches).toEqual([[0], [1, 2, 3, 4, 5, 6], [7, 8, 9]]);
  });

  it('concurrency 2: two batches commit at once, and each takes what waits when it is done', async () => {
    const c = controlled();
    const queue = new CommitQueue(c.commit, 64, 2);
    const results = Array.from({ length: 6 }, (_, i) => queue.push(i));
    expect(c.batches).toEqual([[0], [1]]);
    c.settle(1, ok([1]));
    await tick();
    expect(c.batches).toEqual([[0], [1], [2, 3, 4, 5]]);
    c.settle(0, ok([0]));
    c.settle(2, ok([2, 3, 4, 5]));
    expect(await Promise.all(results)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5']);
  });

  it('outcomes are per item; a commit that throws fails its own batch only', async () => {
    const c = controlled();
    const queue = new CommitQueue(c.commit, 64);
    const results = [0, 1, 2].map((i) =>
      queue.push(i).then(
        (v) => v,
        (e: unknown) => `refused: ${String(e)}`,
      ),
    );
    c.settle(0, new Error('lost connection'));
    await tick();
    c.settle(1, [
      { ok: true, value: 'v1' },
      { ok: false, error: 'stale' },
    ]);
    expect(await Promise.all(results)).toEqual(['refused: Error: lost connection', 'v1', 'refused: stale']);
  });
});
