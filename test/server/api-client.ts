// The server tests' client of the HTTP API, in process (fastify.inject(), no socket): the Sea Lion example's
// commands, a game created with the operator's token, a command sent with the token of the seat it is for, and the
// apps a suite starts, closed with their stores after each test.
import { afterEach, expect } from 'vitest';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { buildServer, type ServerLimits } from '../../src/server/app.js';
import type { Backend } from '../../src/server/backend.js';
import { seatsFor, type Seat, type SeatName } from '../../src/server/seats.js';
import type { Server } from '../../src/server/types.js';
import { operatorAuth, TEST_OPERATOR } from '../support/operator.js';

export const script = (): readonly OriginEvent[] => seaLion1941().events;

export interface Created {
  readonly game: string;
  readonly tokens: Readonly<Record<SeatName, string>>;
}

export const auth = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export async function createGame(app: Server, game: string): Promise<Created> {
  const response = await app.inject({ method: 'POST', url: '/games', headers: operatorAuth(), payload: { game } });
  expect(response.statusCode).toBe(201);
  return response.json<Created>();
}

/** POSTs a command with the token of the seat the server wants for it (the host's for a host fact). */
export async function send(app: Server, created: Created, command: unknown, headers: Record<string, string> = {}) {
  const pending = await app.inject({
    method: 'GET',
    url: `/games/${created.game}/pending`,
    headers: auth(created.tokens.host),
  });
  const list = pending.statusCode === 200 ? pending.json<{ pending: never[] }>().pending : [];
  const seat = [...(seatsFor(command, list) ?? new Set<Seat>(['host']))][0] as Seat;
  return app.inject({
    method: 'POST',
    url: `/games/${created.game}/commands`,
    headers: { ...auth(created.tokens[seat]), ...headers },
    payload: command as object,
  });
}

export async function eventCount(app: Server, created: Created): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: `/games/${created.game}/events`,
    headers: auth(created.tokens.host),
  });
  return response.json<{ events: unknown[] }>().events.length;
}

/**
 * For a suite: `start(backend?, limits?)` builds an app on `backend`, or on a fresh store from `open`; every app and
 * store started in a test is closed after it.
 */
export function useApps(
  open: () => Promise<Backend>,
  limits: ServerLimits,
): (backend?: Backend, given?: ServerLimits) => Promise<Server> {
  const apps: Server[] = [];
  const backends: Backend[] = [];
  const start = async (backend?: Backend, given: ServerLimits = limits): Promise<Server> => {
    const store = backend ?? (await open());
    backends.push(store);
    const app = await buildServer(store, { operator: TEST_OPERATOR, ...given });
    apps.push(app);
    return app;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await Promise.all(backends.splice(0).map((backend) => backend.close()));
  });
  return start;
}
