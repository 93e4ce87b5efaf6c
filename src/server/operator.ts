// The operator's credential: one bearer token, given to `serve` by a file or the environment (never on its command
// line), that creates games and issues seat tokens (docs/server.md, Operating a server). The server keeps only its
// SHA-256 and compares hashes in constant time. No Fastify here: the command line checks a token with it too.
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Who may create games and issue seat tokens: the holder of `token`, or, with `open`, anyone who reaches the server
 * (play on one machine). A server given neither refuses both.
 */
export type OperatorAccess = { readonly token: string } | 'open';

export const OPERATOR_TOKEN_MIN = 32;
export const OPERATOR_TOKEN_MAX = 256;
const OPERATOR_TOKEN = /^[A-Za-z0-9._~+/=-]+$/;

/** What is wrong with an operator token, in words (never the token itself), or null for a good one. */
export function operatorTokenProblem(token: string): string | null {
  if (token.length >= OPERATOR_TOKEN_MIN && token.length <= OPERATOR_TOKEN_MAX && OPERATOR_TOKEN.test(token))
    return null;
  return (
    `expected the operator token: ${OPERATOR_TOKEN_MIN} to ${OPERATOR_TOKEN_MAX} characters, each a ` +
    `letter, a digit or one of - . _ ~ + / = (e.g. from "openssl rand -base64 32"); found ${token.length} ` +
    'characters' +
    (OPERATOR_TOKEN.test(token) || token === '' ? '' : ', some of them none of those')
  );
}

const digest = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** The operator's access as the server holds it: the token's hash only. */
export class Operator {
  readonly #hash: Buffer | null;
  readonly open: boolean;

  constructor(access: OperatorAccess | undefined) {
    this.open = access === 'open';
    if (access === undefined || access === 'open') {
      this.#hash = null;
      return;
    }
    const problem = operatorTokenProblem(access.token);
    if (problem !== null) throw new Error(`the operator token: ${problem}`);
    this.#hash = digest(access.token);
  }

  /** Whether an operator token was configured. */
  get configured(): boolean {
    return this.#hash !== null;
  }

  /** Whether `token` is the operator's, compared as hashes in constant time. */
  matches(token: string): boolean {
    return this.#hash !== null && timingSafeEqual(digest(token), this.#hash);
  }
}
