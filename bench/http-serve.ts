// `awaw-surrender serve` processes for the HTTP bench, each on the bench's cluster, and stopping them: SIGTERM
// (the server closes its store and, under --cpu-prof, writes its profile), then SIGKILL if it lingers.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';

/** The operator token of this bench run's serve processes (AWAW_OPERATOR_TOKEN): it creates the bench's games. */
export const BENCH_OPERATOR_TOKEN = randomBytes(32).toString('base64url');

/** The serve processes running now: killed at once if the bench itself is interrupted (killServesNow). */
const running = new Set<ChildProcess>();

export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcess;
}

export interface ServeOptions {
  readonly cli: string;
  readonly store: string;
  readonly schema: string;
  /** A directory for `node --cpu-prof` profiles of the serve processes, or null. */
  readonly cpuProfDir: string | null;
}

/** Starts one serve process on a free port; resolves with its address once it prints "listening on …". */
export function startServe(options: ServeOptions): Promise<ServeProcess> {
  const profile = options.cpuProfDir === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`];
  // The bench's clients send far more than the default 600 requests a minute per seat.
  const args = [
    ...profile,
    options.cli,
    'serve',
    '--store',
    options.store,
    '--schema',
    options.schema,
    '--port',
    '0',
    '--rate-limit',
    '1000000',
  ];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, AWAW_OPERATOR_TOKEN: BENCH_OPERATOR_TOKEN },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = `${stderr}${text}`.slice(-4000);
  });
  return new Promise<ServeProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start within 30 s: ${stderr}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited ${String(code)} before listening: ${stderr}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening on (http:\/\/\S+)/.exec(line);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve({ url: match[1], child });
    });
  });
}

/** Stops the processes: SIGTERM, and SIGKILL for any still running after 10 s. */
export async function stopServes(processes: readonly ServeProcess[]): Promise<void> {
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** SIGKILL to every serve process still running (the bench was interrupted: no time to wait). */
export function killServesNow(): void {
  for (const child of running) child.kill('SIGKILL');
}
