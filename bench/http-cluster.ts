// The HTTP bench's throwaway PostgreSQL cluster: initdb and pg_ctl as the postgres user (./pg-tools.ts), a Unix
// socket in its own directory and no TCP. Unlike the tests' cluster it is durable, as a server's would be: fsync
// and synchronous_commit on (PostgreSQL's defaults), so that every commit waits for its WAL flush.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { asClusterUser, clusterBin, postgresUser } from './pg-tools.js';

export interface Cluster {
  /** Its directory (data, socket, log), removed by stop(). */
  readonly dir: string;
  /** A connection URL over the socket, as user postgres. */
  readonly url: string;
  /** The settings that decide what a commit costs, as the server reports them. */
  readonly settings: Readonly<Record<string, string>>;
  /** Stops the cluster (immediate shutdown) and removes its directory; safe to call twice. */
  stop(): void;
}

/** A PostgreSQL program, or an error naming what is missing. */
export function program(name: string): string {
  const path = clusterBin(name);
  if (path === null) throw new Error(`no ${name} under /usr/lib/postgresql/*/bin: the HTTP bench needs PostgreSQL`);
  return path;
}

/** The settings the bench reports beside its figures. */
const REPORTED = [
  'server_version',
  'fsync',
  'synchronous_commit',
  'wal_sync_method',
  'shared_buffers',
  'max_connections',
] as const;

export async function startCluster(): Promise<Cluster> {
  const initdb = program('initdb');
  const pgCtl = program('pg_ctl');
  const dir = mkdtempSync(join(tmpdir(), 'awaw-bench-pg-'));
  chmodSync(dir, 0o755);
  const owner = postgresUser();
  if (owner !== null) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    if (existsSync(join(data, 'postmaster.pid'))) {
      spawnSync(...asClusterUser(pgCtl, ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '20']), {
        stdio: 'ignore',
        timeout: 30_000,
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const run = (path: string, args: readonly string[]): void => {
      execFileSync(...asClusterUser(path, args), { stdio: 'pipe', timeout: 120_000 });
    };
    // --no-sync: initdb's own files only; the running cluster syncs as any would.
    run(initdb, ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    appendFileSync(
      join(data, 'postgresql.conf'),
      [`listen_addresses = ''`, `unix_socket_directories = '${dir}'`, 'max_connections = 200', ''].join('\n'),
    );
    run(pgCtl, ['start', '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60']);
    const url = `postgresql://postgres@/postgres?host=${encodeURIComponent(dir)}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const settings: Record<string, string> = {};
      for (const name of REPORTED)
        settings[name] = (await client.query<Record<string, string>>(`SHOW ${name}`)).rows[0]?.[name] ?? '?';
      return { dir, url, settings, stop };
    } finally {
      await client.end();
    }
  } catch (error) {
    stop();
    throw error;
  }
}
