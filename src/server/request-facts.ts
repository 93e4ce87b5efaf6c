// What a request's log line and metrics tell beyond what Fastify knows of it: the seat its token opened, the
// rejection code of its reply, the error behind a 500 the engine answered, the game of its route.
import type { FastifyRequest } from 'fastify';
import type { SeatName } from './seats.js';

/** What a request's token opened: a seat of its game, or the operator's routes. */
export type Opened = SeatName | 'operator';

const seats = new WeakMap<FastifyRequest, Opened>();

export const noteSeat = (request: FastifyRequest, seat: Opened): void => {
  seats.set(request, seat);
};

/** The seat of the request's token (or `operator`), once it was checked; null before, or without one. */
export const seatOfRequest = (request: FastifyRequest): Opened | null => seats.get(request) ?? null;

const codes = new WeakMap<FastifyRequest, string>();

export const noteCode = (request: FastifyRequest, code: string): void => {
  codes.set(request, code);
};

/** The rejection code of the request's reply, once it was sent; null for a success. */
export const codeOfRequest = (request: FastifyRequest): string | null => codes.get(request) ?? null;

const defects = new WeakMap<FastifyRequest, unknown>();

/** The error behind the request's 500 when the engine answered it (../host/store-failure.ts defectOf). */
export const noteDefect = (request: FastifyRequest, error: unknown): void => {
  if (error !== undefined) defects.set(request, error);
};

export const defectOfRequest = (request: FastifyRequest): unknown => defects.get(request);

/** The game of the request's route, or null. */
export function gameOf(request: FastifyRequest): string | null {
  const params = request.params;
  const game = typeof params === 'object' && params !== null ? (params as { game?: unknown }).game : undefined;
  return typeof game === 'string' ? game : null;
}
