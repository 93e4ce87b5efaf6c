// The audit of a log read in order: each correction names the facts it changed (the commands read before it are
// kept, by game and seq), and the decisions and commands a correction no longer holds are marked superseded.
import { isOrigin, type EventData, type StoredEvent } from '../../events/index.js';
import { auditEntriesAfter } from './audit.js';
import type { AuditEntry } from './entry.js';
import type { CommandAt, Named } from './corrections.js';

export class AuditTrail {
  readonly #commands = new Map<string, Map<number, { readonly type: string; readonly data: unknown }>>();
  /** By game: the seq of each decision or command a correction took out, and that correction's. */
  readonly #superseded = new Map<string, Map<number, number>>();
  readonly #entries: AuditEntry[] = [];
  /** The seq of each command the host gave an id, by game and id. */
  readonly #ids = new Map<string, number>();

  /** Reads the next event of the log; its entries join the trail. */
  add(event: StoredEvent): void {
    if (event.type === 'host.logged') return;
    this.#entries.push(...auditEntriesAfter(event, (game, named) => this.#commandAt(game, named)));
    if (isOrigin(event)) {
      const commands = this.#commands.get(event.game) ?? new Map();
      this.#commands.set(event.game, commands);
      const report = event.type === 'host.report-corrected' ? event.data.report : null;
      // The report a correction gives stands at the correction's seq, and a later correction names it there.
      commands.set(event.seq, report ?? { type: event.type, data: event.data });
      if (event.commandId !== undefined) this.#ids.set(`${event.game}\n${event.commandId}`, event.seq);
    }
    if (event.type === 'game.redecided') this.#supersede(event.game, event.seq - 1, event.data);
  }

  #commandAt(game: string, { seq, commandId }: Named): ReturnType<CommandAt> {
    const at = seq ?? (commandId === undefined ? undefined : this.#ids.get(`${game}\n${commandId}`));
    const command = at === undefined ? undefined : this.#commands.get(game)?.get(at);
    return at === undefined || command === undefined ? undefined : { seq: at, ...command };
  }

  #supersede(game: string, by: number, data: EventData<'game.redecided'>): void {
    const marks = this.#superseded.get(game) ?? new Map<number, number>();
    this.#superseded.set(game, marks);
    for (const seq of takenOut(data)) marks.set(seq, by);
  }

  /** Every entry so far, in log order, those a correction took out marked with its seq. */
  entries(): AuditEntry[] {
    return this.#entries.map((entry) => {
      const by = this.#superseded.get(entry.game)?.get(entry.seq);
      return by === undefined ? entry : { ...entry, supersededBy: by };
    });
  }
}

/** The seqs of the events a later correction took out of their game (one game's events, in log order). */
export function supersededSeqs(events: readonly StoredEvent[]): ReadonlySet<number> {
  const gone = new Set<number>();
  for (const event of events)
    if (event.type === 'game.redecided') for (const seq of takenOut(event.data)) gone.add(seq);
  return gone;
}

/** What a correction's account takes out of the game: the command corrected, its superseded and set-aside ones. */
const takenOut = (data: EventData<'game.redecided'>): number[] => [
  data.of,
  ...data.superseded,
  ...data.setAside.map((s) => s.seq),
];
