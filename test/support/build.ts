// For the tests that spawn the built CLI: builds dist/ when a source is newer than its output
// (`npm test` builds first; a bare `vitest` may not have).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function ensureBuilt(): void {
  const stale = (dir: string): boolean =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).some((entry) => {
      const rel = join(dir, entry.name);
      if (entry.isDirectory()) return stale(rel);
      if (!entry.name.endsWith('.ts')) return false;
      const out = join(ROOT, 'dist', rel.replace(/\.ts$/, '.js'));
      return !existsSync(out) || statSync(out).mtimeMs < statSync(join(ROOT, rel)).mtimeMs;
    });
  if (['src', 'events', 'machines'].some(stale)) {
    try {
      // The package's own build, as `npm ci` runs it (prepare): postbuild bundles the bin.
      execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
    } catch {
      // A type error elsewhere in the tree still emits JavaScript; the tests then say what is wrong.
    }
  }
}
