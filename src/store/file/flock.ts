// flock(2) from fs-ext, a native module: imported by ./lock-wait.ts on the first lock only, so that the commands
// that never lock a log do not load it.
export { flock, flockSync } from 'fs-ext';
