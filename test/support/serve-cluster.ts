// Real `awaw-surrender serve` processes (the built CLI, dist/) on free ports, several on one store: what a load
// balancer would stand in front of. Each resolves once it prints "listening on …"; stop() ends them with SIGTERM
// and resolves with their exit codes.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { BIN } from './exec-process.js';
import { OPERATOR_TOKEN } from './operator.js';

export interface Served {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: string;
  /** With `--metrics-port`: where its metrics are served ("metrics on URL"); else null. */
  readonly metricsUrl: string | null;
  /** What the process wrote on standard error so far (its log lines; a crash's stack, say). */
  stderr(): string;
}

export interface ServeCluster {
  readonly processes: readonly Served[];
  readonly urls: readonly string[];
  /** SIGTERM to every process; their exit codes (null: killed by a signal). */
  stop(): Promise<(number | null)[]>;
}

const STARTUP_MS = 20_000;

/**
 * Starts `serve --store STORE --port 0 ARGS…` and resolves with its address once it is listening (and, with
 * `--metrics-port`, once it has said where its metrics are). The operator token is the tests' own
 * (../support/operator.ts), in AWAW_OPERATOR_TOKEN, unless ARGS give `--open` or `--operator-token-file`; `env`
 * sets (or, with undefined, removes) other variables.
 */
export function serve(
  store: string,
  args: readonly string[] = [],
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<Served> {
  const own = args.includes('--open') || args.includes('--operator-token-file');
  const merged: Record<string, string | undefined> = {
    ...process.env,
    AWAW_OPERATOR_TOKEN: own ? undefined : OPERATOR_TOKEN,
    ...env,
  };
  const childEnv = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
  const child = spawn(process.execPath, [BIN, 'serve', '--store', store, '--port', '0', ...args], {
    stdio: 'pipe',
    env: childEnv,
  });
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start within ${STARTUP_MS} ms: ${out}${err}`));
    }, STARTUP_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /^listening on (http:\/\/[^ ]+) \((?:directory|postgres) store\)$/m.exec(out);
      const metrics = /^metrics on (http:\/\/\S+)$/m.exec(out);
      if (match !== null && (metrics !== null || !args.includes('--metrics-port'))) {
        clearTimeout(timer);
        resolve({ child, url: match[1] as string, metricsUrl: metrics?.[1] ?? null, stderr: () => err });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited ${String(code)}: ${out}${err}`));
    });
  });
}

/** SIGTERM, then the exit code; SIGKILL after 15 s (then null). */
export function stopServed(served: Served): Promise<number | null> {
  if (served.child.exitCode !== null) return Promise.resolve(served.child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => served.child.kill('SIGKILL'), 15_000);
    served.child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    served.child.kill('SIGTERM');
  });
}

/** `count` serve processes on one store (a directory, or a database URL with `--schema` among `args`). */
export async function startServeCluster(
  count: number,
  store: string,
  args: readonly string[] = [],
): Promise<ServeCluster> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => serve(store, args)));
  const processes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure !== undefined) {
    await Promise.all(processes.map(stopServed));
    throw failure.reason;
  }
  return { processes, urls: processes.map((p) => p.url), stop: () => Promise.all(processes.map(stopServed)) };
}
