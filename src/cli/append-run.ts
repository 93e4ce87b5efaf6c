// One command appended to a log by a fresh process (./append.ts): read, decided as the host API decides it,
// one JSON result of one shape per exit code: 0 the appended result, 1 a rule's rejection, 2 the error format of
// docs/cli.md. The log is opened as `replay` reads it, on the fast path a verification mark allows.
import { COMMAND_ID_EXPECTED, COMMAND_ID_REGEXP, GAME_ID_PATTERN, GAME_ID_REGEXP } from '../../events/envelope.js';
import type { OriginEvent } from '../engine/decide.js';
import type { Rejection, RejectionCode } from '../engine/decision.js';
import { withDescription } from '../engine/pending-text.js';
import { InputError } from '../schema/validate.js';
import { oneLine, readJsonInput, reportInputError } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';
import { guarded } from './log-guard.js';
import { openLogEngine } from '../host/file/open-log.js';

/** Rejections that mean the input or the log, not a rule, is at fault: exit 2 as for the calculators. */
const EXIT_2: ReadonlySet<RejectionCode> = new Set(['malformed', 'store-failed', 'outcome-unknown', 'internal']);

/** A malformed command's rejection names the JSON path first (`data.turn.year: expected ...`). */
const PATHED = /^(\$|[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*|\[[^\]]*\])*): (.+)$/s;

/** A rejection of exit 2 as the error format: the path a malformed command's names, else the document (`$`). */
function rejectionError(rejection: Rejection): InputError {
  const named = rejection.code === 'malformed' ? PATHED.exec(rejection.message) : null;
  return named === null
    ? new InputError('$', rejection.message)
    : new InputError(named[1] as string, named[2] as string);
}

interface ReadCommand {
  readonly game: string | null;
  readonly command: Record<string, unknown>;
}

/** The command read from the input, its `game` (if it names one) taken off. */
async function readCommand(source: string, io: CliIo): Promise<ReadCommand> {
  const value = await readJsonInput(source, io);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InputError('$', 'expected a command object { type, data } (and optionally game)');
  const { game, ...command } = value as Record<string, unknown>;
  if (game !== undefined && (typeof game !== 'string' || !GAME_ID_REGEXP.test(game)))
    throw new InputError('game', `expected a string matching ${GAME_ID_PATTERN}`);
  return { game: game ?? null, command };
}

/** The game: the command's, else --game (they must agree when both are given), else the log's only one. */
function gameOf(named: string | null, flag: string | null, games: readonly string[]): string {
  if (named !== null && flag !== null && named !== flag)
    throw new InputError(
      'game',
      `the command is for game ${JSON.stringify(named)}, --game names ${JSON.stringify(flag)}`,
    );
  const game = named ?? flag;
  if (game !== null) return game;
  if (games.length === 1) return games[0] as string;
  throw new InputError(
    'game',
    `the command names no game and the log holds ` +
      `${games.length === 0 ? 'none' : `several (${games.join(', ')})`}: give --game`,
  );
}

export async function runAppend(
  path: string,
  source: string,
  options: { readonly game: string | null; readonly commandId: string | null; readonly engineId: string | null },
  io: CliIo,
): Promise<ExitCode> {
  if (options.commandId !== null && !COMMAND_ID_REGEXP.test(options.commandId))
    return reportInputError(io, new InputError('--command-id', COMMAND_ID_EXPECTED), true);
  let input: ReadCommand;
  try {
    input = await readCommand(source, io);
  } catch (error) {
    if (error instanceof InputError) return reportInputError(io, error, true);
    throw error;
  }
  return guarded(
    path,
    true,
    io,
    async () => {
      const opened = await openLogEngine(path, { create: false, engineId: options.engineId, writer: 'append' });
      const { engine } = opened;
      try {
        let game: string;
        try {
          game = gameOf(input.game, options.game, engine.games());
        } catch (error) {
          if (error instanceof InputError) return reportInputError(io, error, true);
          throw error;
        }
        // The engine checks the command as it checks any host's: a malformed one is refused, never thrown.
        const result = await engine.execute(
          game,
          input.command as unknown as OriginEvent,
          options.commandId === null ? undefined : { commandId: options.commandId },
        );
        if (!result.ok) {
          if (EXIT_2.has(result.rejection.code)) return reportInputError(io, rejectionError(result.rejection), true);
          io.out(JSON.stringify({ ok: false, game, rejection: result.rejection }, null, 2));
          io.err(
            oneLine(
              `${result.rejection.code} (${result.rejection.rule}): ${result.rejection.message}; nothing was appended`,
            ),
          );
          return 1;
        }
        const pending = engine.pending(game).map(withDescription);
        io.out(
          JSON.stringify(
            {
              ok: true,
              game,
              events: result.events,
              version: result.head.seq,
              head: result.head,
              pending,
              ...(result.repeated === true ? { repeated: true } : {}),
            },
            null,
            2,
          ),
        );
        return 0;
      } finally {
        await engine.close();
      }
    },
    'write',
    'exec LOG --create starts a new log (append adds to one that exists)',
  );
}
