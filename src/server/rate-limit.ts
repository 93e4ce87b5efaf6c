// The rate limit (@fastify/rate-limit, in memory: each process counts its own), keyed by who the request is once
// its token is verified (./credentials.ts): each acting seat of a game has its bucket, the viewer of a game one per
// address (spectators share the game's one viewer token), the operator one; every request whose token verifies as
// none of these (none sent, a token that is no one's, an acting token in the query string) counts against its
// client's address. `/health` is never limited (its route opts out).
import type { FastifyError, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { Credentials, Identity } from './credentials.js';
import type { ServerMetrics } from './metrics.js';
import { VIEWER } from './seats.js';
import type { Server } from './types.js';

/** Whose bucket a request was counted in; `by` is the metric's label (awaw_rate_limited_total). */
export type Bucket =
  | { readonly by: 'seat'; readonly game: string; readonly seat: string }
  | { readonly by: 'viewer'; readonly game: string }
  | { readonly by: 'operator' }
  | { readonly by: 'address' };

export type BucketKind = Bucket['by'];

/** The bucket of a verified identity; the address's for anything else. */
export function bucketOf(identity: Identity): Bucket {
  if (identity.kind === 'operator' && identity.via === 'header') return { by: 'operator' };
  if (identity.kind !== 'seat') return { by: 'address' };
  if (identity.seat === VIEWER) return { by: 'viewer', game: identity.game };
  return identity.via === 'header' ? { by: 'seat', game: identity.game, seat: identity.seat } : { by: 'address' };
}

/** The limiter's key: a seat's, or with the (IPv6: /64) address for the viewer and the unverified. */
export function keyOf(bucket: Bucket, address: string): string {
  switch (bucket.by) {
    case 'seat':
      return `seat ${bucket.game} ${bucket.seat}`;
    case 'viewer':
      return `viewer ${bucket.game} ${address}`;
    case 'operator':
      return 'operator';
    case 'address':
      return `address ${address}`;
  }
}

/** The refusal's words: whose bucket is full, and when to try again. */
function limitMessage(bucket: Bucket | undefined, max: number, after: string): string {
  const whose =
    bucket?.by === 'seat'
      ? `for each seat of a game (this is seat ${bucket.seat} of game ${bucket.game})`
      : bucket?.by === 'viewer'
        ? `for the viewer token of game ${bucket.game} from one address`
        : bucket?.by === 'operator'
          ? "for the operator's token"
          : "from one address without a seat's token (none was sent, or it opens no seat here)";
  return `too many requests: at most ${max} a minute ${whose}; try again in ${after}`;
}

export async function rateLimits(
  app: Server,
  credentials: Credentials,
  ratePerMinute: number,
  metrics: ServerMetrics | undefined,
): Promise<void> {
  const buckets = new WeakMap<FastifyRequest, Bucket>();
  await app.register(rateLimit, {
    max: ratePerMinute,
    timeWindow: 60_000,
    // Before the route, so the token is verified here (the route is given the same answer, not a second look-up).
    keyGenerator: async (request) => {
      const bucket = bucketOf(await credentials.identify(request));
      buckets.set(request, bucket);
      return keyOf(bucket, normalizeIP(request.ip, 64));
    },
    onExceeded: (request) => metrics?.rateLimited(buckets.get(request)?.by ?? 'address'),
    errorResponseBuilder: (request, context) => {
      const error = new Error(limitMessage(buckets.get(request), context.max, context.after)) as FastifyError;
      error.statusCode = 429;
      return error;
    },
  });
}
