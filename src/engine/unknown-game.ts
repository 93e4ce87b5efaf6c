// The error a query for a game the engine does not know raises: typed, so that a host can tell "no such game"
// from "nothing pending" or "no wars" (SurrenderEngine.pending, wars, permissions).
import { GAME_ID_PATTERN, GAME_ID_REGEXP } from '../../events/envelope.js';

/** What a value that is not a game id is, named by typeof alone: a Proxy, even a revoked one, is never touched. */
const kindOf = (value: unknown): string => (value === null ? 'null' : `a value of type ${typeof value}`);

function messageFor(game: unknown): string {
  if (typeof game !== 'string') return `no such game: a game id is a string, not ${kindOf(game)}`;
  // A string no log can hold is not quoted: it may be of any length.
  if (!GAME_ID_REGEXP.test(game))
    return `no such game: a game id matches ${GAME_ID_PATTERN}, and this string of ${game.length} characters does not`;
  return `no such game: ${JSON.stringify(game)} (no host.game-started event for it in this log)`;
}

export class UnknownGameError extends Error {
  readonly code = 'no-game' as const;
  /** The id asked for; null when it was not a string at all. */
  readonly game: string | null;

  constructor(game: unknown) {
    super(messageFor(game));
    this.name = 'UnknownGameError';
    this.game = typeof game === 'string' ? game : null;
  }
}
