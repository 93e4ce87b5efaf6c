// A proxy in front of the test database, for the tests of a lost connection: a Unix socket of its own that forwards
// each connection to the database, until `cut()` ends them all at once (the client sees its connection end without
// a word from the server) or `stop()` also stops listening (a new connection finds no server). `dropReplyTo(pattern)`
// lets the next query that matches reach the database, keeps the database's whole reply from the client and then
// ends that connection: the commit happened, and the client never hears of it. `holdFrom(name)` keeps from the
// database everything a connection that named itself `name` at startup (application_name) sends from then on: what
// the client sent never arrives, and the client waits for an answer that never comes.
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgProxy {
  /** The database's URL, through the proxy. */
  readonly url: string;
  cut(): void;
  /**
   * Arms the proxy: the next simple query whose text matches is sent on, its reply (up to ReadyForQuery) dropped and
   * its connection ended. Resolves once that is done: the database has answered the query, the client knows nothing.
   */
  dropReplyTo(pattern: RegExp): Promise<void>;
  /**
   * Arms the proxy: from the next message on that a connection with this application_name sends after its startup,
   * nothing it sends reaches the database. Resolves once the first message is held.
   */
  holdFrom(applicationName: string): Promise<void>;
  stop(): Promise<void>;
}

/** The application_name of a startup message's body (protocol version, then name and value pairs), if any. */
function applicationName(body: Buffer): string | null {
  if (body.length < 4 || body.readUInt32BE(0) !== 196608) return null;
  const fields = body.toString('utf8', 4).split('\0');
  const at = fields.indexOf('application_name');
  return at >= 0 && at % 2 === 0 ? (fields[at + 1] ?? null) : null;
}

/**
 * The messages of one direction of the protocol, whole: a type byte and a length (the length includes itself),
 * except the client's first (startup, SSL or GSS request: no type byte, until the startup message proper).
 */
class Frames {
  #buffer = Buffer.alloc(0);
  #untyped: boolean;

  constructor(untyped: boolean) {
    this.#untyped = untyped;
  }

  /** The whole messages `chunk` completes: their type ('' for untyped) and body. */
  push(chunk: Buffer): { type: string; body: Buffer }[] {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    const out: { type: string; body: Buffer }[] = [];
    for (;;) {
      const head = this.#untyped ? 0 : 1;
      if (this.#buffer.length < head + 4) return out;
      const length = this.#buffer.readUInt32BE(head);
      if (this.#buffer.length < head + length) return out;
      const body = this.#buffer.subarray(head + 4, head + length);
      const type = this.#untyped ? '' : String.fromCharCode(this.#buffer[0] ?? 0);
      // An SSL or GSS encryption request (codes 80877103, 80877104) is followed by another untyped message.
      if (this.#untyped) this.#untyped = [80877103, 80877104].includes(body.readUInt32BE(0));
      out.push({ type, body });
      this.#buffer = this.#buffer.subarray(head + length);
    }
  }
}

/** A libpq URL's parts (a WHATWG URL refuses `postgresql://user@/db`, which has no host). */
const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^@/?]*@)?([^/?]*)(\/[^?]*)?(?:\?(.*))?$/;

interface Target {
  readonly socket: { readonly path: string } | { readonly host: string; readonly port: number };
  /** The same URL with the proxy's socket directory as its host. */
  readonly through: (dir: string) => string;
}

/** Where the database of `url` listens: its Unix socket (`?host=/dir`) or its TCP address. */
function targetOf(url: string): Target {
  const parts = URL_PARTS.exec(url);
  if (parts === null) throw new Error(`not a PostgreSQL URL: ${url}`);
  const [, scheme = '', user = '', address = '', path = '', query = ''] = parts;
  const params = new URLSearchParams(query);
  const [name = '', portText = ''] = address.split(':');
  const port = Number(params.get('port') ?? (portText === '' ? 5432 : portText));
  const host = params.get('host') ?? decodeURIComponent(name);
  const socket = host.startsWith('/')
    ? { path: join(host, `.s.PGSQL.${port}`) }
    : { host: host === '' ? 'localhost' : host, port };
  return {
    socket,
    through: (dir) => {
      params.delete('port');
      params.set('host', dir);
      return `${scheme}${user}${path}?${params.toString()}`;
    },
  };
}

export async function pgProxy(databaseUrl: string): Promise<PgProxy> {
  const target = targetOf(databaseUrl);
  const dir = await mkdtemp(join(tmpdir(), 'awaw-pg-proxy-'));
  const sockets = new Set<Socket>();
  let armed: { readonly pattern: RegExp; readonly done: () => void } | null = null;
  let holding: { readonly name: string; readonly done: () => void } | null = null;
  const server = createServer((client) => {
    const database = createConnection(target.socket);
    for (const socket of [client, database]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    const fromClient = new Frames(true);
    const fromDatabase = new Frames(false);
    // Set once this connection's query matched: the database's messages are dropped up to ReadyForQuery.
    let dropping: (() => void) | null = null;
    let name: string | null = null;
    let held = false;
    client.on('data', (chunk: Buffer) => {
      const frames = fromClient.push(chunk);
      for (const { type, body } of frames) {
        if (type === '') name ??= applicationName(body);
        if (type !== 'Q' || armed === null || !armed.pattern.test(body.toString('utf8', 0, body.length - 1))) continue;
        dropping = armed.done;
        armed = null;
      }
      if (!held && holding !== null && holding.name === name && frames.some((frame) => frame.type !== '')) {
        held = true;
        holding.done();
        holding = null;
      }
      if (!held) database.write(chunk);
    });
    database.on('data', (chunk: Buffer) => {
      const frames = fromDatabase.push(chunk);
      if (dropping === null) {
        client.write(chunk);
        return;
      }
      if (!frames.some((frame) => frame.type === 'Z')) return;
      const done = dropping;
      dropping = null;
      client.destroy();
      database.destroy();
      done();
    });
  });
  await new Promise<void>((resolve) => server.listen(join(dir, '.s.PGSQL.5432'), resolve));
  const cut = (): void => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: target.through(dir),
    cut,
    dropReplyTo: (pattern) =>
      new Promise<void>((resolve) => {
        armed = { pattern, done: resolve };
      }),
    holdFrom: (applicationName) =>
      new Promise<void>((resolve) => {
        holding = { name: applicationName, done: resolve };
      }),
    stop: async () => {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
