// The HTTP bench's client: one keep-alive connection, one request at a time, written as one string on a raw
// socket and its answer read by Content-Length. The load generator shares the machine's cores with the server
// and PostgreSQL, as pgbench does with PostgreSQL for the floor: Node's HTTP client cost some 0.3 ms of CPU a
// request here, this one a fraction of it, so that what the bench measures is the server.
import { connect, type Socket } from 'node:net';

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

interface Waiting {
  readonly resolve: (answer: Answer) => void;
  readonly reject: (error: Error) => void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** The status and the Content-Length of a response head, or an error naming what the bench client cannot read. */
export function parseHead(head: string): { readonly status: number; readonly length: number } {
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(head);
  if (status?.[1] === undefined) throw new Error(`not an HTTP/1.1 response: ${JSON.stringify(head.slice(0, 80))}`);
  if (/\r\ntransfer-encoding:/i.test(head))
    throw new Error('a chunked response: the bench client reads answers by Content-Length only');
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  return { status: Number(status[1]), length: length?.[1] === undefined ? 0 : Number(length[1]) };
}

export class BenchConnection {
  readonly #socket: Socket;
  readonly #host: string;
  #buffer: Buffer = Buffer.alloc(0);
  #waiting: Waiting | null = null;
  #failed: Error | null = null;

  private constructor(socket: Socket, host: string) {
    this.#socket = socket;
    this.#host = host;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    const fail = (error: Error): void => {
      this.#failed = error;
      this.#waiting?.reject(error);
      this.#waiting = null;
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the server closed the connection')));
  }

  static open(base: string): Promise<BenchConnection> {
    const url = new URL(base);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.removeListener('error', reject);
        resolve(new BenchConnection(socket, url.host));
      });
      socket.once('error', reject);
    });
  }

  /** Sends one request and resolves with its status and JSON body (null when empty), whatever the status. */
  send(method: string, path: string, headers: Readonly<Record<string, string>>, payload?: unknown): Promise<Answer> {
    if (this.#failed !== null) return Promise.reject(this.#failed);
    if (this.#waiting !== null) return Promise.reject(new Error('one request at a time on a bench connection'));
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.#host}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (payload !== undefined)
      head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    return new Promise<Answer>((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#socket.write(`${head}\r\n${body}`);
    });
  }

  #read(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const end = this.#buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const waiting = this.#waiting;
    try {
      const { status, length } = parseHead(this.#buffer.subarray(0, end).toString('latin1'));
      const start = end + HEADER_END.length;
      if (this.#buffer.length < start + length) return;
      const text = this.#buffer.subarray(start, start + length).toString('utf8');
      this.#buffer = this.#buffer.subarray(start + length);
      this.#waiting = null;
      waiting?.resolve({ status, body: text === '' ? null : (JSON.parse(text) as unknown) });
    } catch (error) {
      this.#waiting = null;
      waiting?.reject(error instanceof Error ? error : new Error(String(error)));
      this.#socket.destroy();
    }
  }

  close(): void {
    this.#socket.destroy();
  }
}
