// `serve`'s operator credential: a token read from `--operator-token-file FILE` or the environment's
// AWAW_OPERATOR_TOKEN (never the command line, which `ps` shows), or `--open` for play on one machine, where anyone
// who reaches a loopback port may create games and issue seat tokens. Without either, serve does not start: a
// server open to strangers by default is what a careful operator does not expect (docs/server.md).
import { InputError } from '../schema/validate.js';
import { operatorTokenProblem, type OperatorAccess } from '../server/operator.js';
import { InputTooLargeError, type CliIo } from './io.js';

export const OPERATOR_TOKEN_ENV = 'AWAW_OPERATOR_TOKEN';

/** The most bytes of a token file read: a token is at most 256 characters. */
const MAX_TOKEN_FILE_BYTES = 4096;

/** 127.0.0.0/8, ::1 and localhost: only this machine reaches them. */
export const isLoopback = (host: string): boolean =>
  /^127(\.\d{1,3}){3}$/.test(host) ||
  host === '::1' ||
  host === 'localhost' ||
  /^::ffff:127(\.\d{1,3}){3}$/i.test(host);

const NONE =
  'no operator token: creating games and issuing seat tokens need one; give --operator-token-file FILE or set ' +
  `${OPERATOR_TOKEN_ENV} (32 to 256 characters, e.g. from "openssl rand -base64 32"), or --open for play on this ` +
  'machine alone, where anyone who reaches the port may do both';

async function tokenFile(path: string, io: CliIo): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await io.readInput(path, MAX_TOKEN_FILE_BYTES);
  } catch (error) {
    if (error instanceof InputTooLargeError)
      throw new InputError('--operator-token-file', `larger than ${MAX_TOKEN_FILE_BYTES} bytes: not a token file`);
    // Loaded on this failure only: `--help`, which loads this module, loads nothing of the store.
    const { systemWords } = await import('../store/file/fs-error.js');
    throw new InputError(
      '--operator-token-file',
      `cannot be read: ${systemWords((error as NodeJS.ErrnoException).code)}`,
    );
  }
  // One line: its line end (and any blank space around it) is no part of the token.
  return Buffer.from(bytes).toString('utf8').trim();
}

/** The operator's access `serve` runs with, or an InputError (a usage error: exit 2) in words. */
export async function operatorAccessOf(
  options: {
    readonly file: string | undefined;
    readonly open: boolean;
    readonly env: string | undefined;
    readonly host: string;
  },
  io: CliIo,
): Promise<OperatorAccess> {
  const env = options.env === '' ? undefined : options.env;
  if (options.open) {
    if (options.file !== undefined || env !== undefined) {
      const given = options.file === undefined ? OPERATOR_TOKEN_ENV : '--operator-token-file';
      throw new InputError('--open', `an operator token is given too (${given}): give one or the other`);
    }
    if (!isLoopback(options.host))
      throw new InputError(
        '--open',
        `only with a loopback --host (127.0.0.1, ::1, localhost): on ${options.host} anyone on the network could ` +
          'create games and take any seat; give an operator token instead',
      );
    return 'open';
  }
  if (options.file !== undefined && env !== undefined)
    throw new InputError('--operator-token-file', `${OPERATOR_TOKEN_ENV} is set too: give the operator token one way`);
  if (options.file === undefined && env === undefined) throw new InputError('serve', NONE);
  const token = options.file === undefined ? (env ?? '') : await tokenFile(options.file, io);
  const problem = operatorTokenProblem(token);
  if (problem !== null)
    throw new InputError(options.file === undefined ? OPERATOR_TOKEN_ENV : '--operator-token-file', problem);
  return { token };
}
