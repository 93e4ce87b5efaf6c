// GET /games/:game/stream: the game's events as Server-Sent Events, from `from` (or after Last-Event-ID, or after
// the game's version now), then each append as it is made, by this process or any other (Backend.watch).
// One `event: <type>` message per event, `id: <seq>`, `data: <the stored event as JSON>`.
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { StoreError } from '../store/store-error.js';
import { failed } from './auth.js';
import type { StoredEvent } from '../../events/index.js';
import type { Backend, GameNews, GameSlot } from './backend.js';
import type { Credentials } from './credentials.js';
import type { StreamObserver } from './observe.js';
import { publicMessage } from './store-failures.js';
import { AccessToken, GameParams, MAX_SEQ, type Server } from './types.js';

export interface StreamOptions {
  /** Milliseconds between comment lines, so that proxies and the server's idle timeout keep a quiet stream open. */
  readonly heartbeatMs: number;
  readonly observer?: StreamObserver;
}

/** What a client reads of a failed read: the store's failure in words (./store-failures.ts), never a path. */
const failureText = (error: unknown): string =>
  error instanceof StoreError
    ? `the log could not be read: ${publicMessage(error)}`
    : "internal error: the server's log has the details";

/**
 * Writes the game's events from `next` on, one pump at a time; a change heard meanwhile runs it once more. News of a
 * version the stream has written is nothing to do; the events of this process's own append, when they are the next
 * ones, are written as they are: the store is read only for what the stream does not have.
 */
function pumpOf(slot: GameSlot, reply: FastifyReply, first: number): (news: GameNews) => void {
  let next = first;
  let running = false;
  let again = false;
  const write = (event: StoredEvent): void => {
    reply.raw.write(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    next = event.seq + 1;
  };
  const pump = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        for await (const batch of slot.store.read({ from: next })) {
          for (const event of batch) if (event.seq >= next) write(event);
        }
      } while (again && !reply.raw.destroyed);
    } catch (error) {
      reply.raw.write(`event: error\ndata: ${JSON.stringify({ message: failureText(error) })}\n\n`);
    } finally {
      running = false;
    }
  };
  return (news) => {
    if (news !== null && news.version < next) return;
    if (!running && news?.events !== undefined && news.events[0]?.seq === next) {
      for (const event of news.events) write(event);
      return;
    }
    void pump();
  };
}

export function streamRoute(app: Server, backend: Backend, credentials: Credentials, options: StreamOptions): void {
  // access_token: the viewer's token, as a browser's EventSource sends no Authorization header (./credentials.ts).
  const querystring = Type.Object(
    {
      from: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SEQ })),
      access_token: AccessToken,
    },
    { additionalProperties: false },
  );
  const schema = { params: GameParams, querystring };
  app.get('/games/:game/stream', { schema }, async (request, reply) => {
    const { game } = request.params;
    const seat = await credentials.readerOf(request, game);
    if (failed(seat)) return reply.code(seat.status).send(seat.body);
    // Held while the stream is open: its store is read on every change.
    const lease = await backend.lease(game);
    const slot = lease.value;
    const lastId = Number(request.headers['last-event-id']);
    let from: number;
    try {
      from =
        request.query.from ??
        (Number.isSafeInteger(lastId) && lastId >= 0 ? lastId + 1 : (await slot.store.version()) + 1);
    } catch (error) {
      lease.release();
      throw error;
    }
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write(`: game ${game}, events from seq ${from}\n\n`);
    const pump = pumpOf(slot, reply, from);
    let unwatch: () => void;
    try {
      unwatch = await backend.watch(game, pump);
    } catch (error) {
      lease.release();
      throw error;
    }
    const keepAlive = setInterval(() => reply.raw.write(': keep-alive\n\n'), options.heartbeatMs);
    keepAlive.unref();
    options.observer?.opened(request);
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      unwatch();
      lease.release();
      options.observer?.closed(request, reply);
    });
    pump(null);
    return reply;
  });
}
