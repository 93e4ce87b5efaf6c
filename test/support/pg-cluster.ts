// vitest globalSetup: a throwaway PostgreSQL cluster for the PostgreSQL suites, when no AWAW_PG_URL is given.
// Only a directory is made here (cheap); the first suite that needs the cluster starts it (./pg.ts), once per
// run, and the teardown below stops it and removes the directory whether the tests passed or failed.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { asClusterUser, clusterBin, postgresUser } from './pg-tools.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory of this run's throwaway cluster ('' when AWAW_PG_URL names a database instead). */
    awawPgDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  if (process.env['AWAW_PG_URL'] !== undefined && process.env['AWAW_PG_URL'] !== '') {
    project.provide('awawPgDir', '');
    return () => undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'awaw-pg-'));
  // The cluster runs as the postgres user (PostgreSQL refuses root), which must reach the directory.
  chmodSync(dir, 0o755);
  const owner = postgresUser();
  if (owner !== null) chownSync(dir, owner.uid, owner.gid);
  project.provide('awawPgDir', dir);
  return () => {
    const data = join(dir, 'data');
    const pgCtl = clusterBin('pg_ctl');
    if (pgCtl !== null && existsSync(join(data, 'postmaster.pid'))) {
      spawnSync(...asClusterUser(pgCtl, ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '10']), {
        stdio: 'ignore',
        timeout: 15_000,
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
