// The bearer token of a request, the seat it opens, and the If-Match version of a command.
import type { FastifyRequest } from 'fastify';
import { refusal, type HttpFailure } from './http-errors.js';
import type { SeatStore } from './seat-store.js';
import { seatOfToken, type Seat } from './seats.js';

/** `Authorization: Bearer TOKEN` → TOKEN, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The seat of the request's token in `game`: 401 without a token or with another's, 404 for no such game. */
export async function seatOf(request: FastifyRequest, seats: SeatStore, game: string): Promise<{ readonly seat: Seat } | HttpFailure> {
  const token = bearerToken(request);
  if (token === null) return refusal('unauthorized', 'seats', 'Authorization: expected "Bearer TOKEN", a seat token of this game');
  const hashes = await seats.load(game);
  if (hashes === null) return refusal('not-found', 'http', `no game ${JSON.stringify(game)} on this server`);
  const seat = seatOfToken(token, hashes);
  return seat === null ? refusal('unauthorized', 'seats', `Authorization: the token is no seat's of game ${game}`) : { seat };
}

/** `If-Match: "5"` (or `W/"5"`, or `5`) → 5; absent → null; anything else a 400 naming the header. */
export function ifMatchOf(request: FastifyRequest): { readonly version: number | null } | HttpFailure {
  const header = request.headers['if-match'];
  if (header === undefined) return { version: null };
  const match = typeof header === 'string' ? /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header) : null;
  if (match === null) return refusal('bad-request', 'http', 'If-Match: expected the game version the command was decided on, e.g. "5"');
  return { version: Number(match[1]) };
}

export const failed = (value: object): value is HttpFailure => 'status' in value && 'body' in value;
