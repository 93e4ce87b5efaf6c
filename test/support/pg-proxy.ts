// A proxy in front of the test database, for the tests of a lost connection: a Unix socket of its own that forwards
// each connection to the database, until `cut()` ends them all at once (the client sees its connection end without
// a word from the server) or `stop()` also stops listening (a new connection finds no server).
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgProxy {
  /** The database's URL, through the proxy. */
  readonly url: string;
  cut(): void;
  stop(): Promise<void>;
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
  const server = createServer((client) => {
    const database = createConnection(target.socket);
    for (const socket of [client, database]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(database);
    database.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(join(dir, '.s.PGSQL.5432'), resolve));
  const cut = (): void => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: target.through(dir),
    cut,
    stop: async () => {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
