// The bearer token of a request (the seat it opens: ./credentials.ts), and the If-Match version and Idempotency-Key
// of a command.
import type { FastifyRequest } from 'fastify';
import { COMMAND_ID_EXPECTED, COMMAND_ID_REGEXP } from '../../events/envelope.js';
import { refusal, type HttpFailure } from './http-errors.js';

/** `Authorization: Bearer TOKEN` → TOKEN, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

const TOKEN = /^[A-Za-z0-9._~+/=-]{1,256}$/;

/**
 * `?access_token=TOKEN` (RFC 6750, 2.3) → TOKEN, or null: a viewer's token on a GET, so that a browser opens the
 * report or the event stream (an EventSource sends no header). A header, when there is one, is what counts.
 */
export function queryToken(request: FastifyRequest): string | null {
  const query = request.query;
  const value =
    typeof query === 'object' && query !== null ? (query as { access_token?: unknown }).access_token : undefined;
  return typeof value === 'string' && TOKEN.test(value) ? value : null;
}

/** `If-Match: "5"` (or `W/"5"`, or `5`) → 5; absent → null; anything else a 400 naming the header. */
export function ifMatchOf(request: FastifyRequest): { readonly version: number | null } | HttpFailure {
  const header = request.headers['if-match'];
  if (header === undefined) return { version: null };
  const match = typeof header === 'string' ? /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header) : null;
  if (match === null)
    return refusal('bad-request', 'http', 'If-Match: expected the game version the command was decided on, e.g. "5"');
  return { version: Number(match[1]) };
}

/**
 * `Idempotency-Key: KEY` (or `"KEY"`, a structured-field string) → the command id KEY; absent → null; anything else a
 * 400 naming the header.
 */
export function idempotencyKeyOf(request: FastifyRequest): { readonly commandId: string | null } | HttpFailure {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return { commandId: null };
  const key = typeof header === 'string' ? /^\s*"?([^"]*)"?\s*$/.exec(header)?.[1] : undefined;
  if (key === undefined || !COMMAND_ID_REGEXP.test(key))
    return refusal('bad-request', 'http', `Idempotency-Key: ${COMMAND_ID_EXPECTED}, bare or in double quotes`);
  return { commandId: key };
}

export const failed = (value: object): value is HttpFailure => 'status' in value && 'body' in value;
