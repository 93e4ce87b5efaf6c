// An `awaw-surrender exec` process of the built CLI (dist/awaw-surrender.cjs), driven line by line as a host
// would drive it: `send` writes one request line, `next` resolves with the next response line, parsed.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import type { OriginEvent } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { ROOT } from './build.js';

export const BIN = join(ROOT, 'dist/awaw-surrender.cjs');

export interface ExecProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Writes one line (a request object is written as JSON). */
  send(request: unknown): void;
  /** The next response line, parsed (rejects after `timeoutMs` without one). */
  next(timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Sends a request and waits for its response. */
  ask(request: unknown): Promise<Record<string, unknown>>;
  /** Resolves once the process has exited: its code, signal and what it wrote to standard error. */
  exited(): Promise<{
    readonly code: number | null;
    readonly signal: NodeJS.Signals | null;
    readonly stderr: string;
    readonly rest: string;
  }>;
}

export function startExec(args: readonly string[]): ExecProcess {
  const child = spawn(process.execPath, [BIN, 'exec', ...args], { stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  const waiting: ((line: string) => void)[] = [];
  const lines: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (let at = stdout.indexOf('\n'); at >= 0; at = stdout.indexOf('\n')) {
      const line = stdout.slice(0, at);
      stdout = stdout.slice(at + 1);
      const waiter = waiting.shift();
      if (waiter === undefined) lines.push(line);
      else waiter(line);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const next = (timeoutMs = 20_000): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const parse = (line: string) => resolve(JSON.parse(line) as Record<string, unknown>);
      const ready = lines.shift();
      if (ready !== undefined) return parse(ready);
      const timer = setTimeout(
        () => reject(new Error(`no response within ${timeoutMs} ms; stderr: ${stderr}`)),
        timeoutMs,
      );
      waiting.push((line) => {
        clearTimeout(timer);
        parse(line);
      });
    });
  const send = (request: unknown): void => {
    child.stdin.write(`${typeof request === 'string' ? request : JSON.stringify(request)}\n`);
  };
  return {
    child,
    send,
    next,
    ask: (request) => {
      send(request);
      return next();
    },
    exited: async () => {
      const { code, signal } = await exit;
      // Close has flushed stdout: what was never asked for with next().
      await new Promise((resolve) =>
        child.stdout.readableEnded ? resolve(undefined) : child.stdout.on('end', resolve),
      );
      return { code, signal, stderr, rest: [...lines, stdout].filter((l) => l !== '').join('\n') };
    },
  };
}

export const SEA_LION = 'sea-lion-1941';
export const seaLionScript = seaLion1941().events;
/** The example's acceptance of the British offer of Summer 1941 (59.23), and its index in the script. */
export const ACCEPT = seaLionScript.findIndex((e) => e.type === 'britain.offer-accepted');
export const acceptOffer = seaLionScript[ACCEPT] as OriginEvent;

/** A new log at `path` holding the Sea Lion example's first `count` commands, then a start of each game in `others`. */
export async function seaLionLog(
  path: string,
  count: number,
  others: readonly string[] = [],
): Promise<{ path: string; version: number }> {
  const engine = await SurrenderEngine.open(
    await JsonlFileStore.open(path, { create: true, source: deterministicSource(SEA_LION) }),
  );
  for (const command of seaLionScript.slice(0, count))
    if (!(await engine.execute(SEA_LION, command)).ok) throw new Error('script refused');
  for (const game of others)
    if (!(await engine.execute(game, seaLionScript[0] as OriginEvent)).ok) throw new Error('start refused');
  const { version } = engine;
  await engine.close();
  return { path, version };
}
