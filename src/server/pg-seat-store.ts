// The seat token hashes in the PostgreSQL schema's seats table (migration 2, applied by PostgresEventStore.open).
import pg from 'pg';
import { pgError } from '../store/postgres/pg-error.js';
import { SEATS, type TokenHashes } from './seats.js';
import { hashesOf, SeatsError, type SeatStore } from './seat-store.js';

const UNIQUE_VIOLATION = '23505';

export class PostgresSeatStore implements SeatStore {
  readonly #pool: pg.Pool;
  /** Seats found: a game's token hashes never change once stored (no route alters them), so each is read once. */
  readonly #found = new Map<string, TokenHashes>();

  constructor(
    url: string,
    private readonly schema: string,
  ) {
    this.#pool = new pg.Pool({ connectionString: url, max: 2 });
    this.#pool.on('error', () => undefined);
  }

  async create(game: string, hashes: TokenHashes): Promise<boolean> {
    try {
      // One statement: every seat or none; the primary key (game, seat) refuses a second creation.
      await this.#pool.query(
        `INSERT INTO "${this.schema}".seats (game, seat, ` +
          `token_sha256) SELECT $1, * FROM unnest($2::text[], $3::text[])`,
        [game, [...SEATS], SEATS.map((seat) => hashes[seat])],
      );
      return true;
    } catch (error) {
      if (error instanceof pg.DatabaseError && error.code === UNIQUE_VIOLATION) return false;
      throw pgError(error);
    }
  }

  async load(game: string): Promise<TokenHashes | null> {
    const known = this.#found.get(game);
    if (known !== undefined) return known;
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
    this.#found.set(game, hashes);
    return hashes;
  }

  close(): Promise<void> {
    return this.#pool.end();
  }
}
