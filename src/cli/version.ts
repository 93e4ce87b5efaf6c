// `awaw-surrender --version`: the package's version. scripts/bundle.mjs writes it into the bundled command;
// the unbundled modules read it from the package.json above them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

declare const AWAW_SURRENDER_VERSION: string | undefined;

export function packageVersion(): string {
  if (typeof AWAW_SURRENDER_VERSION === 'string') return AWAW_SURRENDER_VERSION;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (
        typeof pkg === 'object' &&
        pkg !== null &&
        'name' in pkg &&
        pkg.name === 'awaw-surrender' &&
        'version' in pkg &&
        typeof pkg.version === 'string'
      )
        return pkg.version;
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}
