// The command API a host engine drives: report facts, record decisions, ask what is pending.
// Each command is decided against the current state; it either appends its events (with the
// expected version and the hash of the last event read, so that neither a concurrent writer nor a repair of
// the log can slip in between) or is rejected, appending nothing.
import { settingsOf, type EngineOptions } from './engine-options.js';
import type { DomainEvent, StoredEvent } from '../../events/index.js';
import { logVersion } from '../../events/envelope.js';
import { InputError } from '../schema/validate.js';
import { CommandRecordedError, ConcurrencyError, type EventStore, type LogHead } from '../store/store.js';
import { repairsTornEnd } from '../store/repair.js';
import { findCutAppend } from './cut-append.js';
import type { OriginEvent } from '../engine/decide.js';
import { decidedBy } from '../engine/corrections/decided-by.js';
import {
  commandIdOf,
  copyCommand,
  expectedVersionOf,
  staleVersion,
  type ExecuteOptions,
} from '../engine/command-copy.js';
import { storeFailure } from './store-failure.js';
import { recordedCommand } from './command-lookup.js';
import { UnknownGameError } from '../engine/unknown-game.js';
import type { Rejection } from '../engine/decision.js';
import { pendingDecisions, type PendingDecision } from '../engine/pending.js';
import type { Replayer, Mismatch } from '../engine/replay.js';
import type { GameView } from '../engine/game-view.js';
import { warList } from '../engine/wars.js';
import { britishPermissions, type Permission } from '../engine/britain/permissions.js';
import { previewAfter, type PreviewedEvent } from './preview.js';
import { declarationsOf, type Declaration } from '../engine/declarations.js';
import { SerialQueue } from '../async/serial-queue.js';
import { LogView } from './log-view.js';

export type { ExecuteOptions };
export type { EngineOptions };

/**
 * What a command would do (SurrenderEngine.preview): the events it would append and what would then be pending.
 * A refused command of a known game comes back with what is pending as it stands, the decision it answers
 * showing its choices with the command's picks (what is missing or over, what may still be added).
 */
export type PreviewResult =
  | {
      readonly ok: true;
      readonly events: readonly PreviewedEvent[];
      readonly pending: PendingDecision[];
      readonly version: number;
    }
  | { readonly ok: false; readonly rejection: Rejection; readonly pending?: PendingDecision[] };

/**
 * What execute did: the events appended and the log's head after them; `repeated`, when the command was sent with a
 * command id it already holds: the events and head of its first execute, nothing appended now.
 */
export type CommandResult =
  | { readonly ok: true; readonly events: readonly StoredEvent[]; readonly head: LogHead; readonly repeated?: true }
  | { readonly ok: false; readonly rejection: Rejection };

/** Attempts at one command before a conflict is reported (each after reading what changed). */
const ATTEMPTS = 3;

export class SurrenderEngine {
  /** The games' views as far as this engine has read the log (./log-view.ts). */
  readonly #log: LogView;
  /** Commands run one at a time, so that no two of them read or apply the same events. */
  readonly #queue = new SerialQueue();

  private constructor(
    private readonly store: EventStore,
    log: LogView,
  ) {
    this.#log = log;
    // A store that repairs a torn end it meets removes the append the crash cut off too, as the rules tell it.
    if (repairsTornEnd(store)) store.findCutAppendWith(findCutAppend);
  }

  /**
   * Replays the store into memory. With `validate` (default) every line is checked as it is read. Options
   * that are not booleans throw an InputError naming the option.
   */
  static async open(store: EventStore, options?: EngineOptions): Promise<SurrenderEngine> {
    const engine = new SurrenderEngine(store, new LogView(store, settingsOf(options)));
    await engine.#log.rebuild();
    return engine;
  }

  /**
   * An engine over a log its caller has already replayed and checked (as `replay` does against a verification
   * mark): nothing is read now. `hash` is that of event `replayer.version`; the first append is tied to it, so
   * a log changed since is read again before anything is written.
   */
  static resume(
    store: EventStore,
    replayed: { readonly replayer: Replayer; readonly hash: string },
    options?: EngineOptions,
  ): SurrenderEngine {
    return new SurrenderEngine(store, new LogView(store, settingsOf(options), replayed));
  }

  /** Rule decisions found in the log that the rules no longer produce (only with checkDecisions). */
  get mismatches(): readonly Mismatch[] {
    return this.#log.replayer.mismatches;
  }

  get version(): number {
    return this.#log.replayer.version;
  }

