// One request of the host protocol (./protocol.ts) against a SurrenderEngine and its store: a response for
// every line, whatever it holds; nothing throws. No I/O of its own beyond the engine and the store
// (the stdio loop is src/cli/exec-loop.ts).
import type { StoredEvent } from '../../events/index.js';
import { auditEntries } from '../audit/audit.js';
import type { AuditEntry } from '../audit/entry.js';
import type { OriginEvent } from '../engine/decide.js';
import type { SurrenderEngine } from '../host/engine.js';
import { withDescription } from '../engine/pending-text.js';
import { storeFailure } from '../host/store-failure.js';
import { summarize } from '../engine/summary.js';
import { UnknownGameError } from '../engine/unknown-game.js';
import { inexactNumber } from '../schema/json-text.js';
import { InputError } from '../schema/validate.js';
import type { EventStore } from '../store/store.js';
import {
  DEFAULT_EVENTS_PER_REQUEST,
  MAX_BYTES_PER_RESPONSE,
  type FailedResponse,
  type Operation,
  type Request,
  type RequestId,
  type Response,
} from './protocol.js';
import { protocolError, readRequest, type Rejected } from './read-request.js';

export interface ProtocolContext {
  readonly engine: SurrenderEngine;
  /** The engine's store, for `events` and `audit`. */
  readonly store: EventStore;
  /** True when the caller has just caught the engine up (the HTTP server, under the game's lock): not read again. */
  readonly caughtUp?: boolean;
}

/** A response's own fields, filled in by `answer`. */
type Body<R> = R extends Response ? Omit<R, 'id' | 'version' | 'othersAppended'> : never;

/** A line of input: JSON text (its decoding as UTF-8 is the caller's). */
export function handleLine(line: string, context: ProtocolContext): Promise<Response> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return Promise.resolve(
      failed(null, null, protocolError('bad-request', `$: not JSON: ${reason}`), context.engine.version, 0),
    );
  }
  const issue = inexactNumber(line);
  if (issue !== null) return Promise.resolve(inexactRefusal(value, issue, context.engine.version));
  return handleRequest(value, context);
}

/** The member of each operation that holds a command, whose numbers are the command's (a `malformed` refusal). */
const COMMAND_MEMBER: Partial<Record<Operation, string>> = { execute: 'command', preview: 'command', pending: 'tried' };

/**
 * A request with a number JSON.parse changed (src/schema/json-text.ts): in a command, `malformed` at its path in
 * the command, as the engine refuses a command (`tried.` kept, as for pending's other refusals); in the id or any
 * other field, `bad-request` at its path in the request. A request that is no request is refused as that first.
 */
function inexactRefusal(value: unknown, issue: InputError, version: number): FailedResponse {
  if (issue.path === 'id') return failed(null, null, protocolError('bad-request', issue.message), version, 0);
  const read = readRequest(value);
  if (!read.ok) return failed(read.id, read.op, read.rejection, version, 0);
  const { id = null, op } = read.request;
  const member = COMMAND_MEMBER[op];
  const inCommand =
    member !== undefined &&
    (issue.path === member || issue.path.startsWith(`${member}.`) || issue.path.startsWith(`${member}[`));
  if (!inCommand) return failed(id, op, protocolError('bad-request', issue.message), version, 0);
  const path = member === 'tried' ? issue.path : issue.path.slice(member.length).replace(/^\./, '') || '$';
  return failed(id, op, { code: 'malformed', rule: 'schema', message: `${path}: ${issue.detail}` }, version, 0);
}

/** Any value at all as a request. */
export async function handleRequest(value: unknown, context: ProtocolContext): Promise<Response> {
  const { engine } = context;
  const read = readRequest(value);
  if (!read.ok) return failed(read.id, read.op, read.rejection, engine.version, 0);
  const { request } = read;
  const before = engine.version;
  let body: Body<Response>;
  let appended = 0;
  try {
    // Another writer's appends are read first, so that every answer is of the log as it is now. An execute reads them
    // itself when they matter: its append is tied to the version and hash it was decided on, and a refusal is decided
    // again on the log as it is (src/host/engine.ts), so the check before it would only cost a read of the log's end.
    if (context.caughtUp !== true && request.op !== 'execute') await engine.catchUp();
    body = await perform(request, context);
    if (body.ok && body.op === 'execute' && body.repeated !== true) appended = body.events.length;
  } catch (error) {
    body = {
      ok: false,
      op: request.op,
      rejection:
        error instanceof UnknownGameError
          ? { code: 'no-game', rule: 'sequence', message: error.message }
          : storeFailure(error),
    };
  }
  const version = engine.version;
  return {
    id: request.id ?? null,
    ...body,
    version,
    othersAppended: Math.max(0, version - before - appended),
  } as Response;
}

