// The routes of one game: its commands (with seats and If-Match), preview, and the reads, each answered as the
// host protocol answers it (src/host-protocol/handle.ts), the same JSON as `exec`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { handleRequest } from '../host-protocol/handle.js';
import type { Response } from '../host-protocol/protocol.js';
import type { PendingDecision } from '../engine/pending-types.js';
import type { SurrenderEngine } from '../host/engine.js';
import { failed, idempotencyKeyOf, ifMatchOf } from './auth.js';
import { findRecorded } from '../host/command-lookup.js';
import { defectOf } from '../host/store-failure.js';
import { withSlot, type Backend, type GameSlot } from './backend.js';
import type { Credentials } from './credentials.js';
import { engineRefusal, refusal, type HttpFailure } from './http-errors.js';
import { noteDefect } from './request-facts.js';
import { seatsFor, type Seat, type SeatName } from './seats.js';
import { GameParams, RangeQuery, type Server } from './types.js';

/** Refusals that do not rest on the game's state (the command's form, a failure): kept whatever the version. */
const STATELESS: ReadonlySet<string> = new Set([
  'malformed',
  'bad-request',
  'store-failed',
  'outcome-unknown',
  'internal',
  'command-id-reused',
]);

const send = (reply: FastifyReply, failure: HttpFailure): FastifyReply => reply.code(failure.status).send(failure.body);

/** A protocol response as the HTTP answer: 200 with the response, or the refusal's status; ETag: the version. */
function answer(reply: FastifyReply, response: Response): FastifyReply {
  reply.header('etag', `"${response.version}"`);
  if (response.ok) return reply.code(200).send(response);
  // A defect the engine answered as `internal`: its error, stack and all, for the log (../observe.ts).
  noteDefect(reply.request, defectOf(response.rejection));
  return send(reply, engineRefusal(response));
}

const pendingOf = (engine: SurrenderEngine, game: string): PendingDecision[] =>
  engine.view(game) === undefined ? [] : engine.pending(game);

/** 403 unless `seat` may send the command (./seats.ts seatsFor): the refusal names whose it is and the rule. */
function forbidden(command: unknown, seat: Seat, engine: SurrenderEngine, game: string): HttpFailure | null {
  let known: readonly PendingDecision[] | null = null;
  const pending = (): readonly PendingDecision[] => (known ??= pendingOf(engine, game));
  const allowed = seatsFor(command, pending, (named) => engine.decidedBy(game, named));
  if (allowed === null || allowed.has(seat)) return null;
  const type = (command as { type: string }).type;
  const rule =
    type === 'game.decision-withdrawn'
      ? 'correction'
      : (pending().find((p) => (p.commands as readonly string[]).includes(type))?.rule ?? 'seats');
  return refusal(
    'forbidden',
    rule,
    `${type} is for the seat of ${[...allowed].join(' or ')}: this token is the seat of ${seat}`,
  );
}

/**
 * A command under If-Match: refused with 412 when the game is not at that version, before or while it is decided.
 * With an Idempotency-Key the game holds, the answer is that command's first outcome (the engine's), whatever the
 * version and the seat now: the request is the one answered before.
 */
async function execute(
  slot: GameSlot,
  game: string,
  command: unknown,
  seat: Seat,
  { expected, commandId }: { readonly expected: number | null; readonly commandId: string | null },
): Promise<Response | HttpFailure> {
  return slot.exclusive(async () => {
    const { engine, guard } = slot;
    const request = { op: 'execute', game, command, ...(commandId === null ? {} : { commandId }) } as const;
    // At the If-Match version, with no other writer's append heard of since (and none missed: ../host/hosted-game.ts),
    // the store is not asked first (one round trip less): the append is tied to that version and its hash, so one not
    // yet heard of still fails it.
    if (expected === null || engine.version !== expected || !slot.heardAll() || commandId !== null)
      await slot.catchUp();
    if (commandId !== null && (await findRecorded(slot.store, game, commandId)) !== null)
      return handleRequest(request, { engine, store: slot.store, caughtUp: true });
    const stale = (actual: number): HttpFailure =>
      refusal(
        'stale-version',
        'concurrency',
        `If-Match: the game is at version ${actual}, not ${String(expected)}: read it again and decide again`,
      );
    // Before the seat: whose decision it is rests on the game's state, and the client saw another one (56.311's
    // Axis and Allied selections alternate: a racing Axis client is stale, not forbidden).
    if (expected !== null && engine.version !== expected) return stale(engine.version);
    const refused = forbidden(command, seat, engine, game);
    if (refused !== null) return refused;
    guard.arm(expected);
    // handleRequest never throws; the guard is released before anything else runs on this game.
    const response = await handleRequest(request, { engine, store: slot.store, caughtUp: true });
    const tripped = guard.disarm();
    // Another writer appended between the check and the append: the engine would decide again; nothing was written.
    if (tripped !== null) return stale(tripped.actual);
    // Or the engine read another writer's events while deciding and the rules then refused: that refusal is about a
    // game the client never saw (a second host.game-started, a decision already made), so it is 412 too.
    if (expected !== null && !response.ok && response.version !== expected && !STATELESS.has(response.rejection.code))
      return stale(response.version);
    return response;
  });
}

