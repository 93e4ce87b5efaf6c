// What one client may hold of the server: the size of a body, the time to send a request, how long an idle
// connection stays open, and how many connections are open at once (docs/server.md, "Operating a server").
// Node's HTTP server enforces the time limits; Fastify passes them on.
import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';

export interface ServerLimits {
  /** The largest request body, in bytes (413 beyond it); default 64 KiB. */
  readonly bodyLimit?: number;
  /** Requests per token (or per address, without a token) per minute (429 beyond it); default 600. */
  readonly ratePerMinute?: number;
  /** Milliseconds from a request's first byte to the end of its headers (408 beyond it); 0: none. */
  readonly headersTimeout?: number;
  /** Milliseconds from a request's first byte to the end of its body (408 beyond it); 0: none. */
  readonly requestTimeout?: number;
  /** Milliseconds a connection may stay silent, both ways, before it is closed; 0: none. */
  readonly idleTimeout?: number;
  /** Milliseconds a connection is kept open after a response for the client's next request; 0: none. */
  readonly keepAliveTimeout?: number;
  /** Requests one connection may carry before it is closed; 0: any number. */
  readonly maxRequestsPerConnection?: number;
  /** Connections open at once: a new one beyond them is closed as soon as it is accepted. */
  readonly maxConnections?: number;
}

export const DEFAULT_BODY_LIMIT = 64 * 1024;
export const DEFAULT_RATE_PER_MINUTE = 600;
export const DEFAULT_HEADERS_TIMEOUT = 10_000;
export const DEFAULT_REQUEST_TIMEOUT = 30_000;
export const DEFAULT_IDLE_TIMEOUT = 60_000;
export const DEFAULT_KEEP_ALIVE_TIMEOUT = 5_000;
export const DEFAULT_MAX_REQUESTS_PER_CONNECTION = 0;
export const DEFAULT_MAX_CONNECTIONS = 512;

/** The longest the event stream stays silent: a comment line keeps proxies (and the idle timeout) from closing it. */
const STREAM_HEARTBEAT_MS = 15_000;

export type ResolvedLimits = Required<ServerLimits>;

export function resolveLimits(limits: ServerLimits): ResolvedLimits {
  const requestTimeout = limits.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT;
  const headersTimeout = limits.headersTimeout ?? DEFAULT_HEADERS_TIMEOUT;
  return {
    bodyLimit: limits.bodyLimit ?? DEFAULT_BODY_LIMIT,
    ratePerMinute: limits.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE,
    // Node refuses a headers timeout longer than the request's: the headers are part of the request.
    headersTimeout: requestTimeout > 0 && headersTimeout > requestTimeout ? requestTimeout : headersTimeout,
    requestTimeout,
    idleTimeout: limits.idleTimeout ?? DEFAULT_IDLE_TIMEOUT,
    keepAliveTimeout: limits.keepAliveTimeout ?? DEFAULT_KEEP_ALIVE_TIMEOUT,
    maxRequestsPerConnection: limits.maxRequestsPerConnection ?? DEFAULT_MAX_REQUESTS_PER_CONNECTION,
    maxConnections: limits.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
  };
}

/**
 * The limits as Fastify's options. Node checks the headers and request timeouts on a timer (every 30 s by
 * default): it runs here at least every second, and four times within the shortest of them, so that a slow
 * client is cut close to its limit.
 */
export function fastifyLimits(limits: ResolvedLimits): FastifyHttpOptions<Server> {
  const timeouts = [limits.headersTimeout, limits.requestTimeout].filter((t) => t > 0);
  const checkEvery = Math.max(10, Math.min(1000, ...timeouts.map((t) => Math.floor(t / 4))));
  return {
    bodyLimit: limits.bodyLimit,
    connectionTimeout: limits.idleTimeout,
    keepAliveTimeout: limits.keepAliveTimeout,
    requestTimeout: limits.requestTimeout,
    maxRequestsPerSocket: limits.maxRequestsPerConnection,
    http: {
      headersTimeout: limits.headersTimeout,
      requestTimeout: limits.requestTimeout,
      connectionsCheckingInterval: checkEvery,
    },
  };
}

/** The event stream's heartbeat: every 15 s, and at least three times within the idle timeout. */
export const streamHeartbeat = (limits: ResolvedLimits): number =>
  limits.idleTimeout > 0
    ? Math.max(1, Math.min(STREAM_HEARTBEAT_MS, Math.floor(limits.idleTimeout / 3)))
    : STREAM_HEARTBEAT_MS;
