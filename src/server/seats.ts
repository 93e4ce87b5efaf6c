// Seats: who may send what to a game over HTTP. A game is created with one bearer token per seat (the host and
// each power or side a pending decision can name as `by`, src/engine/pending-types.ts). Tokens are random 256-bit
// values, kept only as SHA-256 hashes and compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AlliedPowers, AxisPowers } from '../../events/common.js';
import type { PendingDecision } from '../engine/pending-types.js';

/** The host (every host.* fact), each major power, and the two sides of 56.311's Italian selection. */
export const SEATS = ['host', ...AxisPowers, ...AlliedPowers, 'axis', 'allied'] as const;
export type Seat = (typeof SEATS)[number];

/** A seat's token hash: 64 hex digits. */
export type TokenHashes = Readonly<Record<Seat, string>>;

export const isSeat = (value: unknown): value is Seat =>
  typeof value === 'string' && (SEATS as readonly string[]).includes(value);

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** New tokens for every seat (returned once, at creation) and the hashes that are stored. */
export function newSeatTokens(): { readonly tokens: Readonly<Record<Seat, string>>; readonly hashes: TokenHashes } {
  const tokens = Object.fromEntries(SEATS.map((seat) => [seat, randomBytes(32).toString('base64url')])) as Record<
    Seat,
    string
  >;
  const hashes = Object.fromEntries(SEATS.map((seat) => [seat, hashToken(tokens[seat])])) as Record<Seat, string>;
  return { tokens, hashes };
}

/** Each seat's stored hash as bytes, decoded once per hashes record (a seat store keeps one per game). */
const decoded = new WeakMap<TokenHashes, readonly Buffer[]>();

/** The seat a token belongs to, or null: every seat's hash is compared, each in constant time. */
export function seatOfToken(token: string, hashes: TokenHashes): Seat | null {
  const given = createHash('sha256').update(token, 'utf8').digest();
  let stored = decoded.get(hashes);
  if (stored === undefined) {
    stored = SEATS.map((seat) => Buffer.from(hashes[seat], 'hex'));
    decoded.set(hashes, stored);
  }
  let found: Seat | null = null;
  stored.forEach((bytes, i) => {
    if (bytes.length === given.length && timingSafeEqual(bytes, given) && found === null) found = SEATS[i] ?? null;
  });
  return found;
}

/**
 * The seats that may send a command, or null when the command names no seat (not an object, an unknown type,
 * a decision nobody waits for): the engine then refuses it with its own rule. Host facts are the host's; a
 * declaration of war is its aggressor's (59.86A); a decision the rules wait for is its `by`'s.
 */
export function seatsFor(
  command: unknown,
  pending: readonly PendingDecision[] | (() => readonly PendingDecision[]),
): ReadonlySet<Seat> | null {
  if (typeof command !== 'object' || command === null) return null;
  const { type, data } = command as { type?: unknown; data?: unknown };
  if (typeof type !== 'string') return null;
  if (type.startsWith('host.')) return new Set(['host']);
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