export function gameRoutes(app: Server, backend: Backend, credentials: Credentials): void {
  /** Runs `body` with the game's slot held, for a request with a seat of it; else the refusal (401, 404). */
  const open = async <T>(
    request: FastifyRequest,
    game: string,
    body: (slot: GameSlot, seat: SeatName) => Promise<T>,
  ): Promise<T | HttpFailure> => {
    const seat = await credentials.readerOf(request, game);
    if (failed(seat)) return seat;
    return withSlot(backend, game, (slot) => body(slot, seat.seat));
  };
  /** As `open`, for a route that takes a command: an acting seat only (the viewer's token is 403). */
  const act = async <T>(
    request: FastifyRequest,
    game: string,
    body: (slot: GameSlot, seat: Seat) => Promise<T>,
  ): Promise<T | HttpFailure> => {
    const seat = await credentials.actorOf(request, game);
    if (failed(seat)) return seat;
    return withSlot(backend, game, (slot) => body(slot, seat.seat));
  };

  const respond = (reply: FastifyReply, result: Response | HttpFailure): FastifyReply =>
    failed(result) ? send(reply, result) : answer(reply, result);

  app.post('/games/:game/commands', { schema: { params: GameParams } }, async (request, reply) => {
    const { game } = request.params;
    const expected = ifMatchOf(request);
    if (failed(expected)) return send(reply, expected);
    const key = idempotencyKeyOf(request);
    if (failed(key)) return send(reply, key);
    const run = (slot: GameSlot, seat: Seat) =>
      execute(slot, game, request.body, seat, { expected: expected.version, commandId: key.commandId });
    // A correction of a host report is the host's, or the operator's as referee (docs/corrections.md).
    const body: unknown = request.body;
    const correction =
      typeof body === 'object' && body !== null && (body as { type?: unknown }).type === 'host.report-corrected';
    const referee = correction ? await credentials.refereeOf(request, game) : null;
    return respond(
      reply,
      referee === null
        ? await act(request, game, run)
        : await withSlot(backend, game, (slot) => run(slot, referee.seat)),
    );
  });

  app.post('/games/:game/preview', { schema: { params: GameParams } }, async (request, reply) => {
    const { game } = request.params;
    return respond(
      reply,
      await act(request, game, ({ engine, store }) =>
        handleRequest({ op: 'preview', game, command: request.body }, { engine, store }),
      ),
    );
  });

  // The menu of a command being built: what is pending with its picks tried (the exec op pending with tried).
  app.post('/games/:game/pending', { schema: { params: GameParams } }, async (request, reply) => {
    const { game } = request.params;
    return respond(
      reply,
      await act(request, game, ({ engine, store }) =>
        handleRequest({ op: 'pending', game, tried: request.body }, { engine, store }),
      ),
    );
  });

  const reads = {
    '': 'state',
    '/pending': 'pending',
    '/wars': 'wars',
    '/permissions': 'permissions',
    '/declarations': 'declarations',
  } as const;
  for (const [path, op] of Object.entries(reads)) {
    app.get(`/games/:game${path}`, { schema: { params: GameParams } }, async (request, reply) => {
      const { game } = request.params;
      return respond(
        reply,
        await open(request, game, ({ engine, store }) => handleRequest({ op, game }, { engine, store })),
      );
    });
  }

  for (const op of ['events', 'audit'] as const) {
    app.get(
      `/games/:game/${op}`,
      { schema: { params: GameParams, querystring: RangeQuery } },
      async (request, reply) => {
        const { game } = request.params;
        // The range alone: a viewer's ?access_token= is the request's credential, not the read's.
        const { from, limit } = request.query;
        const range = { ...(from === undefined ? {} : { from }), ...(limit === undefined ? {} : { limit }) };
        return respond(
          reply,
          await open(request, game, ({ engine, store }) => handleRequest({ op, game, ...range }, { engine, store })),
        );
      },
    );
  }
}
