// The If-Match guard: an append the engine makes at another version than the request named (another writer
// appended between the check and the append, and the engine decided again) is refused, writing nothing. And what a
// process heard of a game's appends (LISTEN/NOTIFY) lets a command skip the head read only while nothing was missed.
import { describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { gameSlot, IfMatchGuard, StaleIfMatch } from '../../src/server/backend.js';
import { MemoryEventStore } from '../../src/store/memory.js';

const event = {
  game: 'g1',
  type: 'host.power-surrendered',
  data: { turn: { season: 'spring', year: 1941 }, power: 'france' },
} as const;

describe('IfMatchGuard', () => {
  it('refuses an append at a version other than the armed one, writing nothing; disarmed, it passes all', async () => {
    const memory = new MemoryEventStore();
    const guard = new IfMatchGuard();
    const store = guard.wrap(memory);
    guard.arm(1);
    await expect(store.append([event], logVersion(0))).rejects.toEqual(new StaleIfMatch(1, 0));
    expect(await memory.version()).toBe(0);
    expect(guard.disarm()).toEqual(new StaleIfMatch(1, 0));
    expect(guard.disarm()).toBeNull();
    guard.arm(null);
    expect((await store.append([event], logVersion(0))).version).toBe(1);
    guard.arm(1);
    expect((await store.append([event], logVersion(1))).version).toBe(2);
    expect(guard.disarm()).toBeNull();
  });
});

describe('gameSlot: what a process heard of a game', () => {
  it(
    'trusts heard versions only in the epoch it last read the store in: after appends may have gone unheard, the ' +
      'next command reads the head',
    async () => {
      const memory = new MemoryEventStore();
      let version = 0;
      let epoch = 0;
      const heard = { version: () => version, epoch: () => epoch };
      const slot = gameSlot(await SurrenderEngine.open(memory), memory, new IfMatchGuard(), { heard, epoch: 0 });
      expect(slot.heardAll()).toBe(true);
      // Another writer's append, heard: the engine has not read it.
      await memory.append([event], logVersion(0));
      version = 1;
      expect(slot.heardAll()).toBe(false);
      await slot.catchUp();
      expect([slot.engine.version, slot.heardAll()]).toEqual([1, true]);
      // The listening connection was lost: an append may have gone unheard, whatever the versions say.
      epoch = 1;
      expect(slot.heardAll()).toBe(false);
      await slot.catchUp();
      expect(slot.heardAll()).toBe(true);
    },
  );

  it('without anything heard (a directory of logs), the engine always reads the head first', async () => {
    const memory = new MemoryEventStore();
    expect(gameSlot(await SurrenderEngine.open(memory), memory, new IfMatchGuard()).heardAll()).toBe(false);
  });
});
