// The server's log: Fastify's own logger (pino), one JSON line per request when its reply is sent (`request`:
// its id, method, URL, route, game, seat, status, rejection code and latency), nothing of its headers. A token
// never reaches it: Authorization is not logged, and any query member naming a token is redacted.
import { randomBytes } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { gameOf, seatOfRequest } from './request-facts.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogOptions {
  /** `info` logs every request; `silent` nothing. */
  readonly level: LogLevel;
  /** Where the JSON lines go (the CLI: standard error). */
  readonly stream: { write(line: string): void };
}

const REDACTED = '[redacted]';
/** Query members whose value is a credential. */
const SECRET = /token|secret|key|password/i;

/** The URL with the value of every query member named for a credential (`access_token`) redacted. */
export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const members = url
    .slice(query + 1)
    .split('&')
    .map((member) => {
      const equals = member.indexOf('=');
      const name = equals < 0 ? member : member.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A name that does not decode is kept as it came; it still may not hide a token.
      }
      return SECRET.test(decoded) || SECRET.test(name) ? `${name}=${REDACTED}` : member;
    });
  return `${url.slice(0, query)}?${members.join('&')}`;
}

let idPrefix = randomBytes(4).toString('hex');
let idCount = 0;

/**
 * A request's id, 16 hex digits: a random prefix of the process and a counter, so that ids are unique across the
 * processes behind one balancer (a caller can quote one to the operator) without 8 random bytes per request.
 */
export function nextRequestId(): string {
  if (idCount === 0xffffffff) {
    idPrefix = randomBytes(4).toString('hex');
    idCount = 0;
  }
  idCount += 1;
  return idPrefix + idCount.toString(16).padStart(8, '0');
}

/** Fastify's options for the log: none without `log` (a library's app logs nothing unless asked). */
export function logOptions(log: LogOptions | undefined): FastifyServerOptions {
  return {
    // One line per request is written by requestLine, not by Fastify's "incoming request" and "request completed".
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: nextRequestId,
    logger:
      log === undefined
        ? false
        : {
            level: log.level,
            stream: log.stream,
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
              censor: REDACTED,
            },
            serializers: {
              req: (request: FastifyRequest) => ({ method: request.method, url: redactedUrl(request.url) }),
            },
          },
  };
}

export interface RequestFacts {
  readonly status: number;
  readonly code: string | null;
  readonly seconds: number;
}

/** The request's line: at `error` for a 5xx, `info` otherwise. */
export function requestLine(request: FastifyRequest, reply: FastifyReply, facts: RequestFacts): void {
  const fields = {
    method: request.method,
    url: redactedUrl(request.url),
    route: request.routeOptions.url ?? null,
    game: gameOf(request),
    seat: seatOfRequest(request),
    status: facts.status,
    code: facts.code,
    ms: Math.round(facts.seconds * 1e6) / 1e3,
    ip: request.ip,
  };
  if (facts.status >= 500) reply.log.error(fields, 'request');
  else reply.log.info(fields, 'request');
}
