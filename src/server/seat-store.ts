// Where a game's seat token hashes are kept, so that its tokens survive a restart: a file beside each JSON Lines log
// (GAME.seats.json), or the seats table of the PostgreSQL schema (migration 2, src/store/postgres/postgres-schema.ts).
// A game exists for the server once its seats are stored; creating it twice is refused. The operator may replace a
// seat's hash (a fresh token for it: the old one stops working).
import { randomUUID } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { withLogLock } from '../store/file/file-lock.js';
import { fileError } from '../store/file/fs-error.js';
import { syncDirectory } from '../store/file/log-file.js';
import { isSeatName, SEATS, VIEWER, type SeatName, type TokenHashes } from './seats.js';

export interface SeatStore {
  /** Stores a new game's hashes; false (nothing written) when the game already has seats. */
  create(game: string, hashes: TokenHashes): Promise<boolean>;
  /** The game's hashes, or null for a game the server never created. */
  load(game: string): Promise<TokenHashes | null>;
  /** Sets one seat's hash (the viewer's too, for a game that had none); false for a game without seats. */
  replace(game: string, seat: SeatName, hash: string): Promise<boolean>;
  close(): Promise<void>;
}

const HASH = /^[0-9a-f]{64}$/;

/** Stored seats that cannot be read as a game's seats: a store failure (503), like a bad log line. */
export class SeatsError extends Error {
  override readonly name = 'SeatsError';
}
export const SEATS_FORMAT = 'awaw-surrender-seats';

/** Every acting seat's hash (and the viewer's, if stored) from stored pairs, or null when one is missing or bad. */
export function hashesOf(pairs: Iterable<readonly [string, unknown]>): TokenHashes | null {
  const found = new Map<SeatName, string>();
  for (const [seat, hash] of pairs)
    if (isSeatName(seat) && typeof hash === 'string' && HASH.test(hash)) found.set(seat, hash);
  if (SEATS.some((seat) => !found.has(seat))) return null;
  return Object.fromEntries(found) as Record<SeatName, string>;
}

/**
 * GAME.seats.json beside GAME.jsonl: `{ format, version: 1, game, seats: { SEAT: sha256 } }`, created exclusively,
 * replaced whole (a file written beside it, then renamed over it) under the file's lock.
 */
export class FileSeatStore implements SeatStore {
  constructor(private readonly dir: string) {}

  path(game: string): string {
    return join(this.dir, `${game}.seats.json`);
  }

  #text(game: string, hashes: TokenHashes): string {
    return `${JSON.stringify({ format: SEATS_FORMAT, version: 1, game, seats: hashes }, null, 2)}\n`;
  }

  async create(game: string, hashes: TokenHashes): Promise<boolean> {
    try {
      // 'wx': of two processes creating the same game, one wins.
      await writeFile(this.path(game), this.#text(game, hashes), { flag: 'wx', mode: 0o600 });
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

  async replace(game: string, seat: SeatName, hash: string): Promise<boolean> {
    if ((await this.load(game)) === null) return false;
    // Locked, so that two replacements (by two processes) each keep the other's seat; the lock follows the file the
    // path names once it is locked (../store/file/file-lock.ts), so a writer that waited reads the file renamed in.
    return withLogLock(this.path(game), async (real) => {
      const now = await this.load(game);
      if (now === null) return false;
      const next: TokenHashes = seat === VIEWER ? { ...now, viewer: hash } : { ...now, [seat]: hash };
      const temporary = `${real}.${process.pid}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, this.#text(game, next), { flag: 'wx', mode: 0o600, flush: true });
        await rename(temporary, real);
      } finally {
        await unlink(temporary).catch(() => undefined);
      }
      await syncDirectory(dirname(real));
      return true;
    });
  }

  async close(): Promise<void> {}
}
