// A command sent with a host-chosen id, looked up before it is decided: the same command with the same id (sent again
// after a lost reply) is answered with what it appended the first time; another command with that id is refused. A
// store of this package finds a command by its index; any other stream is read (../store/command-events.ts).
import type { StoredEvent } from '../../events/index.js';
import { logVersion } from '../../events/envelope.js';
import type { OriginEvent } from '../engine/decide.js';
import type { Rejection } from '../engine/decision.js';
import { scanForCommand } from '../store/command-events.js';
import type { EventStream, LogHead } from '../store/store.js';

/** What a command id names in the log, when it names one: this very command (its first outcome), or another. */
export type Recorded =
  | { readonly ok: true; readonly events: readonly StoredEvent[]; readonly head: LogHead; readonly repeated: true }
  | { readonly ok: false; readonly rejection: Rejection };

/** Equal JSON values, whatever the order of their members (a command sent again may be written otherwise). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameValue(item, b[i]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** The events of the command `commandId` of `game` as the log holds them, or null. */
export const findRecorded = (
  store: EventStream,
  game: string,
  commandId: string,
): Promise<readonly StoredEvent[] | null> =>
  store.findCommand?.(game, commandId) ?? scanForCommand(store.read(), game, commandId);

/** The command `commandId` of `game` as the log holds it, compared with `origin` (the command sent now); or null. */
export async function recordedCommand(
  store: EventStream,
  game: string,
  origin: OriginEvent,
  commandId: string,
): Promise<Recorded | null> {
  const events = await findRecorded(store, game, commandId);
  const first = events?.[0];
  const last = events?.at(-1);
  if (events === null || first === undefined || last === undefined) return null;
  if (first.type === origin.type && sameValue(first.data, origin.data))
    return { ok: true, events, head: { seq: logVersion(last.seq), hash: last.hash }, repeated: true };
  return {
    ok: false,
    rejection: {
      code: 'command-id-reused',
      rule: 'command-id',
      message:
        `the command id ${JSON.stringify(commandId)} is that of another command of game ${game} (${first.type}, ` +
        `seq ${first.seq}): an id names one command; send this one with an id of its own`,
    },
  };
}
