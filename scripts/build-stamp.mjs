// The build's stamp, dist/.build-stamp: the SHA-256 of what the build reads (the code of src/, machines/, events/,
// bench/ and scripts/, package.json, package-lock.json, tsconfig*.json), taken before the build starts. `npm start`
// builds only when it no longer matches (./build-if-stale.mjs), so that a start right after `npm ci`, whose
// `prepare` built, builds no second time.
//
//   node scripts/build-stamp.mjs begin   (prebuild) the stamp removed, the inputs' hash set aside
//   node scripts/build-stamp.mjs end     (postbuild, once the bundle is written) that hash made the stamp
//
// A build that fails leaves no stamp: the next start builds. Paths are the project root's (npm's working directory).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP = join('dist', '.build-stamp');
const NEXT = join('dist', '.build-stamp.next');
/** The folders whose code the build compiles or runs, and the files that say how. */
const FOLDERS = ['src', 'machines', 'events', 'bench', 'scripts'];
const FILES = /^(package\.json|package-lock\.json|tsconfig[^/]*\.json)$/;
/** Code, not the data beside it (bench/results.json changes with every bench run, and no build reads it). */
const CODE = /\.(ts|mts|cts|js|mjs|cjs)$/;

function* codeFiles(root, dir) {
  const path = join(root, dir);
  if (!existsSync(path)) return;
  const entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const rel = join(dir, entry.name);
    if (entry.isDirectory()) yield* codeFiles(root, rel);
    else if (entry.isFile() && CODE.test(entry.name)) yield rel;
  }
}

/** The hash of the build's inputs under `root`: each file's path and bytes, in a fixed order. */
export function inputsHash(root) {
  const top = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && FILES.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const hash = createHash('sha256');
  for (const rel of [...top, ...FOLDERS.flatMap((dir) => [...codeFiles(root, dir)])]) {
    hash.update(`${rel.split(sep).join('/')}\0`);
    hash.update(readFileSync(join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The stamp's hash, or null when there is none. */
export function stampOf(root) {
  const path = join(root, STAMP);
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const step = process.argv[2];
  if (step === 'begin') {
    rmSync(join(root, STAMP), { force: true });
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, NEXT), `${inputsHash(root)}\n`);
  } else if (step === 'end') {
    // A build run without its prebuild step (tsc by hand, then the bundle) has no hash set aside: no stamp.
    if (existsSync(join(root, NEXT))) renameSync(join(root, NEXT), join(root, STAMP));
  } else {
    process.stderr.write('usage: node scripts/build-stamp.mjs begin|end\n');
    process.exitCode = 2;
  }
}
