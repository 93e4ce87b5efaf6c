// A command's events in a log: its origin event, the host report or player decision that carries the host's command
// id, and the rule decisions the engine made of it, which follow it in the same append (replay re-derives them from
// it, src/engine/replay.ts). What `findCommand` answers, on every store, and on a stream read in full.
import { definitionOf, type NewEvent, type StoredEvent } from '../../events/index.js';

/** One key for a game and a command id (a game id holds no space). */
export const commandKey = (game: string, commandId: string): string => `${game} ${commandId}`;

export interface AppendedCommand {
  readonly game: string;
  readonly commandId: string;
  readonly key: string;
}

/** The command an append records, when its first event carries an id (only the first may: ./seal.ts). */
export function commandOf(events: readonly NewEvent[]): AppendedCommand | null {
  const first = events[0];
  if (first?.commandId === undefined) return null;
  return { game: first.game, commandId: first.commandId, key: commandKey(first.game, first.commandId) };
}

/** Whether `event`, read right after the events of `origin`'s command, is one more rule decision of it. */
export const decidedFrom = (origin: StoredEvent, event: StoredEvent): boolean =>
  event.game === origin.game && definitionOf(event.type)?.source === 'engine';

/**
 * Adds to `taken` the command's events of a reading that starts at its origin event: the origin, then the rule
 * decisions that follow it without a break. True once an event that is not one of them ends the command.
 */
export function takeCommand(taken: StoredEvent[], events: readonly StoredEvent[]): boolean {
  for (const event of events) {
    const origin = taken[0];
    if (origin !== undefined && !decidedFrom(origin, event)) return true;
    taken.push(event);
  }
  return false;
}

/**
 * The events of the command of `game` with id `commandId` in a log read from the start, for a stream that keeps no
 * index of its commands; null when it holds none. The first event with the id is the command (a store refuses it
 * twice).
 */
export async function scanForCommand(
  batches: AsyncIterable<readonly StoredEvent[]>,
  game: string,
  commandId: string,
): Promise<StoredEvent[] | null> {
  let taken: StoredEvent[] | null = null;
  for await (const batch of batches) {
    let rest = batch;
    if (taken === null) {
      const at = batch.findIndex((event) => event.game === game && event.commandId === commandId);
      if (at < 0) continue;
      taken = [];
      rest = batch.slice(at);
    }
    if (takeCommand(taken, rest)) return taken;
  }
  return taken;
}
