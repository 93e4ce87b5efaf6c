// The If-Match guard: an append the engine makes at another version than the request named (another writer
// appended between the check and the append, and the engine decided again) is refused, writing nothing.
import { describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { IfMatchGuard, StaleIfMatch } from '../../src/server/backend.js';
import { MemoryEventStore } from '../../src/store/memory.js';

const event = { game: 'g1', type: 'host.power-surrendered', data: { turn: { season: 'spring', year: 1941 }, power: 'france' } } as const;

describe('IfMatchGuard', () => {
  it('refuses an append at another version than the armed one and writes nothing; disarmed, it passes everything', async () => {
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