const failed = (
  id: RequestId | null,
  op: Operation | null,
  rejection: Rejected,
  version: number,
  othersAppended: number,
): FailedResponse => ({ id, ok: false, op, rejection, version, othersAppended });

/** A refusal of the command in `tried`, its JSON path under `tried` ("type: …" becomes "tried.type: …"). */
const underTried = (message: string): string =>
  message.startsWith('$')
    ? `tried${message.slice(1)}`
    : message.startsWith('command.')
      ? `tried.${message.slice(8)}`
      : `tried.${message}`;

async function perform(request: Request, { engine, store }: ProtocolContext): Promise<Body<Response>> {
  switch (request.op) {
    case 'execute': {
      const { expectedVersion, commandId } = request;
      const result = await engine.execute(request.game, request.command as OriginEvent, {
        ...(expectedVersion === undefined ? {} : { expectedVersion }),
        ...(commandId === undefined ? {} : { commandId }),
      });
      if (!result.ok) return { ok: false, op: request.op, rejection: result.rejection };
      return {
        ok: true,
        op: request.op,
        events: result.events,
        head: result.head,
        pending: engine.pending(request.game).map(withDescription),
        ...(result.repeated === true ? { repeated: true } : {}),
      };
    }
    case 'preview': {
      const result = await engine.preview(request.game, request.command as OriginEvent);
      if (!result.ok) {
        const { pending } = result;
        return pending === undefined
          ? { ok: false, op: request.op, rejection: result.rejection }
          : { ok: false, op: request.op, rejection: result.rejection, pending: pending.map(withDescription) };
      }
      return { ok: true, op: request.op, events: result.events, pending: result.pending.map(withDescription) };
    }
    case 'pending': {
      if (request.tried === undefined)
        return {
          ok: true,
          op: request.op,
          game: request.game,
          pending: engine.pending(request.game).map(withDescription),
        };
      try {
        return {
          ok: true,
          op: request.op,
          game: request.game,
          pending: engine.pending(request.game, request.tried).map(withDescription),
        };
      } catch (error) {
        // The engine copies and checks the command tried, as execute does its command: no command is malformed.
        if (!(error instanceof InputError) || error.path !== 'tried') throw error;
        return {
          ok: false,
          op: request.op,
          rejection: { code: 'malformed', rule: 'schema', message: underTried(error.detail) },
        };
      }
    }
    case 'state': {
      const view = engine.view(request.game);
      if (view === undefined) throw new UnknownGameError(request.game);
      return { ok: true, op: request.op, game: request.game, state: summarize(view) };
    }
    case 'wars':
      return { ok: true, op: request.op, game: request.game, wars: engine.wars(request.game) };
    case 'permissions':
      return { ok: true, op: request.op, game: request.game, permissions: engine.permissions(request.game) };
    case 'declarations':
      return { ok: true, op: request.op, game: request.game, declarations: engine.declarations(request.game) };
    case 'events': {
      const { items, next } = await readRange<StoredEvent>(store, request, (event) => [event]);
      return { ok: true, op: request.op, events: items, next };
    }
    case 'audit': {
      const { items, next } = await readRange<AuditEntry>(store, request, auditEntries);
      return { ok: true, op: request.op, entries: items, next };
    }
    case 'games':
      return { ok: true, op: request.op, games: engine.games() };
  }
}

/** The bytes an item adds to a response: its JSON text and the comma before it. */
const bytesOf = (item: unknown): number => Buffer.byteLength(JSON.stringify(item)) + 1;

/**
 * The items of at most `limit` events from `from` (of `game` only, when given), and the seq to continue from, or
 * null when the log ends there. It ends early before an event whose items would take the response past
 * MAX_BYTES_PER_RESPONSE, unless it holds none yet: every response goes on by one event at least.
 */
async function readRange<T>(
  store: EventStore,
  request: Extract<Request, { op: 'events' | 'audit' }>,
  itemsOf: (event: StoredEvent) => readonly T[],
): Promise<{ readonly items: T[]; readonly next: number | null }> {
  const from = request.from ?? 1;
  const limit = request.limit ?? DEFAULT_EVENTS_PER_REQUEST;
  const items: T[] = [];
  let read = 0;
  let bytes = 0;
  for await (const batch of store.read({ from })) {
    for (const event of batch) {
      if (read === limit) return { items, next: event.seq };
      if (request.game === undefined || event.game === request.game) {
        const own = itemsOf(event);
        const size = own.reduce((sum, item) => sum + bytesOf(item), 0);
        if (items.length > 0 && bytes + size > MAX_BYTES_PER_RESPONSE) return { items, next: event.seq };
        bytes += size;
        items.push(...own);
      }
      read += 1;
    }
  }
  return { items, next: null };
}
