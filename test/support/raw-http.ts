// HTTP over a bare TCP socket, for what no HTTP client sends: a garbage request line, a bad Content-Length, a body
// that stops after one byte. `exchange` writes the bytes, sends nothing more, and resolves with all the server
// wrote once it closes the connection (rejecting after 20 s without that, so that a test fails rather than hangs).
import { connect, type Socket } from 'node:net';

export interface RawReply {
  /** Everything the server wrote, as latin1 text ('' when it closed without a word). */
  readonly text: string;
  /** Milliseconds from the connection's opening to its close. */
  readonly ms: number;
}

export interface ParsedReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

const GUARD_MS = 20_000;

/** The host and port of `http://host:port`. */
export function addressOf(url: string): { readonly host: string; readonly port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
}

/** Opens a connection and writes `data` to it; `closed` resolves with the reply once the server closes it. */
export function openRaw(
  url: string,
  data: string | Buffer,
): { readonly socket: Socket; readonly closed: Promise<RawReply> } {
  const { host, port } = addressOf(url);
  const started = performance.now();
  const socket = connect(port, host);
  const chunks: Buffer[] = [];
  const closed = new Promise<RawReply>((resolve, reject) => {
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server did not close the connection within ${GUARD_MS} ms`));
    }, GUARD_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ text: Buffer.concat(chunks).toString('latin1'), ms: performance.now() - started });
    });
  });
  socket.on('connect', () => socket.write(data));
  return { socket, closed };
}

export const exchange = (url: string, data: string | Buffer): Promise<RawReply> => openRaw(url, data).closed;

/** A reply's status, headers (lower-cased names) and JSON body. */
export function parseReply(text: string): ParsedReply {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const raw = text.slice(end + 4);
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw === '' ? null : (JSON.parse(raw) as unknown) };
}
