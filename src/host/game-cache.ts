// One open game per game id, kept while in use: the cache every host shares (the library's SurrenderGames, the
// server's backends). Past its capacity the least recently used game that nobody holds is closed, and opened again
// (replayed from its store) when next asked for, so that a process serving thousands of games keeps the ones in
// play in memory, not every one it ever served. A failed open is forgotten, so that the next use tries again.

/** What the cache holds: anything it can close once nobody holds it. */
export interface Closable {
  close(): Promise<void>;
}

/** A game held for one use: it is not closed (evicted) until released. */
export interface Lease<T> {
  readonly value: T;
  /** Gives the game back; the second call does nothing. */
  release(): void;
}

/** The games a process keeps open at most by default (`serve --max-open-games`, SurrenderGames' `maxOpenGames`). */
export const DEFAULT_MAX_OPEN_GAMES = 1000;

interface Cached<T> {
  readonly value: Promise<T>;
  /** Leases not yet released: a game in use is never evicted. */
  users: number;
}

export class GameCache<T extends Closable> {
  /** In order of last use, the least recent first (a Map keeps insertion order: a use moves a game to the end). */
  readonly #games = new Map<string, Cached<T>>();
  #evicted = 0;

  constructor(
    private readonly open: (game: string) => Promise<T>,
    private readonly capacity = DEFAULT_MAX_OPEN_GAMES,
  ) {}

  /** The game, opened on first use (or after it was evicted), held until released. */
  async lease(game: string): Promise<Lease<T>> {
    let cached = this.#games.get(game);
    if (cached === undefined) {
      const value = this.open(game);
      cached = { value, users: 0 };
      const entry = cached;
      value.catch(() => {
        if (this.#games.get(game) === entry) this.#games.delete(game);
      });
    } else {
      this.#games.delete(game);
    }
    this.#games.set(game, cached);
    cached.users += 1;
    const held = cached;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      held.users -= 1;
      this.#evict();
    };
    try {
      return { value: await held.value, release };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Runs `body` with the game held, and releases it whatever happens. */
  async use<R>(game: string, body: (value: T) => Promise<R>): Promise<R> {
    const lease = await this.lease(game);
    try {
      return await body(lease.value);
    } finally {
      lease.release();
    }
  }

  /** The number of games open now (in use or not). */
  get size(): number {
    return this.#games.size;
  }

  /** The number of games closed so far to make room for others. */
  get evicted(): number {
    return this.#evicted;
  }

  /** Closes the least recently used games nobody holds, while more than `capacity` are open. */
  #evict(): void {
    if (this.#games.size <= this.capacity) return;
    for (const [game, cached] of this.#games) {
      if (this.#games.size <= this.capacity) return;
      if (cached.users > 0) continue;
      this.#games.delete(game);
      this.#evicted += 1;
      // Closed once it has finished what it was doing (nothing holds it: no use waits on it).
      void cached.value.then((value) => value.close()).catch(() => undefined);
    }
  }

  /** Closes every game open now. */
  async close(): Promise<void> {
    const values = await Promise.allSettled([...this.#games.values()].map((cached) => cached.value));
    this.#games.clear();
    await Promise.all(values.map((value) => (value.status === 'fulfilled' ? value.value.close() : undefined)));
  }
}