  /**
   * Decides a host report or player decision for `game` and appends what it produces. The command is copied
   * first (any later change to it is not seen) and decided against the log as it is now: when another writer
   * has appended meanwhile (the append fails on its expected version, or a refusal might rest on what this
   * engine had not yet read), its events are read and the command decided again, up to three times; when the
   * log was changed other than by appends (a repair cut it back), it is read again from the start. A refusal
   * appends nothing; any value at all as `game` or `origin` resolves, as a rejection if it is not a command.
   * With `expectedVersion`, the command is decided only on the log at that version: at another (before, or
   * because another writer appended first) it is refused as `stale-version`, as HTTP's If-Match, appending nothing.
   * With `commandId`, the log is asked first whether it holds that command: then its first outcome is the answer
   * (`repeated: true`), whatever the version, and nothing is appended (ExecuteOptions).
   */
  execute(game: string, origin: OriginEvent, options?: ExecuteOptions): Promise<CommandResult> {
    const command = copyCommand(game, origin);
    if (!command.ok) return Promise.resolve(command);
    const expected = expectedVersionOf(options);
    if (!expected.ok) return Promise.resolve(expected);
    const commandId = commandIdOf(options);
    if (!commandId.ok) return Promise.resolve(commandId);
    const run = async (): Promise<CommandResult> => {
      await this.#repairTornEnd();
      return expected.value === null
        ? this.#execute(game, command.value, commandId.value)
        : this.#executeAt(game, command.value, expected.value, commandId.value);
    };
    // A log that cannot be read or written, or a defect, is a typed rejection too: nothing throws past the API.
    return this.#serialize(() =>
      run().catch((error: unknown): CommandResult => ({ ok: false, rejection: storeFailure(error) })),
    );
  }

  /**
   * A torn end the store last saw, repaired before the command is decided, so that the events of an append a crash
   * cut off are gone, not decided on (docs/log-format.md). When another writer repaired it first, nothing is done.
   */
  async #repairTornEnd(): Promise<void> {
    if (repairsTornEnd(this.store) && this.store.torn && (await this.store.repairTornEnd()) !== null)
      await this.#log.catchUp();
  }

  /** The command decided once, on the log at `expected` or not at all (its first outcome, when recorded). */
  async #executeAt(game: string, origin: OriginEvent, expected: number, id: string | null): Promise<CommandResult> {
    const stale = (): CommandResult => ({
      ok: false,
      rejection: staleVersion('expectedVersion', this.#log.replayer.version, expected),
    });
    const recorded = await this.#recorded(game, origin, id);
    if (recorded !== null) return recorded;
    await this.#log.catchUpIfMoved();
    if (this.#log.replayer.version !== expected) return stale();
    const decision = this.#log.replayer.decide(game, origin);
    if (!decision.ok) return decision;
    try {
      return await this.#appendDecided(game, decision.events, id);
    } catch (error) {
      if (!(error instanceof ConcurrencyError) && !(error instanceof CommandRecordedError)) throw error;
      await this.#log.catchUp();
      return (await this.#recorded(game, origin, id)) ?? stale();
    }
  }

  /** The first outcome of the command when the log holds its id (or the refusal of another command's id), else null. */
  #recorded(game: string, origin: OriginEvent, commandId: string | null): Promise<CommandResult | null> {
    return commandId === null ? Promise.resolve(null) : recordedCommand(this.store, game, origin, commandId);
  }

  /** Appends a decision's events at the version this engine has read, tied to the hash of its last event. */
  async #appendDecided(game: string, events: readonly DomainEvent[], commandId: string | null): Promise<CommandResult> {
    const version = this.#log.replayer.version;
    // The hash ties the append to the events this engine read, not only to their number (59.21's counts of
    // firestorms and the like must never rest on a log that was cut back and grew again).
    const result = await this.store.append(
      // The command id goes on the command's own event, the first (docs/log-format.md).
      events.map((e, i) => (i === 0 && commandId !== null ? { ...e, game, commandId } : { ...e, game })),
      logVersion(version),
      version > 0 ? this.#log.hash : undefined,
    );
    this.#log.apply(result.events);
    return { ok: true, events: result.events, head: result.head };
  }

  async #execute(game: string, origin: OriginEvent, commandId: string | null): Promise<CommandResult> {
    for (let attempt = 1; ; attempt += 1) {
      // Asked again after each read of other writers' appends: one of them may have recorded this very command.
      const recorded = await this.#recorded(game, origin, commandId);
      if (recorded !== null) return recorded;
      const decision = this.#log.replayer.decide(game, origin);
      if (!decision.ok) {
        if (attempt >= ATTEMPTS || (await this.#log.readsAll())) return decision;
        await this.#log.catchUp();
        continue;
      }
      try {
        return await this.#appendDecided(game, decision.events, commandId);
      } catch (error) {
        if (!(error instanceof ConcurrencyError) && !(error instanceof CommandRecordedError)) throw error;
        if (attempt >= ATTEMPTS) {
          return {
            ok: false,
            rejection: {
              code: 'conflict',
              rule: 'concurrency',
              message: `the log kept changing while the command was decided (${ATTEMPTS} attempts): report it again`,
            },
          };
        }
        await this.#log.catchUp();
      }
    }
  }

  /**
   * What `execute` would append for this command and what would then be pending, decided against the log as it
   * is now (other writers' appends read first); appends nothing. The events carry the seqs they would get if
   * nobody appends first. Resolves in every case, as `execute` does.
   */
  preview(game: string, origin: OriginEvent): Promise<PreviewResult> {
    const command = copyCommand(game, origin);
    if (!command.ok) return Promise.resolve(command);
    return this.#serialize(async (): Promise<PreviewResult> => {
      await this.#log.catchUpIfMoved();
      const view = this.#log.replayer.view(game);
      const decision = this.#log.replayer.decide(game, command.value);
      if (!decision.ok)
        return view === undefined ? decision : { ...decision, pending: pendingDecisions(view, command.value) };
      const version = this.#log.replayer.version;
      const after = previewAfter(view, game, decision.events, { seq: version, hash: this.#log.hash });
      // A correction's game is the one decided again, not its events applied to the game as it is.
      const next = 'redecision' in decision ? decision.redecision.views.at(-1) : after.view;
      return { ok: true, events: after.events, pending: next === undefined ? [] : pendingDecisions(next), version };
    }).catch((error: unknown): PreviewResult => ({ ok: false, rejection: storeFailure(error) }));
  }

  /** Reads what other writers appended since this engine last looked (the whole log again if it changed otherwise). */
  catchUp(): Promise<void> {
    return this.#serialize(() => this.#log.catchUpIfMoved());
  }

  #serialize<T>(task: () => Promise<T>): Promise<T> {
    return this.#queue.run(task);
  }

  games(): string[] {
    return [...this.#log.replayer.games.keys()];
  }

  /** The game's state as this engine last read it; undefined for a game it does not know (or no game id at all). */
  view(game: string): GameView | undefined {
    return typeof game === 'string' ? this.#log.replayer.view(game) : undefined;
  }

  /** The game's view; an UnknownGameError for a game this engine does not know, or any value that is no game id. */
  #known(game: string): GameView {
    const view = this.view(game);
    if (view === undefined) throw new UnknownGameError(game);
    return view;
  }

  /**
   * The decisions the rules are waiting for, each with who must make it, the rule, the commands that answer it, its
   * parameters and its choices (describePending renders the words). With `tried`, a command a host is building
   * (a partial selection or demand), the decision it answers shows its choices as those picks leave them: what is
   * missing or over and what may still be added. Throws an UnknownGameError for an unknown game, an InputError
   * (path `tried`) for a `tried` that is no command.
   */
  /**
   * Who made the player's decision a take-back names (`{ seq }` or `{ commandId }`, as game.decision-withdrawn's
   * data): the powers or sides that may take it back; null when the game holds no standing decision so named.
   */
  decidedBy(game: string, named: { readonly seq?: number; readonly commandId?: string }): readonly string[] | null {
    const timeline = this.#log.replayer.timelines.of(game);
    return timeline === undefined ? null : decidedBy(timeline, game, named);
  }

  pending(game: string, tried?: unknown): PendingDecision[] {
    const view = this.#known(game);
    if (tried === undefined) return pendingDecisions(view);
    const command = copyCommand(game, tried);
    if (!command.ok) throw new InputError('tried', command.rejection.message);
    return pendingDecisions(view, command.value);
  }

  /** Who is at war with whom, now. Throws an UnknownGameError for an unknown game. */
  wars(game: string): { axis: string; allied: string }[] {
    return warList(this.#known(game).world.wars);
  }

  /**
   * Who may declare war on whom now: for each pair of powers on opposite sides, whether the engine would accept a
   * declaration by one on the other alone this turn, or the rule that refuses it. Throws an UnknownGameError for an
   * unknown game.
   */
  declarations(game: string): Declaration[] {
    return declarationsOf(this.#known(game));
  }

  /**
   * What the surrender rules now allow or forbid (59.52, 59.82-59.84, 59.86A, 59.88). Throws an UnknownGameError for an
   * unknown game.
   */
  permissions(game: string): Permission[] {
    return britishPermissions(this.#known(game));
  }

  close(): Promise<void> {
    return this.#serialize(() => this.store.close());
  }
}
