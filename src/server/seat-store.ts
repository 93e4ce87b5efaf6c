// Where a game's seat token hashes are kept, so that its tokens survive a restart: a file beside each JSON Lines log
// (GAME.seats.json), or the seats table of the PostgreSQL schema (migration 2, src/store/postgres/postgres-schema.ts).
// A game exists for the server once its seats are stored; creating it twice is refused.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileError } from '../store/file/fs-error.js';
import { isSeat, SEATS, type Seat, type TokenHashes } from './seats.js';

export interface SeatStore {
  /** Stores a new game's hashes; false (nothing written) when the game already has seats. */
  create(game: string, hashes: TokenHashes): Promise<boolean>;
  /** The game's hashes, or null for a game the server never created. */
  load(game: string): Promise<TokenHashes | null>;
  close(): Promise<void>;
}

const HASH = /^[0-9a-f]{64}$/;

/** Stored seats that cannot be read as a game's seats: a store failure (503), like a bad log line. */
export class SeatsError extends Error {
  override readonly name = 'SeatsError';
}
export const SEATS_FORMAT = 'awaw-surrender-seats';

/** Every seat's hash from stored pairs, or null when one is missing or malformed. */
export function hashesOf(pairs: Iterable<readonly [string, unknown]>): TokenHashes | null {
  const found = new Map<Seat, string>();
  for (const [seat, hash] of pairs)
    if (isSeat(seat) && typeof hash === 'string' && HASH.test(hash)) found.set(seat, hash);
  if (found.size !== SEATS.length) return null;
  return Object.fromEntries(found) as Record<Seat, string>;
}

/** GAME.seats.json beside GAME.jsonl: `{ format, version: 1, game, seats: { SEAT: sha256 } }`, created exclusively. */
export class FileSeatStore implements SeatStore {
  constructor(private readonly dir: string) {}

  path(game: string): string {
    return join(this.dir, `${game}.seats.json`);
  }

  async create(game: string, hashes: TokenHashes): Promise<boolean> {
    const text = `${JSON.stringify({ format: SEATS_FORMAT, version: 1, game, seats: hashes }, null, 2)}\n`;
    try {
      // 'wx': of two processes creating the same game, one wins.
      await writeFile(this.path(game), text, { flag: 'wx', mode: 0o600 });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw fileError(error);
    }
  }

  async load(game: string): Promise<TokenHashes | null> {
    let text: string;
    try {
      text = await readFile(this.path(game), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw fileError(error);
    }
    let value: { format?: unknown; game?: unknown; seats?: unknown } | null;
    try {
      value = JSON.parse(text) as typeof value;
    } catch {
      value = null;
    }
    const hashes =
      value?.format === SEATS_FORMAT && value.game === game && typeof value.seats === 'object' && value.seats !== null
        ? hashesOf(Object.entries(value.seats))
        : null;
    if (hashes === null) throw new SeatsError(`${this.path(game)}: not a seats file of game ${game}`);
    return hashes;
  }

  async close(): Promise<void> {}
}
