// The one queue (src/async/serial-queue.ts): tasks one at a time in the order given; a failure stops none after it.
import { describe, expect, it } from 'vitest';
import { SerialQueue } from '../../src/async/serial-queue.js';

describe('SerialQueue', () => {
  it('runs each task only once the one before it has settled, in the order given', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    let releaseFirst = (): void => undefined;
    const first = queue.run(
      () =>
        new Promise<string>((resolve) => {
          log.push('first begins');
          releaseFirst = () => {
            log.push('first ends');
            resolve('one');
          };
        }),
    );
    const second = queue.run(async () => {
      log.push('second begins');
      return 'two';
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['first begins']);
    releaseFirst();
    expect(await Promise.all([first, second])).toEqual(['one', 'two']);
    expect(log).toEqual(['first begins', 'first ends', 'second begins']);
  });

  it('a task that fails rejects with its own error, and the next task still runs', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(async () => {
      throw new Error('the store is full');
    });
    const next = queue.run(async () => 'ran');
    await expect(failed).rejects.toThrow('the store is full');
    expect(await next).toBe('ran');
  });

  it('settled resolves once every task given so far has settled, failed ones included', async () => {
    const queue = new SerialQueue();
    const done: string[] = [];
    void queue.run(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      done.push('append');
    });
    void queue
      .run(async () => {
        done.push('failed append');
        throw new Error('the disk is full');
      })
      .catch(() => undefined);
    await queue.settled();
    expect(done).toEqual(['append', 'failed append']);
  });
});
