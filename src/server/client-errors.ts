// Requests Node's HTTP parser refuses before any route sees them (a garbage request line, a bad Content-Length,
// headers too large) and requests not received in time: answered in the server's one error shape, then the
// connection is closed. Node reports them as the server's `clientError`, where Fastify's own handler would answer
// `{error, message, statusCode}`.
import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { refusal, type HttpFailure } from './http-errors.js';
import type { ResolvedLimits } from './limits.js';

/** Node's error for a refused request: its code (`HPE_INVALID_METHOD`, `ERR_HTTP_REQUEST_TIMEOUT`) and reason. */
interface ClientError extends Error {
  readonly code?: string;
  readonly reason?: string;
}

function failureOf(error: ClientError, limits: ResolvedLimits): HttpFailure {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return refusal(
        'request-timeout',
        'http',
        `$: the request did not come in time (its headers within ${limits.headersTimeout} ms, all of it within ` +
          `${limits.requestTimeout} ms)`,
      );
    case 'HPE_HEADER_OVERFLOW':
      return refusal(
        'headers-too-large',
        'http',
        `$: the request's headers are larger than this server takes (${maxHeaderSize} bytes)`,
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return refusal('too-large', 'http', "$: the request body's chunk extensions are larger than this server takes");
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return refusal('bad-request', 'http', 'Content-Length: not a valid length of the body');
    default: {
      const reason = error.reason ?? error.message;
      return refusal('bad-request', 'http', `$: not a valid HTTP/1.1 request: ${reason} (${error.code ?? 'unknown'})`);
    }
  }
}

/** The raw response: nothing of the request (its URL, its headers) is echoed. */
function responseText(failure: HttpFailure): string {
  const body = JSON.stringify(failure.body);
  return (
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status] ?? ''}\r\n` +
    'content-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    'connection: close\r\n\r\n' +
    body
  );
}

/** Whether a response has begun on the connection already (then nothing more can be written before closing it). */
const answering = (socket: Duplex): boolean =>
  (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;

/**
 * Fastify's `clientErrorHandler`: answers, logs one line (`client error`: status, code, Node's code, the client's
 * address) and closes the connection. A connection the client reset, or already closed, gets nothing.
 */
export function clientErrors(
  limits: ResolvedLimits,
  log: () => FastifyBaseLogger,
  counted: (status: number) => void,
): (error: ClientError, socket: Duplex) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const failure = failureOf(error, limits);
    counted(failure.status);
    log().info(
      {
        status: failure.status,
        code: failure.body.rejection.code,
        cause: error.code ?? null,
        ip: (socket as Duplex & { remoteAddress?: string }).remoteAddress ?? null,
      },
      'client error',
    );
    if (socket.writable && !answering(socket)) socket.write(responseText(failure));
    socket.destroy();
  };
}
