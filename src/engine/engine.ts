// The command API a host engine drives: report facts, record decisions, ask what is pending.
// Each command is decided against the current state; it either appends its events (with the
// expected version, so a concurrent writer cannot slip in between) or is rejected, appending nothing.
import type { StoredEvent } from '../../events/index.js';
import { GAME_ID_PATTERN, logVersion } from '../../events/envelope.js';
import { ConcurrencyError, type EventStore, type LogHead } from '../store/store.js';
import { decide, type OriginEvent } from './decide.js';
import type { Rejection } from './decision.js';
import { pendingDecisions, type PendingDecision } from './pending.js';
import { Replayer, type Mismatch } from './replay.js';
import type { GameView } from './runtime.js';
import { warList } from './wars.js';
import { britishPermissions, type Permission } from './britain/permissions.js';

export type CommandResult =
  | { readonly ok: true; readonly events: readonly StoredEvent[]; readonly head: LogHead }
  | { readonly ok: false; readonly rejection: Rejection };

const gameIdPattern = new RegExp(GAME_ID_PATTERN);

/** A command a host built wrongly (it may come from JSON): refused like a malformed payload, never thrown. */
function malformedCommand(game: unknown, origin: unknown): Rejection | null {
  if (typeof game !== 'string' || !gameIdPattern.test(game)) {
    return { code: 'malformed', rule: 'schema', message: `game: expected a string matching ${GAME_ID_PATTERN}` };
  }
  if (typeof origin !== 'object' || origin === null || Array.isArray(origin)) {
    return { code: 'malformed', rule: 'schema', message: '$: expected an event object { type, data }' };
  }
  const type: unknown = (origin as { type?: unknown }).type;
  if (typeof type !== 'string') return { code: 'malformed', rule: 'schema', message: 'type: expected a string' };
  return null;
}

export class SurrenderEngine {
  private constructor(
    private readonly store: EventStore,
    private readonly replayer: Replayer,
  ) {}

  /** Replays the store into memory. With `validate` (default) every line is checked as it is read. */
  static async open(store: EventStore, options: { validate?: boolean; checkDecisions?: boolean } = {}): Promise<SurrenderEngine> {
    const replayer = new Replayer({ checkDecisions: options.checkDecisions ?? false });
    for await (const batch of store.read({ validate: options.validate ?? true })) replayer.applyAll(batch);
    replayer.finish();
    return new SurrenderEngine(store, replayer);
  }

  /** Rule decisions found in the log that the rules no longer produce (only with checkDecisions). */
  get mismatches(): readonly Mismatch[] {
    return this.replayer.mismatches;
  }

  get version(): number {
    return this.replayer.version;
  }

  /**
   * Decides a host report or player decision for `game` and appends what it produces. The decision is
   * made against the log as it is now: when another writer has appended meanwhile (the append fails on
   * its expected version, or a refusal might rest on what this engine had not yet read), its events are
   * read and the command decided again, up to three times. A refusal appends nothing.
   */
  async execute(game: string, origin: OriginEvent): Promise<CommandResult> {
    const malformed = malformedCommand(game, origin);
    if (malformed !== null) return { ok: false, rejection: malformed };
    for (let attempt = 0; ; attempt += 1) {
      const decision = decide(this.replayer.view(game), origin);
      if (!decision.ok) {
        if (attempt >= 2 || (await this.store.version()) === this.replayer.version) return decision;
        await this.catchUp();
        continue;
      }
      try {
        const result = await this.store.append(
          decision.events.map((e) => ({ ...e, game })),
          logVersion(this.replayer.version),
        );
        this.replayer.applyAll(result.events);
        return { ok: true, events: result.events, head: result.head };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= 2) throw error;
        await this.catchUp();
      }
    }
  }

  /** Reads what other writers appended since this engine last looked. */
  async catchUp(): Promise<void> {
    for await (const batch of this.store.read({ from: this.replayer.version + 1 })) this.replayer.applyAll(batch);
  }

  games(): string[] {
    return [...this.replayer.games.keys()];
  }

  view(game: string): GameView | undefined {
    return this.replayer.view(game);
  }

  /** The decisions the rules are waiting for, and who must make them. */
  pending(game: string): PendingDecision[] {
    const view = this.replayer.view(game);
    return view === undefined ? [] : pendingDecisions(view);
  }

  /** Who is at war with whom, now. */
  wars(game: string): { axis: string; allied: string }[] {
    const view = this.replayer.view(game);
    return view === undefined ? [] : warList(view.state.wars);
  }

  /** What the surrender rules now allow or forbid (59.52, 59.82-59.84, 59.86A, 59.88). */
  permissions(game: string): Permission[] {
    const view = this.replayer.view(game);
    return view === undefined ? [] : britishPermissions(view);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
