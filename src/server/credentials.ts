// Who a request is: the operator, a seat of the route's game (an acting seat or the viewer), or nobody verified,
// worked out once per request from its bearer token (the rate limit asks first, ./rate-limit.ts; the route then
// asks again and is given the same answer). The viewer's token may come as `?access_token=` on a GET, so that a
// browser opens the report or the stream; every acting seat's, and the operator's, in the Authorization header alone.
import type { FastifyRequest } from 'fastify';
import { GAME_ID_REGEXP } from '../../events/index.js';
import { bearerToken, queryToken } from './auth.js';
import { refusal, type HttpFailure } from './http-errors.js';
import type { Operator } from './operator.js';
import { noteSeat } from './request-facts.js';
import type { SeatStore } from './seat-store.js';
import { seatOfToken, VIEWER, type Seat, type SeatName } from './seats.js';

/** Where the token came from: `Authorization: Bearer TOKEN`, or `?access_token=TOKEN`. */
export type Via = 'header' | 'query';

export type Identity =
  /** No token (or an Authorization header that is not "Bearer TOKEN"). */
  | { readonly kind: 'none' }
  | { readonly kind: 'operator'; readonly via: Via }
  | { readonly kind: 'seat'; readonly game: string; readonly seat: SeatName; readonly via: Via }
  /** A token for a game that has no seats on this server. */
  | { readonly kind: 'no-game'; readonly game: string }
  /** A token that is no one's here. */
  | { readonly kind: 'unknown'; readonly via: Via };

/** The token a request presents: the Authorization header when there is one, else `?access_token=` on a GET. */
function presented(request: FastifyRequest): { readonly token: string; readonly via: Via } | null {
  if (request.headers.authorization !== undefined) {
    const token = bearerToken(request);
    return token === null ? null : { token, via: 'header' };
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const token = queryToken(request);
  return token === null ? null : { token, via: 'query' };
}

/** The route's game, when it names one a store may be asked for (the params are not validated yet). */
function gameParam(request: FastifyRequest): string | null {
  const params = request.params;
  const game = typeof params === 'object' && params !== null ? (params as { game?: unknown }).game : undefined;
  return typeof game === 'string' && GAME_ID_REGEXP.test(game) ? game : null;
}

const WHY_HEADER = 'a URL is kept in browser histories and proxy logs';

/** An acting token (or the operator's) sent as `?access_token=`: refused, whoever it is. */
const inQuery = (whose: string): HttpFailure =>
  refusal(
    'unauthorized',
    'seats',
    `?access_token=: takes only a game's viewer token; ${whose} goes in the Authorization header alone ` +
      `("Bearer TOKEN"), as ${WHY_HEADER}`,
  );

export class Credentials {
  readonly #known = new WeakMap<FastifyRequest, Promise<Identity>>();

  constructor(
    private readonly seats: SeatStore,
    readonly operator: Operator,
  ) {}

  /** Who the request is (read once per request: its seats are loaded at most once). */
  identify(request: FastifyRequest): Promise<Identity> {
    let known = this.#known.get(request);
    if (known === undefined) {
      known = this.#identify(request);
      this.#known.set(request, known);
    }
    return known;
  }

  async #identify(request: FastifyRequest): Promise<Identity> {
    const given = presented(request);
    if (given === null) return { kind: 'none' };
    const { token, via } = given;
    if (this.operator.matches(token)) return { kind: 'operator', via };
    const game = gameParam(request);
    if (game === null) return { kind: 'unknown', via };
    const hashes = await this.seats.load(game);
    if (hashes === null) return { kind: 'no-game', game };
    const seat = seatOfToken(token, hashes);
    return seat === null ? { kind: 'unknown', via } : { kind: 'seat', game, seat, via };
  }

  /**
   * The seat of the request's token in `game`, for a route that reads it (any seat, the viewer included): 401
   * without a token or with another's, 404 for no such game.
   */
  async readerOf(request: FastifyRequest, game: string): Promise<{ readonly seat: SeatName } | HttpFailure> {
    const identity = await this.identify(request);
    switch (identity.kind) {
      case 'none':
        return refusal(
          'unauthorized',
          'seats',
          request.method === 'GET' || request.method === 'HEAD'
            ? 'Authorization: expected "Bearer TOKEN", a seat token of this game (or ?access_token=TOKEN, its ' +
                'viewer token)'
            : 'Authorization: expected "Bearer TOKEN", a seat token of this game',
        );
      case 'no-game':
        return refusal('not-found', 'http', `no game ${JSON.stringify(game)} on this server`);
      case 'operator':
        return identity.via === 'query'
          ? inQuery("the operator's token")
          : refusal(
              'unauthorized',
              'seats',
              "Authorization: the operator's token creates games and issues seat tokens; it opens no game: " +
                `send a seat token of game ${game}`,
            );
      case 'unknown':
        return refusal(
          'unauthorized',
          'seats',
          `${identity.via === 'query' ? '?access_token=' : 'Authorization'}: the token is no seat's of game ${game}`,
        );
      case 'seat':
        // The route's game and the one the token was looked up in are both the route's parameter.
        if (identity.game !== game)
          return refusal('unauthorized', 'seats', `Authorization: the token is no seat's of game ${game}`);
        if (identity.via === 'query' && identity.seat !== VIEWER)
          return inQuery(`the token of seat ${identity.seat}, which acts in the game,`);
        noteSeat(request, identity.seat);
        return { seat: identity.seat };
    }
  }

  /**
   * The operator, acting as the referee of `game`: the host seat for a correction of a host report
   * (docs/corrections.md), with the operator's token in the Authorization header; null for anyone else, or a game this
   * server does not hold.
   */
  async refereeOf(request: FastifyRequest, game: string): Promise<{ readonly seat: 'host' } | null> {
    const identity = await this.identify(request);
    if (identity.kind !== 'operator' || identity.via !== 'header' || (await this.seats.load(game)) === null)
      return null;
    noteSeat(request, 'host');
    return { seat: 'host' };
  }

  /** The acting seat of the request's token in `game`, for a route that takes a command: the viewer's is 403. */
  async actorOf(request: FastifyRequest, game: string): Promise<{ readonly seat: Seat } | HttpFailure> {
    const reader = await this.readerOf(request, game);
    if ('status' in reader) return reader;
    const { seat } = reader;
    if (seat !== VIEWER) return { seat };
    const route = request.routeOptions.url?.replace(':game', game) ?? request.url.split('?')[0];
    return refusal(
      'forbidden',
      'seats',
      `the viewer token reads game ${game} and decides nothing: ${request.method} ${route} takes the token of ` +
        'the host, a power or a side',
    );
  }

  /** Null when the request may act as the operator (create a game, issue a seat token); else its refusal. */
  async operatorRefusal(request: FastifyRequest): Promise<HttpFailure | null> {
    if (this.operator.open) return null;
    const what = "creating a game and issuing seat tokens are the operator's";
    if (!this.operator.configured)
      return refusal(
        'forbidden',
        'operator',
        `this server has no operator token, so nobody may create a game or issue a seat token here (serve ` +
          '--operator-token-file FILE, or AWAW_OPERATOR_TOKEN)',
      );
    const identity = await this.identify(request);
    if (identity.kind === 'operator') {
      if (identity.via === 'query') return inQuery("the operator's token");
      noteSeat(request, 'operator');
      return null;
    }
    if (identity.kind === 'none')
      return refusal(
        'unauthorized',
        'operator',
        `Authorization: expected "Bearer TOKEN", the operator's token: ${what}`,
      );
    return refusal('unauthorized', 'operator', `Authorization: the token is not the operator's: ${what}`);
  }
}
