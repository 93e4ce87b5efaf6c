// A seat store in memory, for the server tests' own backends (a store that fails on cue, another writer racing).
import type { SeatStore } from '../../src/server/seat-store.js';
import type { TokenHashes } from '../../src/server/seats.js';

export function memorySeatStore(): SeatStore {
  const seats = new Map<string, TokenHashes>();
  return {
    create: async (game, hashes) => !seats.has(game) && seats.set(game, hashes) !== undefined,
    load: async (game) => seats.get(game) ?? null,
    replace: async (game, seat, hash) => {
      const hashes = seats.get(game);
      if (hashes === undefined) return false;
      seats.set(game, { ...hashes, [seat]: hash });
      return true;
    },
    close: async () => undefined,
  };
}
