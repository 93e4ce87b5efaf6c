// The PostgreSQL suites' database: AWAW_PG_URL when given, else this run's throwaway cluster (./pg-cluster.ts),
// started by the first suite that asks for it: initdb and pg_ctl as the postgres user, a Unix socket in the run's
// directory and no TCP at all. Without PostgreSQL the suites are skipped with a loud notice, unless
// AWAW_REQUIRE_PG=1 (CI), where they fail instead.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { asClusterUser, clusterBin } from './pg-tools.js';

const givenUrl = (): string | undefined => {
  const url = process.env['AWAW_PG_URL'];
  return url === undefined || url === '' ? undefined : url;
};

/** Whether the PostgreSQL suites can run here: a database is named, or initdb is installed. */
export const pgAvailable = (): boolean => givenUrl() !== undefined || clusterBin('initdb') !== null;

/** `describe` for a PostgreSQL suite: skipped loudly where there is no PostgreSQL, failed under AWAW_REQUIRE_PG=1. */
export function describePg(name: string, body: () => void): void {
  if (pgAvailable()) {
    describe(name, body);
    return;
  }
  const missing = 'no AWAW_PG_URL and no /usr/lib/postgresql/*/bin/initdb on this machine';
  const notice = `PostgreSQL SUITE SKIPPED: ${name}: ${missing}`;
  if (process.env['AWAW_REQUIRE_PG'] === '1') {
    describe(name, () => {
      it('needs PostgreSQL (AWAW_REQUIRE_PG=1)', () => {
        throw new Error(notice);
      });
    });
    return;
  }
  console.warn(`\n${'!'.repeat(100)}\n!! ${notice}\n${'!'.repeat(100)}\n`);
  describe.skip(name, body);
}

const socketUrl = (dir: string): string => `postgresql://postgres@/postgres?host=${encodeURIComponent(dir)}`;

function startCluster(dir: string): void {
  const initdb = clusterBin('initdb');
  const pgCtl = clusterBin('pg_ctl');
  if (initdb === null || pgCtl === null) throw new Error('no initdb/pg_ctl under /usr/lib/postgresql/*/bin');
  const data = join(dir, 'data');
  const run = (program: string, args: readonly string[]): void => {
    execFileSync(...asClusterUser(program, args), { stdio: 'pipe', timeout: 60_000 });
  };
  run(initdb, ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // A Unix socket in the run's directory only, no TCP; durability is not needed for a throwaway cluster.
  appendFileSync(
    join(data, 'postgresql.conf'),
    [
      `listen_addresses = ''`,
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'max_connections = 200',
      '',
    ].join('\n'),
  );
  run(pgCtl, ['start', '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '30']);
}

/** The connection URL of the suites' database, starting this run's cluster when it is not running yet. */
export async function pgUrl(): Promise<string> {
  const url = givenUrl();
  if (url !== undefined) return url;
  const dir = inject('awawPgDir');
  if (dir === '') throw new Error('the PostgreSQL test setup (test/support/pg-cluster.ts) did not run');
  const ready = join(dir, 'ready');
  const failed = join(dir, 'failed');
  let starter = false;
  try {
    mkdirSync(join(dir, 'start.lock'));
    starter = true;
  } catch {
    // Another test file is starting it: wait below.
  }
  if (starter) {
    try {
      startCluster(dir);
      writeFileSync(ready, socketUrl(dir));
    } catch (error) {
      const detail =
        error instanceof Error
          ? `${error.message}\n${String((error as { stderr?: unknown }).stderr ?? '')}`
          : String(error);
      writeFileSync(failed, detail);
    }
  }
  for (let waited = 0; waited < 60_000; waited += 50) {
    if (existsSync(ready)) return readFileSync(ready, 'utf8');
    if (existsSync(failed))
      throw new Error(`the PostgreSQL test cluster did not start: ${readFileSync(failed, 'utf8')}`);
    await sleep(50);
  }
  throw new Error('the PostgreSQL test cluster did not start within 60 s');
}

let schemas = 0;

/** A schema name of its own for one store under test (several files share one database). */
export const freshSchemaName = (): string => `t${process.pid}_${Date.now().toString(36)}_${++schemas}`;

/** The rows a statement answers, on a connection of its own (opened and closed for it). */
export async function queryRows<R extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Drops the schemas made by a suite. */
export async function dropSchemas(url: string, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of names) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** For a PostgreSQL suite: the database's URL (after beforeAll) and fresh schemas, all dropped after the suite. */
export function usePgDatabase(): { readonly url: () => string; readonly schema: () => string } {
  let url = '';
  const names: string[] = [];
  beforeAll(async () => {
    url = await pgUrl();
  });
  afterAll(() => dropSchemas(url, names));
  return {
    url: () => url,
    schema: () => {
      const name = freshSchemaName();
      names.push(name);
      return name;
    },
  };
}
