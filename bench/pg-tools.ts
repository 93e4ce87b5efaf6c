// The machine's PostgreSQL binaries and the user that runs them: shared by the bench's cluster (./http-cluster.ts)
// and the tests' (test/support/pg-cluster.ts, pg.ts, which import it through test/support/pg-tools.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A PostgreSQL program of the newest version installed under /usr/lib/postgresql/N/bin (or $AWAW_PG_BIN_ROOT/N/bin), or
 * null.
 */
export function clusterBin(program: string): string | null {
  const ROOT = process.env['AWAW_PG_BIN_ROOT'] ?? '/usr/lib/postgresql';
  if (!existsSync(ROOT)) return null;
  const versions = readdirSync(ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const path = join(ROOT, version, 'bin', program);
    if (existsSync(path)) return path;
  }
  return null;
}

/** The postgres system user, when this process runs as root (PostgreSQL refuses to run as root). */
export function postgresUser(): { readonly uid: number; readonly gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error('running as root, but there is no postgres system user to run the PostgreSQL test cluster as');
  }
}

/** The command line running `program` as the cluster's user: `runuser -u postgres --` when root. */
export function asClusterUser(program: string, args: readonly string[]): [string, string[]] {
  return postgresUser() === null ? [program, [...args]] : ['runuser', ['-u', 'postgres', '--', program, ...args]];
}
