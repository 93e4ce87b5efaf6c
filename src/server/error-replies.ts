// What the server answers for an error thrown while a request was handled (by Fastify, a route or a store): one
// refusal in the documented shape. A store's failure is 503 in the words of ./store-failures.ts, a defect 500
// with the request's id; their details (paths, the database's words, the stack) go to the server's log alone.
import type { FastifyError, FastifyRequest } from 'fastify';
import { defectOf, storeFailure } from '../host/store-failure.js';
import { StoreError } from '../store/store-error.js';
import { InputError } from '../schema/validate.js';
import { RefusedRequest, refusal, validationPath, type HttpFailure } from './http-errors.js';
import { BodyRefusal } from './json-body.js';
import { gameOf, noteDefect } from './request-facts.js';
import { SeatsError } from './seat-store.js';
import type { StoreFailures } from './store-failures.js';

/** The message of every 500: what happened is in the server's log, under the request's id. */
export const internalMessage = (request: FastifyRequest): string =>
  `internal error, nothing was recorded (request ${request.id}: the server's log has the details)`;

/** Fastify's own errors (a body not JSON or too large, a failed schema check, the rate limit) as typed refusals. */
function requestFailure(error: FastifyError): HttpFailure | null {
  // A body with a number JSON.parse would change (./json-body.ts): refused at its path, as a malformed command is.
  if (error instanceof InputError) return refusal('malformed', 'schema', error.message);
  if (error instanceof BodyRefusal || error instanceof RefusedRequest) return error.failure;
  if (error.validation !== undefined) {
    const [first] = error.validation;
    return refusal(
      'bad-request',
      'schema',
      `${validationPath(error.validationContext, first?.instancePath)}: ${first?.message ?? error.message}`,
    );
  }
  switch (error.statusCode) {
    case 413:
      return refusal('too-large', 'http', `$: the request body is larger than this server takes (${error.message})`);
    case 415:
      return refusal('unsupported-media-type', 'http', `Content-Type: expected application/json (${error.message})`);
    case 429:
      return refusal('rate-limited', 'http', error.message);
    default:
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
        return refusal('bad-request', 'http', `$: ${error.message}`);
      return null;
  }
}

/**
 * The refusal for `error`. A store's failure is reported to `failures` (logged and counted once, where it was not
 * already); a seats file or row that is no game's seats is one of kind `corrupt`; anything else is a defect,
 * logged with its stack.
 */
export function failureOf(error: FastifyError, request: FastifyRequest, failures: StoreFailures): HttpFailure {
  const known = requestFailure(error);
  if (known !== null) return known;
  if (error instanceof SeatsError) {
    const game = gameOf(request);
    failures.seen(new StoreError('corrupt', "the stored seats are no game's seats", { cause: error }), game);
    return refusal(
      'store-failed',
      'store',
      `the seats of game ${game ?? '?'} could not be read: what is stored is no game's seats ` +
        "(the server's log has the details)",
    );
  }
  if (error instanceof StoreError) {
    const told = failures.seen(error, gameOf(request));
    const rejection = storeFailure(told);
    noteDefect(request, defectOf(rejection));
    return refusal(rejection.code, rejection.rule, rejection.message);
  }
  request.log.error({ err: error }, 'internal error');
  return refusal('internal', 'http', internalMessage(request));
}
