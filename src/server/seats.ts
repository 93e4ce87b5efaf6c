// Seats: who may send what to a game over HTTP. A game is created with one bearer token per seat (the host and
// each power or side a pending decision can name as `by`, src/engine/pending-types.ts) and one for its viewers,
// who read the game and decide nothing. Tokens are random 256-bit values, kept only as SHA-256 hashes and compared
// in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AlliedPowers, AxisPowers } from '../../events/common.js';
import type { PendingDecision } from '../engine/pending-types.js';

/** The acting seats: the host (every host.* fact), each major power, and the two sides of 56.311's selection. */
export const SEATS = ['host', ...AxisPowers, ...AlliedPowers, 'axis', 'allied'] as const;
export type Seat = (typeof SEATS)[number];

/** The seat that reads a game and decides nothing: the spectators' (docs/server.md, Seats). */
export const VIEWER = 'viewer';
export type Viewer = typeof VIEWER;
/** Every seat a token can open: the acting ones, then the viewer. */
export const ALL_SEATS = [...SEATS, VIEWER] as const;
export type SeatName = Seat | Viewer;

/**
 * The seats' token hashes, 64 hex digits each. Every acting seat has one; a game created before viewers existed has
 * no viewer's until the operator issues it (POST /games/:game/seats/viewer/token).
 */
export type TokenHashes = Readonly<Record<Seat, string>> & { readonly viewer?: string };

export const isSeat = (value: unknown): value is Seat =>
  typeof value === 'string' && (SEATS as readonly string[]).includes(value);

export const isSeatName = (value: unknown): value is SeatName => value === VIEWER || isSeat(value);

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A fresh token (32 random bytes, base64url) and the hash that is stored of it. */
export function newToken(): { readonly token: string; readonly hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** New tokens for every seat and the viewer (returned once, at creation) and the hashes that are stored. */
export function newSeatTokens(): {
  readonly tokens: Readonly<Record<SeatName, string>>;
  readonly hashes: TokenHashes;
} {
  const made = ALL_SEATS.map((seat) => [seat, newToken()] as const);
  const tokens = Object.fromEntries(made.map(([seat, { token }]) => [seat, token])) as Record<SeatName, string>;
  const hashes = Object.fromEntries(made.map(([seat, { hash }]) => [seat, hash])) as Record<SeatName, string>;
  return { tokens, hashes };
}

/** Each stored hash as bytes with its seat, decoded once per hashes record (a seat store keeps one per game). */
const decoded = new WeakMap<TokenHashes, readonly (readonly [SeatName, Buffer])[]>();

/** The seat a token belongs to, or null: every seat's hash is compared, each in constant time. */
export function seatOfToken(token: string, hashes: TokenHashes): SeatName | null {
  const given = createHash('sha256').update(token, 'utf8').digest();
  let stored = decoded.get(hashes);
  if (stored === undefined) {
    stored = ALL_SEATS.flatMap((seat) => {
      const hash = hashes[seat];
      return hash === undefined ? [] : [[seat, Buffer.from(hash, 'hex')] as const];
    });
    decoded.set(hashes, stored);
  }
  let found: SeatName | null = null;
  for (const [seat, bytes] of stored)
    if (bytes.length === given.length && timingSafeEqual(bytes, given) && found === null) found = seat;
  return found;
}

/**
 * The seats that may send a command, or null when the command names no seat (not an object, an unknown type,
 * a decision nobody waits for): the engine then refuses it with its own rule. Host facts are the host's (a
 * correction of one too: the host is the referee); a declaration of war is its aggressor's (59.86A); a decision the
 * rules wait for is its `by`'s; a decision taken back (game.decision-withdrawn) is the seat's that made it, which
 * `decidedBy` tells from the game (docs/corrections.md).
 */
export function seatsFor(
  command: unknown,
  pending: readonly PendingDecision[] | (() => readonly PendingDecision[]),
  decidedBy: (named: { readonly seq?: number; readonly commandId?: string }) => readonly string[] | null = () => null,
): ReadonlySet<Seat> | null {
  if (typeof command !== 'object' || command === null) return null;
  const { type, data } = command as { type?: unknown; data?: unknown };
  if (typeof type !== 'string') return null;
  if (type.startsWith('host.')) return new Set(['host']);
  if (type === 'game.decision-withdrawn') {
    const { seq, commandId } = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    // Named as the engine reads a take-back; anything else names no decision, and the engine refuses it.
    const named = {
      ...(Number.isSafeInteger(seq) ? { seq: seq as number } : {}),
      ...(typeof commandId === 'string' ? { commandId } : {}),
    };
    const by = Object.keys(named).length === 0 ? null : decidedBy(named);
    return by === null ? null : new Set(by.filter(isSeat));
  }
  if (type === 'war.declared') {
    const aggressor =
      typeof data === 'object' && data !== null ? (data as { aggressor?: unknown }).aggressor : undefined;
    return isSeat(aggressor) ? new Set([aggressor]) : null;
  }
  // Only a decision's command needs the pending list (worked out from the game's state, so asked for only then).
  const list = typeof pending === 'function' ? pending() : pending;
  const by = list.filter((p) => (p.commands as readonly string[]).includes(type)).map((p) => p.by);
  return by.length === 0 ? null : new Set(by);
}
