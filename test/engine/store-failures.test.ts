// The host API when the log cannot be read or written (docs/host-api.md, "Commands and their answers"): execute
// resolves with a typed rejection (`store-failed`, rule `store`) naming what failed, the log on disk is unchanged,
// and a defect is an `internal` rejection (rule `engine`), never a throw past the API.
import { describe, expect, it } from 'vitest';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { fileError } from '../../src/store/file/fs-error.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { outcomeUnknown } from '../../src/store/postgres/pg-error.js';
import { gameStarted, turn } from '../support/fixtures.js';

const sp41 = turn('spring', 1941);

/** A memory store whose appends fail with `error`. */
function failingStore(error: unknown): MemoryEventStore {
  const store = new MemoryEventStore({ source: deterministicSource('g1') });
  store.append = () => Promise.reject(error);
  return store;
}

describe('the host API when the store fails', () => {
  it('a full disk (ENOSPC) is a store-failed rejection naming the system error', async () => {
    // What the file store throws for a write refused with ENOSPC.
    const full = fileError(
      Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      }),
    );
    const engine = await SurrenderEngine.open(failingStore(full));
    expect(await engine.execute('g1', gameStarted())).toEqual({
      ok: false,
      rejection: {
        code: 'store-failed',
        rule: 'store',
        message:
          'the log could not be read or written (ENOSPC): ENOSPC: no space left on device, write; nothing was recorded',
      },
    });
    expect(engine.version).toBe(0);
  });

  it(
    'a commit whose outcome is unknown (the database connection lost during it) is outcome-unknown, saying it may ' +
      'have been recorded and that the command sent again with its id settles it',
    async () => {
      const engine = await SurrenderEngine.open(
        failingStore(outcomeUnknown(new Error('Connection terminated unexpectedly'))),
      );
      expect(await engine.execute('g1', gameStarted())).toEqual({
        ok: false,
        rejection: {
          code: 'outcome-unknown',
          rule: 'store',
          message:
            "the command may or may not have been recorded: the commit's outcome is unknown (Connection terminated " +
            "unexpectedly): the events may or may not have been written; read the game's head before appending " +
            'again. Send it again with the same command id (Idempotency-Key over HTTP): the answer is then its ' +
            'outcome, recorded once',
        },
      });
    },
  );

  it('a store closed under the engine is an internal rejection (the host closed it), as any defect', async () => {
    const store = new MemoryEventStore({ source: deterministicSource('g1') });
    const engine = await SurrenderEngine.open(store);
    await store.close();
    expect(await engine.execute('g1', gameStarted())).toEqual({
      ok: false,
      rejection: {
        code: 'internal',
        rule: 'engine',
        message: 'internal error, nothing was recorded: the event store is closed',
      },
    });
  });

  it('any other error is an internal rejection, not a throw', async () => {
    const engine = await SurrenderEngine.open(failingStore(new TypeError('boom')));
    expect(await engine.execute('g1', gameStarted())).toEqual({
      ok: false,
      rejection: { code: 'internal', rule: 'engine', message: 'internal error, nothing was recorded: boom' },
    });
    // The engine's queue is not stuck: the next command is decided and answered the same way.
    expect(await engine.execute('g1', gameStarted({ turn: sp41 }))).toMatchObject({
      ok: false,
      rejection: { code: 'internal' },
    });
  });
});
