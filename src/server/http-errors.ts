// Every refusal of the HTTP API as a status and one JSON body `{ ok: false, rejection: { code, rule, message,
// violations?, fields? } }` (docs/server.md): the engine's rejection codes and the server's own.
import type { FailedResponse, ResponseCode } from '../host-protocol/protocol.js';

/** The server's own refusals, beside the engine's and the protocol's codes. */
export type HttpCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'game-exists'
  | 'stale-version'
  | 'too-large'
  | 'headers-too-large'
  | 'request-timeout'
  | 'rate-limited'
  | 'unsupported-media-type';

export interface HttpRejection {
  readonly code: ResponseCode | HttpCode;
  readonly rule: string;
  readonly message: string;
}

export interface HttpFailure {
  readonly status: number;
  readonly body: { readonly ok: false; readonly rejection: FailedResponse['rejection'] | HttpRejection };
}

const STATUS: Readonly<Record<ResponseCode | HttpCode, number>> = {
  'bad-request': 400,
  'unknown-op': 400,
  malformed: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'no-game': 404,
  'game-exists': 409,
  conflict: 409,
  'request-timeout': 408,
  // The Idempotency-Key is that of another command: a conflict with what the key already names.
  'command-id-reused': 409,
  'stale-version': 412,
  'too-large': 413,
  'unsupported-media-type': 415,
  // A refusal by the rules: the command is well formed but the rules (or their sequence) do not allow it now.
  'out-of-sequence': 422,
  'not-pending': 422,
  'decision-pending': 422,
  illegal: 422,
  contradictory: 422,
  'rate-limited': 429,
  'headers-too-large': 431,
  internal: 500,
  'store-failed': 503,
  // The commit's answer was lost: the same request with the same Idempotency-Key settles it.
  'outcome-unknown': 503,
};

/** The status of a rejection code; an engine `game-exists` (a second host.game-started) is a rule refusal. */
export const statusOf = (code: ResponseCode | HttpCode, fromEngine = false): number =>
  fromEngine && code === 'game-exists' ? 422 : STATUS[code];

export const refusal = (code: HttpCode | ResponseCode, rule: string, message: string): HttpFailure => ({
  status: statusOf(code),
  body: { ok: false, rejection: { code, rule, message } },
});

/** A request refused by a hook before its route ran (the operator's routes, ./seat-routes.ts): the reply it gets. */
export class RefusedRequest extends Error {
  override readonly name = 'RefusedRequest';
  constructor(readonly failure: HttpFailure) {
    super(failure.body.rejection.message);
  }
}

/** A failed protocol response (src/host-protocol/handle.ts) as the HTTP answer. */
export const engineRefusal = (response: FailedResponse): HttpFailure => ({
  status: statusOf(response.rejection.code, true),
  body: { ok: false, rejection: response.rejection },
});

/** The JSON path of a Fastify validation error: `querystring.from`, `params.game`. */
export function validationPath(context: string | undefined, instancePath: string | undefined): string {
  const path = (instancePath ?? '')
    .split('/')
    .filter((p) => p !== '')
    .join('.');
  return [context ?? '$', path].filter((p) => p !== '').join('.');
}
