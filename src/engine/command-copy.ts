// What SurrenderEngine.execute and preview take from their caller, checked before anything is decided: the game
// id, the command as a private JSON copy (./json-copy.ts), and execute's options. A caller that built any of them
// wrongly (it may come from JSON, or be any value at all) gets a malformed rejection, never a throw.
import { COMMAND_ID_EXPECTED, COMMAND_ID_REGEXP, GAME_ID_PATTERN, GAME_ID_REGEXP } from '../../events/envelope.js';
import { memberPath } from '../schema/validate.js';
import type { OriginEvent } from './decide.js';
import type { Rejection } from './decision.js';
import { COMMAND_LIMITS, copyJson } from './json-copy.js';

export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly rejection: Rejection };

export interface ExecuteOptions {
  /**
   * The log version (the seq of its last event) the command was decided on: when the log is at another one, the
   * command is refused (`stale-version`, as HTTP's If-Match) and nothing is appended, instead of decided again.
   */
  readonly expectedVersion?: number;
  /**
   * The host's id of the command (1 to 128 characters of `A-Z a-z 0-9 _ . : -`), recorded with its events: the
   * same command sent again with it (after a lost reply) is answered with the events it appended the first time,
   * `repeated: true`, and nothing is appended; another command with it is refused (`command-id-reused`). A
   * refusal records nothing, so a refused command sent again is decided again.
   */
  readonly commandId?: string;
}

const COMMAND_MEMBERS: ReadonlySet<string> = new Set(['type', 'data', 'game']);

const malformed = (message: string): { readonly ok: false; readonly rejection: Rejection } => ({
  ok: false,
  rejection: { code: 'malformed', rule: 'schema', message },
});

/**
 * The command as the engine will decide on and write it: a private copy of its JSON value, taken before any
 * await, `{ type, data }` without the `game` it may name (as a log line does), which must be `game`.
 */
export function copyCommand(game: unknown, origin: unknown): Checked<OriginEvent> {
  if (typeof game !== 'string' || !GAME_ID_REGEXP.test(game))
    return malformed(`game: expected a string matching ${GAME_ID_PATTERN}`);
  const copy = copyJson(origin, COMMAND_LIMITS);
  if (!copy.ok) return malformed(`${copy.path}: ${copy.detail}`);
  const command = copy.value;
  if (typeof command !== 'object' || command === null || Array.isArray(command))
    return malformed('$: expected an event object { type, data }');
  if (typeof command['type'] !== 'string') return malformed('type: expected a string');
  // A member the engine would not read is refused rather than silently dropped; so is a command for another game.
  const unknown = Object.keys(command).find((key) => !COMMAND_MEMBERS.has(key));
  if (unknown !== undefined)
    return malformed(
      `${memberPath('$', unknown)}: not a member of a command: expected only type, data and, optionally, game`,
    );
  const { game: named, ...members } = command;
  if (named !== undefined && named !== game)
    return malformed(
      `command.game: the command names game ` +
        `${JSON.stringify(named)}, but it is executed for game ${JSON.stringify(game)}`,
    );
  // decide checks the type and the payload against the registry's schemas.
  return { ok: true, value: members as unknown as OriginEvent };
}

/** One member of execute's options, undefined when absent; options that are no object are malformed. */
function optionOf(options: unknown, name: keyof ExecuteOptions): Checked<unknown> {
  if (options === undefined) return { ok: true, value: undefined };
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    return malformed('options: expected an object { expectedVersion?, commandId? }');
  try {
    return { ok: true, value: Reflect.get(options, name) };
  } catch {
    return malformed(`options.${name}: cannot be read (a getter or Proxy threw)`);
  }
}

/** The command id execute's options name, null for none; anything but a string of the pattern is malformed. */
export function commandIdOf(options: unknown): Checked<string | null> {
  const given = optionOf(options, 'commandId');
  if (!given.ok || given.value === undefined) return given.ok ? { ok: true, value: null } : given;
  if (typeof given.value !== 'string' || !COMMAND_ID_REGEXP.test(given.value))
    return malformed(`options.commandId: ${COMMAND_ID_EXPECTED}`);
  return { ok: true, value: given.value };
}

/** The expected version execute's options name, null for none; anything but an object with a version is malformed. */
export function expectedVersionOf(options: unknown): Checked<number | null> {
  const read = optionOf(options, 'expectedVersion');
  if (!read.ok) return read;
  const given = read.value;
  if (given === undefined) return { ok: true, value: null };
  if (typeof given !== 'number' || !Number.isSafeInteger(given) || given < 0)
    return malformed(
      'options.expectedVersion: expected a non-negative integer, the log version the command was decided on',
    );
  return { ok: true, value: given };
}

/** The refusal of a command decided on another version of the log than it is at (HTTP's If-Match says the same). */
export const staleVersion = (name: string, actual: number, expected: number): Rejection => ({
  code: 'stale-version',
  rule: 'concurrency',
  message: `${name}: the log is at version ${actual}, not ${expected}: read it again and decide again`,
});
