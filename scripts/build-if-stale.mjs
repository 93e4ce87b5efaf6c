// `npm start`'s prestart: builds only when dist/ was not built from the sources as they are now, that is when its
// stamp (./build-stamp.mjs) is missing or no longer the hash of the build's inputs. The build is `npm run build`,
// or the command in AWAW_BUILD_COMMAND (for a test, which runs no real build).
import { spawnSync } from 'node:child_process';
import { inputsHash, stampOf } from './build-stamp.mjs';

const root = process.cwd();
const stamp = stampOf(root);
if (stamp !== null && stamp === inputsHash(root)) {
  process.stderr.write('dist/ is built from the sources as they are: no build\n');
} else {
  process.stderr.write(
    `${stamp === null ? 'dist/ has no build stamp' : 'the sources changed since the build'}: building\n`,
  );
  const command = process.env.AWAW_BUILD_COMMAND ?? 'npm run build';
  const build = spawnSync(command, { cwd: root, shell: true, stdio: 'inherit' });
  process.exitCode = build.status ?? 1;
}
