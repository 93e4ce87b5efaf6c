// One game's stream seen as an EventStream: what SurrenderEngine runs on, one engine per game (src/host/games.ts).
import type { LogVersion, NewEvent, StoredEvent } from '../../events/index.js';
import { scanForCommand } from './command-events.js';
import type { GameStreamStore } from './game-streams.js';
import type { AppendResult, EventStream, LogHead, ReadOptions } from './store.js';

export function gameLog(streams: GameStreamStore, game: string): EventStream {
  return {
    version: async (): Promise<LogVersion> => (await streams.gameHead(game)).seq,
    head: (): Promise<LogHead> => streams.gameHead(game),
    append: async (events: readonly NewEvent[], expected: LogVersion, expectedHash?: string): Promise<AppendResult> => {
      const { version, events: stored, head } = await streams.appendToGame(game, events, expected, expectedHash);
      return { version, events: stored, head };
    },
    read: (options?: ReadOptions): AsyncIterable<readonly StoredEvent[]> => streams.readGame(game, options),
    findCommand: async (of: string, commandId: string): Promise<readonly StoredEvent[] | null> => {
      if (of !== game) return null;
      return streams.findCommand?.(game, commandId) ?? scanForCommand(streams.readGame(game), game, commandId);
    },
    // The streams belong to whoever opened them: closing one game's view closes nothing.
    close: async (): Promise<void> => undefined,
  };
}
