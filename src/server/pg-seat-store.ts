// The seat token hashes in the PostgreSQL schema's seats table (migration 2, applied by PostgresEventStore.open).
import type pg from 'pg';
import { isDatabaseError, loadedDriver } from '../store/postgres/pg-driver.js';
import { pgError } from '../store/postgres/pg-error.js';
import { ALL_SEATS, type SeatName, type TokenHashes } from './seats.js';
import { hashesOf, SeatsError, type SeatStore } from './seat-store.js';

const UNIQUE_VIOLATION = '23505';

/**
 * How long a game's hashes read from the table are trusted: a seat token the operator replaced through another
 * process stops working here within this time (at once on the process that replaced it).
 */
export const SEAT_CACHE_MS = 1000;

export class PostgresSeatStore implements SeatStore {
  readonly #pool: pg.Pool;
  /** Seats found, and when they were read: each game's is read again once SEAT_CACHE_MS have passed. */
  readonly #found = new Map<string, { readonly hashes: TokenHashes; readonly at: number }>();
  /** Bumped by each replacement: a read that began before it does not put what it read in the cache. */
  #replaced = 0;

  constructor(
    url: string,
    private readonly schema: string,
  ) {
    // Made after PostgresEventStore.open, which loaded pg (and made the table).
    this.#pool = new (loadedDriver().Pool)({ connectionString: url, max: 2 });
    this.#pool.on('error', () => undefined);
  }

  async create(game: string, hashes: TokenHashes): Promise<boolean> {
    const seats = ALL_SEATS.filter((seat) => hashes[seat] !== undefined);
    try {
      // One statement: every seat or none; the primary key (game, seat) refuses a second creation.
      await this.#pool.query(
        `INSERT INTO "${this.schema}".seats (game, seat, ` +
          `token_sha256) SELECT $1, * FROM unnest($2::text[], $3::text[])`,
        [game, seats, seats.map((seat) => hashes[seat])],
      );
      return true;
    } catch (error) {
      if (isDatabaseError(error) && error.code === UNIQUE_VIOLATION) return false;
      throw pgError(error);
    }
  }

  async load(game: string): Promise<TokenHashes | null> {
    const known = this.#found.get(game);
    if (known !== undefined && Date.now() - known.at < SEAT_CACHE_MS) return known.hashes;
    const at = Date.now();
    const replaced = this.#replaced;
    const rows = await this.#pool
      .query<{ seat: string; token_sha256: string }>(
        `SELECT seat, token_sha256 FROM "${this.schema}".seats WHERE game = $1`,
        [game],
      )
      .catch((error: unknown) => {
        throw pgError(error);
      });
    if (rows.rows.length === 0) return null;
    const hashes = hashesOf(rows.rows.map((row) => [row.seat, row.token_sha256] as const));
    if (hashes === null)
      throw new SeatsError(`the seats of game ${game} in "${this.schema}".seats are incomplete or malformed`);
    if (replaced === this.#replaced) this.#found.set(game, { hashes, at });
    // Bounded by the games asked for within the cache's time; older entries are dropped as the map is walked.
    if (this.#found.size > 10_000)
      for (const [name, entry] of this.#found) if (at - entry.at >= SEAT_CACHE_MS) this.#found.delete(name);
    return hashes;
  }

  async replace(game: string, seat: SeatName, hash: string): Promise<boolean> {
    // Only for a game with seats; the viewer's row is inserted for a game created before viewers had one.
    const result = await this.#pool
      .query(
        `INSERT INTO "${this.schema}".seats (game, seat, token_sha256) ` +
          `SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM "${this.schema}".seats WHERE game = $1) ` +
          'ON CONFLICT (game, seat) DO UPDATE SET token_sha256 = EXCLUDED.token_sha256',
        [game, seat, hash],
      )
      .catch((error: unknown) => {
        throw pgError(error);
      });
    this.#replaced += 1;
    this.#found.delete(game);
    return result.rowCount === 1;
  }

  close(): Promise<void> {
    return this.#pool.end();
  }
}
