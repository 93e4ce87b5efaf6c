// `serve DIR`: one JSON Lines log per game, DIR/GAME.jsonl, its seat token hashes beside it in DIR/GAME.seats.json.
// Other processes (another serve, `awaw-surrender append`) may append to the same logs: the engine reads their
// appends before each answer, and a stream hears them through the file system.
import { watch } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SurrenderEngine } from '../host/engine.js';
import { findCutAppend } from '../host/cut-append.js';
import { JsonlFileStore } from '../store/file/jsonl-file.js';
import { createLog } from '../store/file/log-file.js';
import { StoreError } from '../store/store-error.js';
import { DEFAULT_MAX_OPEN_GAMES, GameCache } from '../host/game-cache.js';
import {
  gameSlot,
  IfMatchGuard,
  ReadCounts,
  type Backend,
  type BackendActivity,
  type GameNews,
  type GameSlot,
  type Unsubscribe,
} from './backend.js';
import { FileSeatStore } from './seat-store.js';
import { observedStore, StoreFailures } from './store-failures.js';
import { fileBoundary } from '../store/file/fs-error.js';

export class DirectoryBackend implements Backend {
  readonly kind = 'directory';
  readonly seats: FileSeatStore;
  readonly failures = new StoreFailures();
  readonly #slots: GameCache<GameSlot>;
  readonly #reads = new ReadCounts();

  private constructor(
    private readonly dir: string,
    maxOpenGames: number,
  ) {
    this.seats = new FileSeatStore(dir);
    this.#slots = new GameCache(async (game) => {
      const guard = new IfMatchGuard();
      // A torn end is repaired by the server's next append to the game, the append it cut off removed with it.
      const log = await JsonlFileStore.open(this.logPath(game), { writer: 'serve', findCutAppend });
      const store = guard.wrap(this.#reads.wrap(observedStore(log, game, this.failures)));
      return gameSlot(await SurrenderEngine.open(store), store, guard);
    }, maxOpenGames);
  }

  /** `maxOpenGames`: the games kept open at most (../host/game-cache.ts). */
  static async open(dir: string, options: { readonly maxOpenGames?: number } = {}): Promise<DirectoryBackend> {
    await mkdir(dir, { recursive: true });
    return new DirectoryBackend(dir, options.maxOpenGames ?? DEFAULT_MAX_OPEN_GAMES);
  }

  logPath(game: string): string {
    return join(this.dir, `${game}.jsonl`);
  }

  createStream(game: string): Promise<void> {
    return createLog(this.logPath(game));
  }

  lease(game: string): ReturnType<Backend['lease']> {
    return this.#slots.lease(game);
  }

  async watch(game: string, listener: (news: GameNews) => void): Promise<Unsubscribe> {
    const watcher = watch(this.logPath(game), { persistent: false }, () => listener(null));
    watcher.on('error', () => undefined);
    return () => watcher.close();
  }

  async check(): Promise<void> {
    const info = await fileBoundary(() => stat(this.dir));
    if (!info.isDirectory()) throw new StoreError('missing', `${this.dir} is not a directory`);
  }

  openGames(): { readonly open: number; readonly evicted: number } {
    return { open: this.#slots.size, evicted: this.#slots.evicted };
  }

  activity(): BackendActivity {
    return {
      reads: { head: this.#reads.head, events: this.#reads.events },
      notifications: { notOpen: 0, known: 0, news: 0 },
    };
  }

  close(): Promise<void> {
    return this.#slots.close();
  }
}
